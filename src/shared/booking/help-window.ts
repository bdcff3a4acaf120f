import { ACTIVE_BOOKING_STATUSES, type BookingStatus } from './state-machine';
import { startOfTourDay } from './schedule';

/** Booked and not over: the statuses a trip can go wrong in (decision 132). A pending booking is not booked yet. */
export const HELP_STATUSES: readonly BookingStatus[] = ACTIVE_BOOKING_STATUSES.filter((s) => s !== 'pending');

/** How long after the planned end (extensions included) the trip still counts as today's. */
export const HELP_AFTER_END_MS = 3 * 3_600_000;

export interface HelpWindowFacts {
  status: BookingStatus;
  /** The tour's date in its zone (YYYY-MM-DD). */
  date: string;
  timeZone: string;
  endsAt: Date | string;
}

/**
 * Whether "Help now" and an urgent support thread apply to a booking at `now` (decision 132): a booked
 * trip, from 00:00 of its day in the guide's zone until the later of that day's end and three hours after
 * the tour's end (a tour that runs past midnight). The server decides; the web app uses the same rule
 * to show the button.
 */
export function inHelpWindow(b: HelpWindowFacts, now: Date): boolean {
  if (!HELP_STATUSES.includes(b.status)) return false;
  const from = startOfTourDay(b.date, b.timeZone).getTime();
  const dayEnd = from + 24 * 3_600_000;
  const until = Math.max(dayEnd, new Date(b.endsAt).getTime() + HELP_AFTER_END_MS);
  const t = now.getTime();
  return t >= from && t < until;
}
