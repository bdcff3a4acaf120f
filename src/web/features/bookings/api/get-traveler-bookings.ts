import { useQuery } from '@tanstack/react-query';
import type { BookingListReply } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys, tourDayPoll } from './keys';

/** GET /api/v2/bookings-new/traveler/{userId}: every trip of the caller, with counts per tab. */
export function getTravelerBookings(userId: number, signal?: AbortSignal): Promise<BookingListReply> {
  return apiRequest<BookingListReply>(`/api/v2/bookings-new/traveler/${userId}`, { signal });
}

export function useTravelerBookings(userId: number | undefined) {
  return useQuery({
    queryKey: bookingKeys.traveler(userId ?? 0),
    queryFn: () => getTravelerBookings(userId!),
    enabled: userId !== undefined,
    refetchInterval: tourDayPoll,
    // docs/rules/look-and-language.md: 'Failed to fetch bookings'.
    meta: { errorToast: 'trips:toasts.fetchFailed' },
  });
}
