import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, CreateReviewReply } from '../../../../shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** POST /api/v2/reviews: bookingId, type, fromUserId, toUserId, rating, content. */
export function createReview(body: CreateReviewBody): Promise<CreateReviewReply> {
  return apiRequest<CreateReviewReply>('/api/v2/reviews', { method: 'POST', body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (reply) => queryClient.setQueryData(reviewKeys.eligibility(reply.eligibility.bookingId), reply.eligibility),
    // The guide's rating and profile list change once a review is published.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), queryClient.invalidateQueries({ queryKey: ['guides'] })]),
  });
}
