import type { ServiceCitySlug } from './cities';
import type { Currency } from './currency';
import type { GuideSort, SearchLanguage } from './price-range';

/**
 * The /search state as `GET /api/v2/guides` asks it, apart from the page's own URL reading and
 * writing (guide-search.ts): the landing page's guides ask the API through it, and its first download
 * carries this and not the rest (bench/landing-size.ts, decision 176).
 */

/**
 * The /search query string (city, language, services repeated, date yyyy-mm-dd, travelers,
 * children, infants, days, hours, minPrice, maxPrice) plus page and sort, read leniently: a value that does not parse
 * is dropped, so a hand-edited URL still shows results instead of an error.
 */
export interface GuideSearchParams {
  city?: ServiceCitySlug;
  language?: SearchLanguage;
  services: number[];
  date?: string;
  travelers?: number;
  /**
   * Of the travelers, children 3–11 and infants under 3 (the rest are adults): the cards price the group by age
   * (decision 152).
   */
  children?: number;
  infants?: number;
  /** The trip's length (decision 176): consecutive days from `date`, or hours (with days, each day's). */
  days?: number;
  hours?: number;
  minPrice?: number;
  maxPrice?: number;
  /** The band's currency (decision 168): whole yuan (also when absent, as links before it) or yen. */
  currency?: Currency;
  page: number;
  sort: GuideSort;
  /** Only guides with a verified licence (decision 092). */
  licensed?: boolean;
  /** Only guides who confirm a paid booking at once (decision 153). */
  instantBook?: boolean;
  /** The reader's currency the cards price the group in (decision 176): the reader's own, never in the URL. */
  chargeCurrency?: Currency;
}

/**
 * Children and infants among `travelers`, kept only when at least one adult is left (a hand-edited
 * URL that cannot be a group drops its ages and is searched by the count alone).
 */
export function agesOf(
  travelers: number | undefined,
  children = 0,
  infants = 0,
): Pick<GuideSearchParams, 'children' | 'infants'> {
  if (travelers === undefined || children + infants === 0 || children + infants >= travelers) return {};
  return { ...(children ? { children } : {}), ...(infants ? { infants } : {}) };
}

/**
 * The group by age for the API (adults, children, infants) when the search names children or infants; else `travelers`
 * says it all.
 */
function apiGroup(p: Pick<GuideSearchParams, 'travelers' | 'children' | 'infants'>): {
  adults?: number;
  children?: number;
  infants?: number;
} {
  const { children = 0, infants = 0 } = agesOf(p.travelers, p.children, p.infants);
  if (p.travelers === undefined || children + infants === 0) return {};
  return { adults: p.travelers - children - infants, children, infants };
}

/**
 * The API query for GET /api/v2/guides: the trip's length and the reader's currency beside the filters (decision 176).
 */
export function toApiQuery(
  p: GuideSearchParams,
  limit = 12,
): Record<string, string | number | (string | number)[] | undefined> {
  return {
    city: p.city,
    language: p.language,
    services: p.services.length ? p.services : undefined,
    date: p.date,
    travelers: p.travelers,
    ...apiGroup(p),
    days: p.days,
    durationHours: p.hours,
    chargeCurrency: p.chargeCurrency,
    minPrice: p.minPrice,
    maxPrice: p.maxPrice,
    currency: p.currency,
    page: p.page,
    limit,
    sort: p.sort,
    licensed: p.licensed ? 'true' : undefined,
    instantBook: p.instantBook ? 'true' : undefined,
  };
}
