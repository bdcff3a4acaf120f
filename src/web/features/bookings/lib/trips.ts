import { todayInZone } from '../../../../shared/availability';
import { TRIP_TABS, tripTabOf, type TripTab } from '../../../../shared/booking/state-machine';
import type { Booking } from '../../../../shared/schemas/bookings';

export type { TripTab };
export const TRIP_TAB_KEYS = Object.keys(TRIP_TABS) as TripTab[];

/**
 * docs/rules/booking-lifecycle.md: which trips tab a booking belongs to at `now` (`tripTabOf`, shared with the server's
 * counts).
 */
export function inTab(
  tab: TripTab,
  booking: Pick<Booking, 'status' | 'startsAt'> & Partial<Pick<Booking, 'guideConfirmedStart'>>,
  now: Date = new Date(),
): boolean {
  return tripTabOf(booking, now) === tab;
}

/**
 * docs/rules/booking-lifecycle.md sorting: upcoming by start ascending; the other tabs descending, except pending
 * (the pending-requests tab), which is ascending.
 */
export function tripsOfTab(tab: TripTab, bookings: Booking[], now: Date = new Date()): Booking[] {
  const ascending = tab === 'upcoming' || tab === 'pending-requests';
  return bookings
    .filter((b) => inTab(tab, b, now))
    .sort((a, b) => {
      const d = Date.parse(a.startsAt) - Date.parse(b.startsAt);
      return (ascending ? d : -d) || a.id - b.id;
    });
}

/** Whole calendar days from today to the tour's date, both in the guide's zone (0 on the day). */
export function daysUntil(booking: Pick<Booking, 'date' | 'timeZone'>, now: Date = new Date()): number {
  const today = todayInZone(booking.timeZone, now);
  const day = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, dd) / 86_400_000;
  };
  return Math.round(day(booking.date) - day(today));
}

/** docs/rules/booking-lifecycle.md: an upcoming trip shows a countdown when 7 days or fewer remain. */
export const COUNTDOWN_DAYS = 7;

/**
 * Where now falls against the tour's planned time: a 17:30–19:30 tour is 'after' at
 * 22:40 even while its status still reads awaiting_start (nobody confirmed the start).
 */
export type TourPhase = 'before' | 'during' | 'after';
export function tourPhase(booking: Pick<Booking, 'startsAt' | 'endsAt'>, now: Date = new Date()): TourPhase {
  const t = now.getTime();
  if (t < Date.parse(booking.startsAt)) return 'before';
  return t < Date.parse(booking.endsAt) ? 'during' : 'after';
}

/** The statuses whose words speak of a tour still ahead ("即将出行", "今天开始"). */
const AHEAD = new Set<Booking['status']>(['upcoming', 'awaiting_start']);

/**
 * The trips key for a booking's status words at `now`: an upcoming or awaiting_start tour whose
 * planned time has begun or ended says so instead of "今天开始".
 */
export function statusKey(
  booking: Pick<Booking, 'status' | 'startsAt' | 'endsAt'> & Partial<Pick<Booking, 'guideConfirmedStart'>>,
  now: Date = new Date(),
): string {
  const phase = tourPhase(booking, now);
  // Only the traveler confirmed: the guide has not come, as far as anyone has said.
  const guideAwaited = booking.status === 'start_confirmed' && booking.guideConfirmedStart === false;
  if ((AHEAD.has(booking.status) || guideAwaited) && phase !== 'before')
    return phase === 'during' ? 'statusTime.during' : 'statusTime.after';
  return `status.${booking.status}`;
}
