import { isCalendarDate } from './availability';
import { MAX_BOOKING_DAYS } from './booking/tour-days';
import { hoursParam } from './guide-search';

/**
 * The question a family asks (decision 176): when, who (adults, children 3–11, infants under 3) and
 * how long (consecutive days, or hours; with days, hours are each day's). A search asks it, its cards
 * link to the profile with it, and the booking box and the checkout open on it, so the price the card
 * showed is the price the box shows and the checkout charges.
 */
export interface TripQuestion {
  date?: string;
  adults?: number;
  children: number;
  infants: number;
  days?: number;
  hours?: number;
}

const count = (v: string | null, min: number, max: number): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
};

/**
 * The question in a URL's query, read leniently (a value that does not parse is left out): a
 * profile's or checkout's `adults`, `children`, `infants`, or a search's `travelers` of whom
 * `children` and `infants` (the rest adults); `date`, `days` (1–7) and `hours`.
 */
export function readQuestion(sp: URLSearchParams): TripQuestion {
  const date = sp.get('date');
  let children = count(sp.get('children'), 0, 99) ?? 0;
  let infants = count(sp.get('infants'), 0, 99) ?? 0;
  const travelers = count(sp.get('travelers'), 1, 100);
  let adults = count(sp.get('adults'), 1, 100);
  if (adults === undefined && travelers !== undefined) {
    // A search's ages that leave no adult are dropped, as the search drops them (guide-search.ts).
    if (children + infants >= travelers) children = infants = 0;
    adults = travelers - children - infants;
  }
  if (adults === undefined) children = infants = 0;
  const days = count(sp.get('days'), 1, MAX_BOOKING_DAYS);
  const hours = hoursParam(sp.get('hours'));
  return {
    ...(date && isCalendarDate(date) && { date }),
    ...(adults !== undefined && { adults }),
    children,
    infants,
    ...(days !== undefined && { days }),
    ...(hours !== undefined && { hours }),
  };
}

/** The question as a profile's query: `date`, `adults`, `children`, `infants`, `days`, `hours`, each when asked. */
export function questionParams(q: TripQuestion): URLSearchParams {
  const sp = new URLSearchParams();
  if (q.date) sp.set('date', q.date);
  if (q.adults !== undefined) {
    sp.set('adults', String(q.adults));
    if (q.children > 0) sp.set('children', String(q.children));
    if (q.infants > 0) sp.set('infants', String(q.infants));
  }
  if (q.days !== undefined) sp.set('days', String(q.days));
  if (q.hours !== undefined) sp.set('hours', String(q.hours));
  return sp;
}
