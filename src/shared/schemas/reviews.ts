import { z } from 'zod';
import { cleanDisplayText } from '../display-text';
import { idParam } from './common';

/** docs/rules/booking-lifecycle.md: ratings 1–5, text at most 2000 characters (trimmed, optional). */
export const REVIEW_MAX_CHARS = 2000;
/** Dual-blind (docs/rules/booking-lifecycle.md): a review is published when both have reviewed, or this long after it was written. */
export const REVIEW_BLIND_DAYS = 7;
/** How long after completion either side may write a review (decision 063). */
export const REVIEW_WINDOW_DAYS = 14;

export const REVIEW_TYPES = ['traveler_to_guide', 'guide_to_traveler'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** docs/rules/booking-lifecycle.md 'Please select a rating'. */
export const RATING_REQUIRED = 'Please select a rating';

export const createReviewBodySchema = z.object({
  bookingId: idParam,
  type: z.enum(REVIEW_TYPES),
  /** The client sends both; the server derives them from the booking and refuses ones that disagree. */
  fromUserId: idParam.optional(),
  toUserId: idParam.optional(),
  rating: z.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  content: z
    .string()
    .optional()
    .default('')
    .transform((s) => cleanDisplayText(s, { multiline: true }))
    .pipe(z.string().max(REVIEW_MAX_CHARS, `At most ${REVIEW_MAX_CHARS} characters`)),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** One review as its own author, or the other party once it is published, sees it. */
export const bookingReviewSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  type: z.enum(REVIEW_TYPES),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  submittedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

export const ELIGIBILITY_REASONS = ['booking_cancelled', 'not_completed', 'already_reviewed', 'review_period_ended'] as const;
export type EligibilityReason = (typeof ELIGIBILITY_REASONS)[number];

/**
 * GET /api/v2/reviews/bookings/{id}/eligibility (canReview and reason). `reason` is null
 * when the caller may review; `type` is the caller's direction. The other side's review is only
 * included once published (dual-blind); `otherSubmitted` says that it exists.
 */
export const eligibilityReplySchema = z.object({
  bookingId: z.number().int(),
  canReview: z.boolean(),
  reason: z.enum(ELIGIBILITY_REASONS).nullable(),
  type: z.enum(REVIEW_TYPES),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  /** Until when a review can be written (ISO), null when the tour is not completed. */
  reviewBy: z.string().nullable(),
  myReview: bookingReviewSchema.nullable(),
  otherSubmitted: z.boolean(),
  otherReview: bookingReviewSchema.nullable(),
});
export type EligibilityReply = z.infer<typeof eligibilityReplySchema>;

export const createReviewReplySchema = z.object({ review: bookingReviewSchema, eligibility: eligibilityReplySchema });
export type CreateReviewReply = z.infer<typeof createReviewReplySchema>;
