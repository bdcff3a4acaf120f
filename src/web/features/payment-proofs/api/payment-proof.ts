import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentProofReply } from '../../../../shared/schemas/payment-proofs';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the payment-proof feature; a change also refreshes the bookings (their badge). */
export const proofKeys = {
  all: ['payment-proofs'] as const,
  detail: (bookingId: number) => ['payment-proofs', bookingId] as const,
};

const path = (bookingId: number) => `/api/v2/bookings/${bookingId}/payment-proof`;

/** GET …/payment-proof: status, what remains to pay in person, and a signed file URL (10 minutes). */
export function getPaymentProof(bookingId: number): Promise<PaymentProofReply> {
  return apiRequest<PaymentProofReply>(path(bookingId));
}

export function usePaymentProof(bookingId: number | undefined, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: proofKeys.detail(bookingId ?? 0),
    queryFn: () => getPaymentProof(bookingId!),
    enabled: bookingId !== undefined && Number.isInteger(bookingId) && bookingId > 0 && opts.enabled !== false,
    // The file URL is signed for 10 minutes: fetch a fresh one well before it runs out.
    refetchInterval: 5 * 60_000,
    retry: (count, err) => count < 2 && !(err instanceof Error && /^40[134]/.test(err.message)),
  });
}

/** POST …/payment-proof (multipart, field "file"): the traveler's upload. */
export function uploadPaymentProof({ bookingId, file }: { bookingId: number; file: File }): Promise<PaymentProofReply> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<PaymentProofReply>(path(bookingId), { method: 'POST', body: form });
}

/** POST …/payment-proof/verify: the guide's check. */
export function verifyPaymentProof(bookingId: number): Promise<PaymentProofReply> {
  return apiRequest<PaymentProofReply>(`${path(bookingId)}/verify`, { method: 'POST' });
}

function useProofMutation<T>(fn: (input: T) => Promise<PaymentProofReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (reply) => {
      queryClient.setQueryData(proofKeys.detail(reply.bookingId), reply);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}

export const useUploadPaymentProof = () => useProofMutation(uploadPaymentProof);
export const useVerifyPaymentProof = () => useProofMutation(verifyPaymentProof);
