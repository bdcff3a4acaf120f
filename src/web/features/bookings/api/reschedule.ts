import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { RescheduleBody } from '../../../../shared/schemas/reschedule';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** POST /api/v2/bookings/{id}/reschedule {date, startTime, reason?}: propose a new time (decision 079). */
export function proposeReschedule(id: number, body: RescheduleBody): Promise<Booking> {
  return apiRequest<Booking>(`/api/v2/bookings/${id}/reschedule`, { method: 'POST', body });
}

/** POST …/reschedule/{proposalId}/accept or …/decline {reason}: the other side answers. */
export function answerReschedule(
  v:
    | { id: number; proposalId: number; answer: 'accept' }
    | { id: number; proposalId: number; answer: 'decline'; reason: string },
): Promise<Booking> {
  const url = `/api/v2/bookings/${v.id}/reschedule/${v.proposalId}/${v.answer}`;
  return apiRequest<Booking>(
    url,
    v.answer === 'accept' ? { method: 'POST' } : { method: 'POST', body: { reason: v.reason } },
  );
}

export function useProposeReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: RescheduleBody }) => proposeReschedule(v.id, v.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useAnswerReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReschedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
