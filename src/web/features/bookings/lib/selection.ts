import { addDays, isCalendarDate, todayInZone } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS, bookableCalendar } from '../../../../shared/booking/schedule';
import { defaultDayHours, MAX_BOOKING_DAYS, sellsDaysOf, type DayRates } from '../../../../shared/booking/tour-days';
import { readQuestion, type TripQuestion } from '../../../../shared/trip-question';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { CHOOSABLE_EXTRA_KINDS, MAX_CHILD_AGE, type ChoosableExtraKind } from '../../../../shared/booking/family-plans';

/** What the booking box needs to know about a guide. */
export type BookableGuide = Pick<
  GuideDetail,
  | 'id'
  | 'timeZone'
  | 'minDuration'
  | 'maxDuration'
  | 'minPeople'
  | 'maxPeople'
  | 'basicPricePerHourCents'
  | 'additionalPricePerPersonCents'
  | 'groupPricing'
  | 'services'
  | 'availabilities'
  | 'minNoticeHours'
> &
  /** The guide's currency (decision 164); yuan when missing. Its extras, some a family may tick (decision 178). */
  Partial<Pick<GuideDetail, 'currency' | 'extras'>>;

/** The traveler's choice in the booking box, carried to the checkout in its query string. */
export interface BookingDraft {
  date: string | null;
  startTime: string | null;
  /** One day's hours when `days` is above one. */
  durationHours: number;
  /** The group (decision 152): adults (12 and over), children (3–11), infants (under 3). */
  adults: number;
  children: number;
  infants: number;
  subcategoryId: number | null;
  /**
   * Consecutive days with the guide, each of `durationHours` (decisions 154, 176): booked by the day
   * from 1 to 7; missing for a tour of hours.
   */
  days?: number;
  /** Extras ticked to pay at cost in person (decision 178): never charged online. */
  extras?: ChoosableExtraKind[];
  /**
   * One age per child and infant, children's places first (decision 178); null while a place is not
   * chosen yet. Sent only when every place has one.
   */
  childAges?: (number | null)[];
  needs?: { stroller: boolean; childSeat: boolean };
}

/** Everyone on the tour, infants included: what the guide's min and max people are checked against. */
export const draftGroupSize = (d: Pick<BookingDraft, 'adults' | 'children' | 'infants'>) =>
  d.adults + d.children + d.infants;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Durations offered: the guide's range on the half-hour grid the API accepts. */
export function durationOptions(guide: Pick<BookableGuide, 'minDuration' | 'maxDuration'>): number[] {
  const out: number[] = [];
  for (let h = Math.max(0.5, guide.minDuration); h <= guide.maxDuration + 1e-9; h += 0.5) out.push(h);
  return out;
}

/** What the guide sells by the day, as the shared day rule reads it (decision 176). */
export const soldDays = (g: Pick<BookableGuide, 'groupPricing' | 'minDuration' | 'maxDuration'>): DayRates => ({
  dayHours: g.groupPricing.dayHours,
  dayRateCents: g.groupPricing.dayRateCents,
  minHours: g.minDuration,
  maxHours: g.maxDuration,
});

/** Hours a day offered for days (decision 176): the guide's tour lengths, and the day rate's hours. */
export function dayHoursOptions(guide: Pick<BookableGuide, 'groupPricing' | 'minDuration' | 'maxDuration'>): number[] {
  const own = guide.groupPricing.dayRateCents !== null ? [guide.groupPricing.dayHours] : [];
  return [...new Set([...durationOptions(guide), ...own])].sort((a, b) => a - b);
}

/**
 * Whether the draft's length is one the guide sells: days of hours it sells by the day, else a tour length it offers.
 */
export const sellsLength = (
  guide: Pick<BookableGuide, 'groupPricing' | 'minDuration' | 'maxDuration'>,
  d: Pick<BookingDraft, 'days' | 'durationHours'>,
): boolean =>
  d.days !== undefined
    ? sellsDaysOf(soldDays(guide), d.durationHours)
    : durationOptions(guide).includes(d.durationHours);

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The first and last bookable calendar dates in the guide's zone. */
export function dateBounds(timeZone: string, now = new Date()): { min: string; max: string } {
  const today = todayInZone(timeZone, now);
  return { min: today, max: addDays(today, BOOKING_HORIZON_DAYS) };
}

/** The next day on or after `from` (within 60 days) that still has a bookable start time, or null. */
export function nextOpenDay(
  guide: Pick<BookableGuide, 'availabilities' | 'timeZone'> &
    Partial<Pick<BookableGuide, 'minDuration' | 'minNoticeHours'>>,
  from: string,
  now = new Date(),
): string | null {
  const minMinutes = guide.minDuration ? Math.round(guide.minDuration * 60) : undefined;
  // The guide's own notice (decision 153), as the server's slots keep it.
  const days = bookableCalendar(guide.availabilities.weekly, guide.availabilities.exceptions, guide.timeZone, 60, now, {
    minMinutes,
    minNoticeHours: guide.minNoticeHours,
  });
  return days.find((d) => d.available && d.date >= from)?.date ?? null;
}

/**
 * The draft a profile opens with: the question the search asked (decision 176; its own query, else
 * the `redirect` back to the results, whose `travelers` with `children` and `infants` are the family),
 * kept inside the guide's ranges; otherwise the guide's first day that still has a bookable start
 * time, the shortest tour and the smallest group. A family outside the guide's range becomes adults
 * at the nearest size the guide takes, and a length the guide does not sell its nearest offer: the box
 * says so for both.
 */
export function initialDraft(
  guide: BookableGuide,
  params: URLSearchParams,
  now = new Date(),
): BookingDraft & { travelersAdjusted: boolean; lengthAdjusted: boolean; asked: boolean } {
  const redirect = params.get('redirect');
  const own = readQuestion(params);
  const carried = redirect?.includes('?')
    ? readQuestion(new URLSearchParams(redirect.slice(redirect.indexOf('?') + 1)))
    : undefined;
  // Each part from the profile's own query when it asks it, else from the search it came from.
  const q: TripQuestion = {
    date: own.date ?? carried?.date,
    ...(own.adults !== undefined
      ? { adults: own.adults, children: own.children, infants: own.infants }
      : { adults: carried?.adults, children: carried?.children ?? 0, infants: carried?.infants ?? 0 }),
    ...(own.days !== undefined || own.hours !== undefined
      ? { days: own.days, hours: own.hours }
      : { days: carried?.days, hours: carried?.hours }),
  };
  const { min, max } = dateBounds(guide.timeZone, now);
  const date = q.date && q.date >= min && q.date <= max ? q.date : nextOpenDay(guide, min, now);
  const length = draftLength(guide, q);
  // `asked`: a group or a length came with the link, so its price is shown before a time is chosen.
  const base = {
    date,
    startTime: null,
    ...length.draft,
    subcategoryId: null,
    lengthAdjusted: length.adjusted,
    asked: q.adults !== undefined || q.days !== undefined || q.hours !== undefined,
  };
  const family = q.adults !== undefined ? { adults: q.adults, children: q.children, infants: q.infants } : undefined;
  const asked = family ? draftGroupSize(family) : 0;
  if (family && asked >= guide.minPeople && asked <= guide.maxPeople)
    return { ...base, ...family, travelersAdjusted: false };
  const travelers = asked > 0 ? clamp(asked, guide.minPeople, guide.maxPeople) : guide.minPeople;
  return { ...base, adults: travelers, children: 0, infants: 0, travelersAdjusted: asked > 0 && asked !== travelers };
}

/**
 * The length a question asks of this guide (decision 176): days of the hours asked, else of the
 * guide's usual day (`defaultDayHours`, as the search card priced them); hours it offers; or the
 * shortest tour. `adjusted` when the question asked a length the guide does not sell.
 */
function draftLength(
  guide: BookableGuide,
  q: Pick<TripQuestion, 'days' | 'hours'>,
): { draft: Pick<BookingDraft, 'days' | 'durationHours'>; adjusted: boolean } {
  const shortest = durationOptions(guide)[0] ?? guide.minDuration;
  if (q.days !== undefined) {
    const usual = defaultDayHours(soldDays(guide));
    const sold = q.hours !== undefined && sellsDaysOf(soldDays(guide), q.hours);
    return {
      draft: { days: q.days, durationHours: sold ? q.hours! : usual },
      adjusted: q.hours !== undefined && !sold,
    };
  }
  if (q.hours === undefined) return { draft: { durationHours: shortest }, adjusted: false };
  const offered = durationOptions(guide).includes(q.hours);
  return { draft: { durationHours: offered ? q.hours : shortest }, adjusted: !offered };
}

/** The question a draft asks, for a link back to the profile (the checkout's): its date, group and length. */
export const draftQuestion = (d: BookingDraft): TripQuestion => ({
  date: d.date ?? undefined,
  adults: d.adults,
  children: d.children,
  infants: d.infants,
  ...(d.days !== undefined && { days: d.days }),
  hours: d.durationHours,
});

/** /checkout/{guideId}?date=&time=&hours=&adults=&children=&infants=&service= (children and infants when any). */
export function checkoutPath(guideId: number, d: BookingDraft): string {
  const q = new URLSearchParams();
  if (d.date) q.set('date', d.date);
  if (d.startTime) q.set('time', d.startTime);
  q.set('hours', String(d.durationHours));
  q.set('adults', String(d.adults));
  if (d.children > 0) q.set('children', String(d.children));
  if (d.infants > 0) q.set('infants', String(d.infants));
  if (d.subcategoryId !== null) q.set('service', String(d.subcategoryId));
  if (d.days !== undefined) q.set('days', String(d.days));
  // What the family settled in the box (decision 178).
  if (d.extras?.length) q.set('extras', d.extras.join(','));
  const ages = completeAges(d);
  if (ages) q.set('ages', ages.join(','));
  if (d.needs?.stroller) q.set('stroller', '1');
  if (d.needs?.childSeat) q.set('seat', '1');
  return `/checkout/${guideId}?${q}`;
}

/**
 * The draft in a checkout URL, or null when a part is missing or malformed; a link from before decision 152 names
 * `travelers`, the adults.
 */
export function draftFromQuery(params: URLSearchParams): (BookingDraft & { date: string; startTime: string }) | null {
  const date = params.get('date');
  const startTime = params.get('time');
  const durationHours = Number(params.get('hours'));
  const adults = Number(params.get('adults') ?? params.get('travelers'));
  const children = Number(params.get('children') ?? 0);
  const infants = Number(params.get('infants') ?? 0);
  const service = params.get('service');
  const subcategoryId = service === null ? null : Number(service);
  if (!date || !isCalendarDate(date) || !startTime || !TIME_RE.test(startTime)) return null;
  if (!Number.isFinite(durationHours) || durationHours <= 0 || (durationHours * 2) % 1 !== 0) return null;
  if (
    !Number.isInteger(adults) ||
    adults < 1 ||
    !Number.isInteger(children) ||
    children < 0 ||
    !Number.isInteger(infants) ||
    infants < 0
  )
    return null;
  if (subcategoryId !== null && (!Number.isInteger(subcategoryId) || subcategoryId <= 0)) return null;
  // Days, when named, are booked by the day, one included (decision 176).
  const days = params.get('days') === null ? undefined : Number(params.get('days'));
  if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > MAX_BOOKING_DAYS)) return null;
  return {
    date,
    startTime,
    durationHours,
    adults,
    children,
    infants,
    subcategoryId,
    ...(days !== undefined && { days }),
    ...familyFromQuery(params, children + infants),
  };
}

/** The ages when every child and infant has one, else undefined (the server takes all or none). */
export function completeAges(d: Pick<BookingDraft, 'childAges' | 'children' | 'infants'>): number[] | undefined {
  const ages = d.childAges ?? [];
  return d.children + d.infants > 0 &&
    ages.length === d.children + d.infants &&
    ages.every((a): a is number => a !== null)
    ? ages
    : undefined;
}

/**
 * The box's extras, ages and needs in a checkout URL (decision 178); what does not read right is left out, never
 * guessed.
 */
function familyFromQuery(params: URLSearchParams, young: number): Pick<BookingDraft, 'extras' | 'childAges' | 'needs'> {
  const extras = (params.get('extras') ?? '')
    .split(',')
    .filter((k): k is ChoosableExtraKind => (CHOOSABLE_EXTRA_KINDS as readonly string[]).includes(k));
  const ages = (params.get('ages') ?? '').split(',').filter(Boolean).map(Number);
  const agesOk =
    young > 0 && ages.length === young && ages.every((a) => Number.isInteger(a) && a >= 0 && a <= MAX_CHILD_AGE);
  const needs = { stroller: params.get('stroller') === '1', childSeat: params.get('seat') === '1' };
  return {
    ...(extras.length && { extras: [...new Set(extras)] }),
    ...(agesOk && { childAges: ages }),
    ...(young > 0 && (needs.stroller || needs.childSeat) && { needs }),
  };
}
