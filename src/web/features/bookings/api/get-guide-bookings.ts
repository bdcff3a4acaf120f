import { useQuery } from '@tanstack/react-query';
import type { BookingListReply } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys, tourDayPoll } from './keys';

/** GET /api/v2/bookings-new/guide/{userId}: the calling guide's paid requests and tours. */
export function getGuideBookings(userId: number): Promise<BookingListReply> {
  return apiRequest<BookingListReply>(`/api/v2/bookings-new/guide/${userId}`);
}

export function useGuideBookings(userId: number | undefined) {
  return useQuery({
    queryKey: bookingKeys.guide(userId ?? 0),
    queryFn: () => getGuideBookings(userId!),
    enabled: userId !== undefined,
    refetchInterval: tourDayPoll,
    meta: { errorToast: 'trips:toasts.fetchFailed' },
  });
}
