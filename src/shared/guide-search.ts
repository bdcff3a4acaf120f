import { SERVICE_CITY_SLUGS, type ServiceCitySlug } from './cities';
import { isCalendarDate } from './availability';
import { GUIDE_SORTS, SEARCH_LANGUAGES, type GuideSort, type SearchLanguage } from './price-range';
import { MAX_BOOKING_DAYS } from './booking/tour-days';
import { agesOf, type GuideSearchParams } from './guide-search-query';

/** The largest band end a search takes: the most a price may be, in yen (currency.ts MAX_PRICE). */
export const MAX_PRICE_BAND = 20_000_000;

const int = (v: string | null, min: number, max: number): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
};

export function parseSearchParams(sp: URLSearchParams): GuideSearchParams {
  const city = sp.get('city');
  const language = sp.get('language');
  const date = sp.get('date');
  const sort = sp.get('sort');
  let minPrice = int(sp.get('minPrice'), 0, MAX_PRICE_BAND);
  let maxPrice = int(sp.get('maxPrice'), 0, MAX_PRICE_BAND);
  const currency = sp.get('currency');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const travelers = int(sp.get('travelers'), 1, 100);
  const ages = agesOf(travelers, int(sp.get('children'), 0, 99), int(sp.get('infants'), 0, 99));
  return {
    city: (SERVICE_CITY_SLUGS as readonly string[]).includes(city ?? '') ? (city as ServiceCitySlug) : undefined,
    language: (SEARCH_LANGUAGES as readonly string[]).includes(language ?? '')
      ? (language as SearchLanguage)
      : undefined,
    services: [
      ...new Set(
        sp
          .getAll('services')
          .flatMap((s) => s.split(','))
          .map((s) => int(s, 1, 2_147_483_647))
          .filter((n): n is number => n !== undefined),
      ),
    ],
    date: date && isCalendarDate(date) ? date : undefined,
    travelers,
    ...ages,
    ...lengthOf(sp),
    minPrice,
    maxPrice,
    ...(currency === 'CNY' || currency === 'JPY' ? { currency } : {}),
    page: int(sp.get('page'), 1, 10_000) ?? 1,
    sort: (GUIDE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as GuideSort) : 'recommended',
    ...(sp.get('licensed') === 'true' ? { licensed: true } : {}),
    ...(sp.get('instantBook') === 'true' ? { instantBook: true } : {}),
  };
}

/** The query string for /search, in a stable order; defaults are left out. */
export function toSearchString(p: Partial<GuideSearchParams>): string {
  const sp = new URLSearchParams();
  if (p.city) sp.set('city', p.city);
  if (p.language) sp.set('language', p.language);
  for (const s of p.services ?? []) sp.append('services', String(s));
  if (p.date) sp.set('date', p.date);
  if (p.travelers !== undefined) sp.set('travelers', String(p.travelers));
  if (p.travelers !== undefined && p.children) sp.set('children', String(p.children));
  if (p.travelers !== undefined && p.infants) sp.set('infants', String(p.infants));
  if (p.days !== undefined) sp.set('days', String(p.days));
  if (p.hours !== undefined) sp.set('hours', String(p.hours));
  if (p.minPrice !== undefined) sp.set('minPrice', String(p.minPrice));
  if (p.maxPrice !== undefined) sp.set('maxPrice', String(p.maxPrice));
  // A band in yuan, the API's default, is written as it always was.
  if (p.currency && p.currency !== 'CNY') sp.set('currency', p.currency);
  if (p.licensed) sp.set('licensed', 'true');
  if (p.instantBook) sp.set('instantBook', 'true');
  if (p.sort && p.sort !== 'recommended') sp.set('sort', p.sort);
  if (p.page && p.page > 1) sp.set('page', String(p.page));
  return sp.toString();
}

/** Hours on the half-hour grid the API accepts (0.5–24), or undefined. */
export const hoursParam = (v: string | null): number | undefined => {
  const n = v === null || v === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0.5 && n <= 24 && (n * 2) % 1 === 0 ? n : undefined;
};

/** The trip's days (1–7) and hours (decision 176), each when it parses. */
function lengthOf(sp: URLSearchParams): Pick<GuideSearchParams, 'days' | 'hours'> {
  const days = int(sp.get('days'), 1, MAX_BOOKING_DAYS);
  const hours = hoursParam(sp.get('hours'));
  return { ...(days !== undefined && { days }), ...(hours !== undefined && { hours }) };
}

/**
 * The filters a search can be narrowed by, beyond its city (the destination, not a filter): the ones
 * an empty result names and offers to clear one by one (decision 104). `price` is the band, both ends.
 */
export const SEARCH_FILTERS = [
  'date',
  'travelers',
  'language',
  'services',
  'price',
  'licensed',
  'instantBook',
] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

type Filterable = Partial<
  Pick<
    GuideSearchParams,
    | 'language'
    | 'services'
    | 'date'
    | 'travelers'
    | 'children'
    | 'infants'
    | 'minPrice'
    | 'maxPrice'
    | 'licensed'
    | 'instantBook'
  >
>;

/** Whether a search (the /search state, or the API's query) is narrowed by `filter`. */
export function hasSearchFilter(p: Filterable, filter: SearchFilter): boolean {
  switch (filter) {
    case 'services':
      return (p.services?.length ?? 0) > 0;
    case 'price':
      return p.minPrice !== undefined || p.maxPrice !== undefined;
    case 'licensed':
      return p.licensed === true;
    case 'instantBook':
      return p.instantBook === true;
    default:
      return p[filter] !== undefined;
  }
}

/** The filters narrowing a search, in SEARCH_FILTERS' order. */
export const activeSearchFilters = (p: Filterable): SearchFilter[] =>
  SEARCH_FILTERS.filter((f) => hasSearchFilter(p, f));

/** The same search without one filter (and from its first page). */
export function withoutSearchFilter<T extends Filterable & { page?: number }>(p: T, filter: SearchFilter): T {
  const next: T = { ...p, ...(p.page !== undefined && { page: 1 }) };
  if (filter === 'services') next.services = [];
  else if (filter === 'price') {
    next.minPrice = undefined;
    next.maxPrice = undefined;
  } else next[filter] = undefined;
  // The ages are part of the group: without it, none is left.
  if (filter === 'travelers' && 'children' in next) next.children = undefined;
  if (filter === 'travelers' && 'infants' in next) next.infants = undefined;
  return next;
}
