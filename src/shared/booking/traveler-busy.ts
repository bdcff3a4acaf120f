import { ACTIVE_BOOKING_STATUSES, type BookingStatus } from './state-machine';

/**
 * The traveler's booking that a new one at [from, to) would clash with (409
 * `traveler_busy`): an active booking overlapping it, except an unpaid checkout, which the server
 * releases when the traveler books another time instead. The server checks the same under a lock.
 */
export function clashingBooking<T extends { status: BookingStatus; startsAt: string; endsAt: string }>(
  mine: readonly T[],
  from: Date,
  to: Date,
): T | undefined {
  return mine.find(
    (b) =>
      b.status !== 'pending' &&
      ACTIVE_BOOKING_STATUSES.includes(b.status) &&
      Date.parse(b.startsAt) < to.getTime() &&
      Date.parse(b.endsAt) > from.getTime(),
  );
}
