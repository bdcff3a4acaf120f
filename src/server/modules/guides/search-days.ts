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
}

/** The trip a dated search asks for; null for one date of any hours (the weekday bit decides it). */
export function searchTrip(q: Pick<GuideSearchQuery, 'date' | 'days' | 'durationHours'>): SearchTrip | null {
  if (!q.date || ((q.days ?? 1) <= 1 && q.durationHours === undefined)) return null;
  const dates = Array.from({ length: q.days ?? 1 }, (_, i) => addDays(q.date!, i));
  const weekdays = dates.map((d) => isoWeekday(d) - 1);
  return {
    dates,
    weekdays,
    mask: weekdays.reduce((m, k) => m | weekdayBit(k + 1), 0),
    need: Math.max(1, Math.round((q.durationHours ?? 0) * 60)),
  };
}

/** A weekday's longest window; without the windows read, a day of `weeklyDays` is a whole day. */
export const weeklyMinutes = (g: Pick<IndexedGuide, 'dayMinutes' | 'weeklyDays'>, k: number): number =>
  g.dayMinutes?.[k] ?? ((g.weeklyDays >>> k) & 1 ? 1440 : 0);

/** An exception as the index keeps it: its window's minutes, 0 for a day off. */
export const exceptionMinutes = (e: IndexedException): number => (e.available ? (e.minutes ?? 1440) : 0);

/** Whether the weekly windows alone hold every day of the trip. */
export const weeklyFits = (g: Pick<IndexedGuide, 'dayMinutes' | 'weeklyDays'>, trip: SearchTrip): boolean =>
  trip.weekdays.every((k) => weeklyMinutes(g, k) >= trip.need);

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

/**
 * The guides with an exception on one of the trip's dates whose answer differs from the weekly windows'
 * (which the count took): each asked once, with whether the trip fits. `candidate` gives the guide when
 * the search's other filters keep it.
 */
export function* tripCorrections<G extends Pick<IndexedGuide, 'id' | 'dayMinutes' | 'weeklyDays'>>(
  trip: SearchTrip,
  byDate: readonly (ReadonlyMap<number, number> | undefined)[],
  candidate: (id: number) => G | undefined,
): Generator<[G, boolean]> {
  const asked = new Set<number>();
  for (const day of byDate) {
    for (const id of day?.keys() ?? []) {
      if (asked.has(id)) continue;
      asked.add(id);
      const g = candidate(id);
      if (!g) continue;
      const fits = tripFits(g, trip, byDate);
      if (fits !== weeklyFits(g, trip)) yield [g, fits];
    }
  }
}
