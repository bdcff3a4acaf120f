import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { statusReplySchema } from '../../../../shared/schemas/booking-answers';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export type StatusReply = z.infer<typeof statusReplySchema>;

/**
 * PATCH /api/bookings/{id}/status {status}. In this issue only `cancelled` is open; the
 * reply is the booking plus the refund made (amount, method, business days until it arrives).
 */
export function updateBookingStatus(id: number, status: BookingStatus, reason?: string): Promise<StatusReply> {
  return apiRequest<StatusReply>(`/api/bookings/${id}/status`, {
    method: 'PATCH',
    body: reason ? { status, reason } : { status },
  });
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; status: BookingStatus; reason?: string }) =>
      updateBookingStatus(v.id, v.status, v.reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
