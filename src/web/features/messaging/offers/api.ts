import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferDeclineReason } from '../../../../shared/offers/offer-rules';
import type { CreateOfferBody, OfferQuote, OfferReply } from '../../../../shared/schemas/offers';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys } from '../api/keys';

/** Offers in the chat (decision 078). The server re-sends the changed cards to both sides over the socket. */
export const offerKeys = {
  quote: (conversationId: number, q: { durationHours: number; travelers: number; subcategoryId?: number | null }) =>
    ['offers', 'quote', conversationId, q.durationHours, q.travelers, q.subcategoryId ?? null] as const,
};

function useRefreshThread(conversationId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId), exact: true });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations, exact: true });
  };
}

/** GET …/offer-quote: the rate-based price of the tour and the fee's floor (the guide's form). */
export function useOfferQuote(
  conversationId: number,
  q: { durationHours: number; days?: number; travelers: number; subcategoryId?: number | null },
  enabled: boolean,
) {
  const params = new URLSearchParams({ durationHours: String(q.durationHours), travelers: String(q.travelers) });
  // Several days are suggested at the days' price (decision 154).
  if (q.days && q.days > 1) params.set('days', String(q.days));
  if (q.subcategoryId) params.set('subcategoryId', String(q.subcategoryId));
  return useQuery({
    queryKey: offerKeys.quote(conversationId, q),
    queryFn: () => apiRequest<OfferQuote>(`/api/v2/conversations/${conversationId}/offer-quote?${params}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST …/offers with a clientMessageId kept across retries of one form. */
export function useCreateOffer(conversationId: number) {
  const refresh = useRefreshThread(conversationId);
  return useMutation({
    mutationFn: (body: CreateOfferBody) =>
      apiRequest<OfferReply>(`/api/v2/conversations/${conversationId}/offers`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useAnswerOffer(conversationId: number, offerId: number) {
  const refresh = useRefreshThread(conversationId);
  return useMutation({
    mutationFn: (answer: { withdraw: true } | { decline: true; reason?: OfferDeclineReason }) =>
      apiRequest<OfferReply>(`/api/v2/offers/${offerId}/${'withdraw' in answer ? 'withdraw' : 'decline'}`, {
        method: 'POST',
        body: 'withdraw' in answer ? undefined : { reason: answer.reason },
      }),
    onSettled: refresh,
  });
}
