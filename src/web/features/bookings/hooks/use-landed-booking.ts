import type { Booking } from '../../../../shared/schemas/bookings';
import { bookingIdParam } from '../../../../shared/booking/links';
import { ApiError } from '../../../lib/api-client';
import { useBooking } from '../api/get-booking';
import type { useTravelerBookings } from '../api/get-traveler-bookings';
import { inTab, TRIP_TAB_KEYS, type TripTab } from '../lib/trips';

export interface LandedBooking {
  /** The booking the link names, once known to be the reader's own trip. */
  booking?: Booking;
  /** The trips tab that holds it: the page shows this tab whatever `?tab=` says. */
  tab?: TripTab;
  /** The link names a booking the reader cannot see (another user's, or none): a quiet message, nothing of it. */
  notFound: boolean;
}

/**
 * Where `/dashboard?booking={id}` lands (decision 103): the booking from the trips list when it is
 * there, else fetched by id (a list cached before the payment may not hold it yet). The API answers
 * 404 for another user's booking; a booking the reader guides rather than travels is not a trip of
 * theirs either. Both read as "not found" and show nothing of the booking.
 */
export function useLandedBooking(
  param: string | null,
  userId: number | undefined,
  trips: ReturnType<typeof useTravelerBookings>,
): LandedBooking {
  const id = bookingIdParam(param);
  const listed = id === null ? undefined : trips.data?.data.find((b) => b.id === id);
  const fetched = useBooking(id ?? undefined, {
    enabled: userId !== undefined && id !== null && trips.isSuccess && !listed,
  });
  if (id === null) return { notFound: param !== null };
  const own = listed ?? (fetched.data && fetched.data.traveler.id === userId ? fetched.data : undefined);
  if (own) return { booking: own, tab: TRIP_TAB_KEYS.find((k) => inTab(k, own)), notFound: false };
  const missing =
    (fetched.isError && fetched.error instanceof ApiError && fetched.error.status === 404) ||
    (fetched.data !== undefined && fetched.data.traveler.id !== userId);
  return { notFound: missing };
}
