import { addDays, isCalendarDate, todayInZone } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS, bookableCalendar } from '../../../../shared/booking/schedule';
import { MAX_BOOKING_DAYS } from '../../../../shared/booking/tour-days';
import type { GuideDetail } from '../../../../shared/schemas/guides';

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
  /** The guide's currency (decision 164); yuan when missing. */
  Partial<Pick<GuideDetail, 'currency'>>;

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
  /** Consecutive days with the guide (decision 154); 1 or missing for a tour of hours. */
  days?: number;
}

/** Everyone on the tour, infants included: what the guide's min and max people are checked against. */
export const draftGroupSize = (d: Pick<BookingDraft, 'adults' | 'children' | 'infants'>) => d.adults + d.children + d.infants;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Durations offered: the guide's range on the half-hour grid the API accepts. */
export function durationOptions(guide: Pick<BookableGuide, 'minDuration' | 'maxDuration'>): number[] {
  const out: number[] = [];
  for (let h = Math.max(0.5, guide.minDuration); h <= guide.maxDuration + 1e-9; h += 0.5) out.push(h);
  return out;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The first and last bookable calendar dates in the guide's zone. */
export function dateBounds(timeZone: string, now = new Date()): { min: string; max: string } {
  const today = todayInZone(timeZone, now);
  return { min: today, max: addDays(today, BOOKING_HORIZON_DAYS) };
}

/** The next day on or after `from` (within 60 days) that still has a bookable start time, or null. */
export function nextOpenDay(guide: Pick<BookableGuide, 'availabilities' | 'timeZone'> & Partial<Pick<BookableGuide, 'minDuration' | 'minNoticeHours'>>, from: string, now = new Date()): string | null {
  const minMinutes = guide.minDuration ? Math.round(guide.minDuration * 60) : undefined;
  // The guide's own notice (decision 153), as the server's slots keep it.
  const days = bookableCalendar(guide.availabilities.weekly, guide.availabilities.exceptions, guide.timeZone, 60, now, { minMinutes, minNoticeHours: guide.minNoticeHours });
  return days.find((d) => d.available && d.date >= from)?.date ?? null;
}

/**
 * The draft a profile opens with: the date and the group carried over from the search (its own
 * query, or the `redirect` back to the results), kept inside the guide's ranges; otherwise the
 * guide's first day that still has a bookable start time and the smallest group. A search that named
 * ages (`adults`, `children`, `infants`) opens with that family, so the box prices what the card
 * showed; one that named only `travelers` opens with that many adults (decision 151). A family
 * outside the guide's range becomes adults at the nearest size the guide takes, and the box says so.
 */
export function initialDraft(guide: BookableGuide, params: URLSearchParams, now = new Date()): BookingDraft & { travelersAdjusted: boolean } {
  const redirect = params.get('redirect');
  const carried = redirect?.includes('?') ? new URLSearchParams(redirect.slice(redirect.indexOf('?') + 1)) : undefined;
  const pick = (key: string) => params.get(key) ?? carried?.get(key) ?? null;
  const count = (key: string) => {
    const n = Number.parseInt(pick(key) ?? '', 10);
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const { min, max } = dateBounds(guide.timeZone, now);
  const askedDate = pick('date');
  const date = askedDate && isCalendarDate(askedDate) && askedDate >= min && askedDate <= max ? askedDate : nextOpenDay(guide, min, now);
  const base = { date, startTime: null, durationHours: durationOptions(guide)[0] ?? guide.minDuration, subcategoryId: null };
  const adults = count('adults');
  const family = adults ? { adults, children: count('children') ?? 0, infants: count('infants') ?? 0 } : undefined;
  const asked = family ? family.adults + family.children + family.infants : (count('travelers') ?? 0);
  if (family && asked >= guide.minPeople && asked <= guide.maxPeople) return { ...base, ...family, travelersAdjusted: false };
  const travelers = asked > 0 ? clamp(asked, guide.minPeople, guide.maxPeople) : guide.minPeople;
  return { ...base, adults: travelers, children: 0, infants: 0, travelersAdjusted: asked > 0 && asked !== travelers };
}

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
  if (d.days && d.days > 1) q.set('days', String(d.days));
  return `/checkout/${guideId}?${q}`;
}

/** The draft in a checkout URL, or null when a part is missing or malformed; a link from before decision 152 names `travelers`, the adults. */
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
  if (!Number.isInteger(adults) || adults < 1 || !Number.isInteger(children) || children < 0 || !Number.isInteger(infants) || infants < 0) return null;
  if (subcategoryId !== null && (!Number.isInteger(subcategoryId) || subcategoryId <= 0)) return null;
  const days = Number(params.get('days') ?? 1);
  if (!Number.isInteger(days) || days < 1 || days > MAX_BOOKING_DAYS) return null;
  return { date, startTime, durationHours, adults, children, infants, subcategoryId, ...(days > 1 && { days }) };
}
