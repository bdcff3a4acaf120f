import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '../../../../shared/currency';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { bookingKeys } from './keys';

/**
 * POST /api/v2/bookings: a pending booking that holds the slot for 30 minutes. The server prices it
 * from the guide's rates (decision 040); 409 `slot_unavailable` when the time was taken. With
 * `{ offerId }` everything, the price included, comes from the guide's offer (decision 078).
 */
export function createBooking(
  body: CreateBookingBody | { offerId: number; chargeCurrency: Currency },
): Promise<Booking> {
  // The reply becomes the checkout's booking: its lines in the reader's language, as getBooking asks.
  return apiRequest<Booking>('/api/v2/bookings', { method: 'POST', body, headers: readerLanguage() });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.detail(booking.id), booking);
      // Marked stale, not refetched now: the checkout still on screen must not see its own booking
      // take the slot it is showing. Lists and slots refresh when next shown.
      void queryClient.invalidateQueries({
        queryKey: bookingKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
        refetchType: 'none',
      });
    },
  });
}
