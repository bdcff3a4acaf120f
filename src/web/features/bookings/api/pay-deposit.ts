import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { readerLanguage } from '../../../lib/reader-language';
import { bookingKeys } from './keys';

/**
 * POST /api/v2/bookings/{id}/payments with an Idempotency-Key header: the same key never charges
 * twice. A declined card is 402 `payment_failed`; Alipay and WeChat Pay reply `pending` with the
 * page where the traveler approves the payment.
 */
export function payDeposit(bookingId: number, body: CreatePaymentBody, idempotencyKey: string): Promise<PaymentReply> {
  return apiRequest<PaymentReply>(`/api/v2/bookings/${bookingId}/payments`, {
    method: 'POST',
    body,
    // The reply's booking replaces the cached one: its lines in the reader's language, as getBooking asks.
    headers: { 'Idempotency-Key': idempotencyKey, ...readerLanguage() },
  });
}

export function usePayDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { bookingId: number; body: CreatePaymentBody; idempotencyKey: string }) =>
      payDeposit(v.bookingId, v.body, v.idempotencyKey),
    onSuccess: (reply) => queryClient.setQueryData(bookingKeys.detail(reply.booking.id), reply.booking),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' }),
  });
}
