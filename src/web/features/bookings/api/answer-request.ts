import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** POST /api/v2/bookings/{id}/accept: the guide accepts a paid request (confirmed → upcoming). */
export function acceptBooking(id: number): Promise<Booking> {
  return apiRequest<Booking>(`/api/v2/bookings/${id}/accept`, { method: 'POST' });
}

/** POST /api/v2/bookings/{id}/decline {reason}: the deposit is refunded in full. */
export function declineBooking(id: number, reason: string): Promise<Booking> {
  return apiRequest<Booking>(`/api/v2/bookings/${id}/decline`, { method: 'POST', body: { reason } });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; answer: 'accept' } | { id: number; answer: 'decline'; reason: string }) =>
      v.answer === 'accept' ? acceptBooking(v.id) : declineBooking(v.id, v.reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
