import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingReview, CreateReviewBody, CreateReviewReply } from '../../../../shared/schemas/reviews';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './keys';

/** POST /api/v2/reviews: bookingId, type, fromUserId, toUserId, rating, content, optional subRatings. */
export function createReview(body: CreateReviewBody): Promise<CreateReviewReply> {
  return apiRequest<CreateReviewReply>('/api/v2/reviews', { method: 'POST', body });
}

/** POST /api/v2/reviews/{id}/photos: one image as multipart field "file" (the server re-encodes it). */
export function uploadReviewPhoto(reviewId: number, file: File): Promise<BookingReview> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<BookingReview>(`/api/v2/reviews/${reviewId}/photos`, { method: 'POST', body: form });
}

/**
 * Writes the review, then sends each photo (decision 134: within the hour after submitting); reports how many failed.
 */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photos = [], ...body }: CreateReviewBody & { photos?: File[] }) => {
      const reply = await createReview(body);
      let failed = 0;
      // Photos refused for a QR code in them (400 qr_code_not_allowed, decision 205): said apart from other failures.
      let qrCodes = 0;
      for (const file of photos) {
        try {
          await uploadReviewPhoto(reply.review.id, file);
        } catch (err) {
          failed += 1;
          if (err instanceof ApiError && err.code === 'qr_code_not_allowed') qrCodes += 1;
        }
      }
      return { reply, failed, qrCodes };
    },
    onSuccess: ({ reply }) =>
      queryClient.setQueryData(reviewKeys.eligibility(reply.eligibility.bookingId), reply.eligibility),
    // The guide's rating and profile list change once a review is published.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['guides'] }),
      ]),
  });
}

/** POST /api/v2/reviews/{id}/reply {text}: the reviewed guide's one public reply. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }) =>
      apiRequest<BookingReview>(`/api/v2/reviews/${reviewId}/reply`, { method: 'POST', body: { text } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['guides'] }),
      ]),
  });
}

/** Whether the server refused the text for its contact details (400 contact_details_not_allowed, decision 181). */
export const refusedContacts = (err: unknown): boolean =>
  err instanceof ApiError && err.code === 'contact_details_not_allowed';
