import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import type { ExtensionPaymentBody, RequestExtensionReply } from '../../../../shared/schemas/tour';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';
import { payDeposit } from './pay-deposit';

/**
 * On tour: confirm start, the extension's calls in their order on the wire
 * (request → pay → mark paid → the guide approves or rejects → confirm), and each hook refreshes
 * every booking list when it settles.
 */
export type UserType = 'traveler' | 'guide';

export const confirmStart = (id: number, userType: UserType) =>
  apiRequest<Booking>(`/api/bookings/${id}/confirm-start`, { method: 'PATCH', body: { userType } });

/** The server computes the fee; the price SPEC's client sends along is ignored there. */
export const requestExtension = (id: number, extensionHours: number) =>
  apiRequest<RequestExtensionReply>(`/api/bookings/${id}/request-extension`, {
    method: 'POST',
    body: { extensionHours },
  });

/** Pays the open extension through the deposit's provider, with an Idempotency-Key. */
export const payExtension = (id: number, body: CreatePaymentBody, idempotencyKey: string): Promise<PaymentReply> =>
  payDeposit(id, { ...body, kind: 'extension' }, idempotencyKey);

export const markExtensionPaid = (id: number, body: ExtensionPaymentBody) =>
  apiRequest<Booking>(`/api/bookings/${id}/extension-payment`, { method: 'PATCH', body });

export const answerExtension = (id: number, answer: 'approve' | 'reject') =>
  apiRequest<Booking>(`/api/v2/bookings/${id}/extension/${answer}`, { method: 'POST' });

/** Takes back a request not yet paid: the tour goes on as booked, nothing is charged. */
export const withdrawExtension = (id: number) =>
  apiRequest<Booking>(`/api/v2/bookings/${id}/extension/withdraw`, { method: 'POST' });

export const confirmExtension = (id: number, userType: UserType) =>
  apiRequest<Booking>(`/api/bookings/${id}/confirm-extension`, { method: 'PATCH', body: { userType } });

function useTourMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }) });
}

export const useConfirmStart = () =>
  useTourMutation((v: { id: number; userType: UserType }) => confirmStart(v.id, v.userType));
export const useRequestExtension = () =>
  useTourMutation((v: { id: number; hours: number }) => requestExtension(v.id, v.hours));
export const usePayExtension = () =>
  useTourMutation((v: { id: number; body: CreatePaymentBody; idempotencyKey: string }) =>
    payExtension(v.id, v.body, v.idempotencyKey),
  );
export const useMarkExtensionPaid = () =>
  useTourMutation((v: { id: number; body: ExtensionPaymentBody }) => markExtensionPaid(v.id, v.body));
export const useAnswerExtension = () =>
  useTourMutation((v: { id: number; answer: 'approve' | 'reject' }) => answerExtension(v.id, v.answer));
export const useConfirmExtension = () =>
  useTourMutation((v: { id: number; userType: UserType }) => confirmExtension(v.id, v.userType));
export const useWithdrawExtension = () => useTourMutation((id: number) => withdrawExtension(id));
