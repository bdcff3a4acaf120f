import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingChange, ChangeBody, ChangeQuote } from '../../../../shared/schemas/booking-changes';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';
import { payDeposit } from './pay-deposit';

/**
 * Changing a booked trip (decision 177): the price of a change asked (nothing moves), asking it, paying
 * its difference of deposit, and the answers of either side. Every mutation refreshes every booking list
 * and the changes with them (their keys are under `bookingKeys.all`; a price asked is not, `bookingKeys.changeQuote`).
 */
const getChangeQuote = (id: number, body: ChangeBody) =>
  apiRequest<ChangeQuote>(`/api/v2/bookings/${id}/changes/quote`, {
    query: { adults: body.adults, children: body.children, infants: body.infants, days: body.days },
  });

/** GET …/changes: newest first. */
const getBookingChanges = (id: number) => apiRequest<{ changes: BookingChange[] }>(`/api/v2/bookings/${id}/changes`);

const requestChange = (id: number, body: ChangeBody) =>
  apiRequest<BookingChange>(`/api/v2/bookings/${id}/changes`, { method: 'POST', body });

/**
 * Pays the open change's difference through the deposit's provider, with an Idempotency-Key: the server's figure, never
 * the client's.
 */
const payChange = (id: number, body: CreatePaymentBody, idempotencyKey: string): Promise<PaymentReply> =>
  payDeposit(id, { ...body, kind: 'change' }, idempotencyKey);

type Answer = { id: number; changeId: number } & (
  { answer: 'accept' | 'withdraw' } | { answer: 'decline'; reason: string }
);

/** The guide's accept or decline (with a reason), or the traveler's withdraw. */
function answerChange(v: Answer): Promise<BookingChange> {
  const url = `/api/v2/bookings/${v.id}/changes/${v.changeId}/${v.answer}`;
  return apiRequest<BookingChange>(
    url,
    v.answer === 'decline' ? { method: 'POST', body: { reason: v.reason } } : { method: 'POST' },
  );
}

/**
 * The change priced as the traveler sets the group and the days; the last price stays on screen while the next is
 * asked.
 */
export function useChangeQuote(id: number, body: ChangeBody | null) {
  return useQuery({
    queryKey: bookingKeys.changeQuote(id, body ?? {}),
    queryFn: () => getChangeQuote(id, body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // The release's tier depends on the clock: a quote is asked afresh each time the sheet opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/** A booking's changes, only for a booking that can have an open one. */
export function useBookingChanges(id: number, enabled: boolean) {
  return useQuery({ queryKey: bookingKeys.changes(id), queryFn: () => getBookingChanges(id), enabled });
}

function useChangeMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useRequestChange = () =>
  useChangeMutation((v: { id: number; body: ChangeBody }) => requestChange(v.id, v.body));
export const usePayChange = () =>
  useChangeMutation((v: { id: number; body: CreatePaymentBody; idempotencyKey: string }) =>
    payChange(v.id, v.body, v.idempotencyKey),
  );
export const useAnswerChange = () => useChangeMutation(answerChange);
