import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/**
 * The demo approval page's "approve": posts the simulated provider's signed event to the same
 * webhook route a real provider calls (decision 040). The signature comes with the approval link.
 */
export function approveDemoPayment(ref: string, signature: string): Promise<{ received: boolean }> {
  return apiRequest<{ received: boolean }>('/api/v2/payments/webhooks/simulated', {
    method: 'POST',
    body: { type: 'payment.succeeded', ref },
    headers: { 'X-Simulated-Signature': signature },
  });
}

export function useApproveDemoPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { ref: string; signature: string }) => approveDemoPayment(v.ref, v.signature),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
