import { addDays, isoWeekday, weekdayBit } from '../../../shared/availability';
import type { GuideSearchQuery } from '../../../shared/schemas/guide-search';
import type { IndexedException, IndexedGuide } from './search-prices';

/**
 * A search for a trip (decision 197): with `days` or `durationHours` beside the date, a guide is listed only
 * when every date of the trip holds a window of the day's hours (any hours when none were asked), each
 * date's exception replacing its weekday's windows. Pure: the index (search-index.ts) asks it.
 */
export interface SearchTrip {
  dates: string[];
  /** Each date's weekday, 0 Monday … 6 Sunday. */
  weekdays: number[];
  /** The weekday bits of all the dates. */
  mask: number;
  /** The least minutes a day's window must have. */
  need: number;
  /** `need` in half hours (hours are asked on the half hour): what the packed windows are compared with. */
  halfHours: number;
}

/** The trip a dated search asks for; null for one date of any hours (the weekday bit decides it). */
export function searchTrip(q: Pick<GuideSearchQuery, 'date' | 'days' | 'durationHours'>): SearchTrip | null {
  if (!q.date || ((q.days ?? 1) <= 1 && q.durationHours === undefined)) return null;
  const dates = Array.from({ length: q.days ?? 1 }, (_, i) => addDays(q.date!, i));
  const weekdays = dates.map((d) => isoWeekday(d) - 1);
  const need = Math.max(1, Math.round((q.durationHours ?? 0) * 60));
  return {
    dates,
    weekdays,
    mask: weekdays.reduce((m, k) => m | weekdayBit(k + 1), 0),
    need,
    halfHours: Math.ceil(need / 30),
  };
}

/** A weekday's longest window; without the windows read, a day of `weeklyDays` is a whole day. */
export const weeklyMinutes = (g: Pick<IndexedGuide, 'dayMinutes' | 'weeklyDays'>, k: number): number =>
  g.dayMinutes?.[k] ?? ((g.weeklyDays >>> k) & 1 ? 1440 : 0);

/** An exception as the index keeps it: its window's minutes, 0 for a day off. */
export const exceptionMinutes = (e: IndexedException): number => (e.available ? (e.minutes ?? 1440) : 0);

/** Whether the weekly windows alone hold every day of the trip. */
export function weeklyFits(g: Pick<IndexedGuide, 'dayMinutes' | 'weeklyDays'>, trip: SearchTrip): boolean {
  for (const k of trip.weekdays) if (weeklyMinutes(g, k) < trip.need) return false;
  return true;
}

/** Whether every date holds the day: its exception's window (`byDate[i]`, minutes by guide) or its weekday's. */
export function tripFits(
  g: Pick<IndexedGuide, 'id' | 'dayMinutes' | 'weeklyDays'>,
  trip: SearchTrip,
  byDate: readonly (ReadonlyMap<number, number> | undefined)[],
): boolean {
  for (let i = 0; i < trip.dates.length; i++) {
    const minutes = byDate[i]?.get(g.id) ?? weeklyMinutes(g, trip.weekdays[i]!);
    if (minutes < trip.need) return false;
  }
  return true;
}

/** Whether the guide has an exception on a date before the i-th (and was asked there). */
function askedBefore(byDate: readonly (ReadonlyMap<number, number> | undefined)[], i: number, id: number): boolean {
  for (let j = 0; j < i; j++) if (byDate[j]?.has(id)) return true;
  return false;
}

/**
 * The guides with an exception on one of the trip's dates whose answer differs from the weekly windows'
 * (which the count took), each asked once (at its first such date), with whether the trip fits: of the searched
 * city first (every city's exceptions share a date), then `keep`, the search's other filters, asked last.
 */
export function* tripCorrections<G extends Pick<IndexedGuide, 'id' | 'city' | 'dayMinutes' | 'weeklyDays'>>(
  trip: SearchTrip,
  byDate: readonly (ReadonlyMap<number, number> | undefined)[],
  city: string | undefined,
  guideOf: (id: number) => G | undefined,
  keep: (g: G) => boolean,
): Generator<[G, boolean]> {
  for (let i = 0; i < byDate.length; i++) {
    for (const id of byDate[i]?.keys() ?? []) {
      if (askedBefore(byDate, i, id)) continue;
      const g = guideOf(id);
      if (!g || (city !== undefined && g.city !== city)) continue;
      const fits = tripFits(g, trip, byDate);
      if (fits !== weeklyFits(g, trip) && keep(g)) yield [g, fits];
    }
  }
}

/**
 * A guide's weekly windows packed for the index's typed columns (decision 097's reason: a walk or a count reads
 * arrays, not guide objects): each weekday's longest window in whole half hours, a byte each, Monday–Thursday
 * in the first word and Friday–Sunday in the second. Hours are asked on the half hour, so a window holds
 * them exactly when its whole half hours do.
 */
export function packedWindows(g: Pick<IndexedGuide, 'dayMinutes' | 'weeklyDays'>): [number, number] {
  let low = 0;
  let high = 0;
  for (let k = 0; k < 7; k++) {
    const halves = Math.min(255, Math.floor(weeklyMinutes(g, k) / 30));
    if (k < 4) low |= halves << (8 * k);
    else high |= halves << (8 * (k - 4));
  }
  return [low, high];
}

/** Whether packed weekly windows hold every weekday of a trip that asks for hours. */
export function packedFits(low: number, high: number, trip: SearchTrip): boolean {
  for (const k of trip.weekdays) {
    const halves = k < 4 ? (low >>> (8 * k)) & 255 : (high >>> (8 * (k - 4))) & 255;
    if (halves < trip.halfHours) return false;
  }
  return true;
}

/** What the walk reads of a sorted list (sorted-list.ts). */
interface PackedList {
  items: readonly Pick<IndexedGuide, 'id' | 'dayMinutes' | 'weeklyDays'>[];
  ids: Int32Array;
  windowsLow: Int32Array;
  windowsHigh: Int32Array;
}

/**
 * The walk's check of the guide at `at` from its packed columns: its weekday bits (`weekdays`, Monday bit 0) and,
 * when hours are asked, its packed windows; a guide with an exception on one of the trip's dates is asked
 * `tripFits` on its object instead.
 */
export function packedTripFits(
  list: PackedList,
  at: number,
  weekdays: number,
  trip: SearchTrip,
  byDate: readonly (ReadonlyMap<number, number> | undefined)[],
): boolean {
  const id = list.ids[at]!;
  for (const day of byDate) if (day?.has(id)) return tripFits(list.items[at]!, trip, byDate);
  if ((weekdays & trip.mask) !== trip.mask) return false;
  return trip.need <= 1 || packedFits(list.windowsLow[at]!, list.windowsHigh[at]!, trip);
}
