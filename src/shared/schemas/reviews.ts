import { z } from 'zod';
import { cleanDisplayText, displayText, hasVisibleText, VISIBLE_NAME_MESSAGE } from '../display-text';
import { idParam } from './common';

/** docs/rules/booking-lifecycle.md: ratings 1–5, text at most 2000 characters (trimmed, optional). */
export const REVIEW_MAX_CHARS = 2000;
/**
 * Dual-blind (docs/rules/booking-lifecycle.md): a review is published when both have reviewed, or this long after it
 * was written.
 */
export const REVIEW_BLIND_DAYS = 7;
/** How long after completion either side may write a review (decision 063). */
export const REVIEW_WINDOW_DAYS = 14;

export const REVIEW_TYPES = ['traveler_to_guide', 'guide_to_traveler'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** docs/rules/booking-lifecycle.md 'Please select a rating'. */
export const RATING_REQUIRED = 'Please select a rating';

/** The four sub-ratings beside the overall stars (decision 134), in the order forms and cards show them. */
export const SUB_RATING_KEYS = ['knowledge', 'communication', 'punctuality', 'value'] as const;
export type SubRatingKey = (typeof SUB_RATING_KEYS)[number];
const subRating = z.number().int('Whole stars, 1 to 5').min(1, 'Whole stars, 1 to 5').max(5, 'Whole stars, 1 to 5');
/** All four or none (decision 134): a partial set would average unlike things. */
export const subRatingsSchema = z
  .object({ knowledge: subRating, communication: subRating, punctuality: subRating, value: subRating })
  .strict()
  .describe('Knowledge, communication, punctuality and value, each 1–5: all four or none');
export type SubRatings = z.infer<typeof subRatingsSchema>;

/** Photos on one review, each uploaded on its own (POST /api/v2/reviews/{id}/photos). */
export const REVIEW_PHOTO_MAX = 6;
/** Each photo's upload limit, the same as avatars'. */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * How long after submitting its author may still attach photos (decision 134): long enough for the
 * web form to upload them one by one after the text, and no way to change a review later.
 */
export const REVIEW_PHOTO_WINDOW_MINUTES = 60;
/** The guide's one public reply: at most this many characters. */
export const REVIEW_REPLY_MAX_CHARS = 1000;

/** How many review photos a guide's profile shows, newest first. */
export const PROFILE_GALLERY_PHOTOS = 12;

export const reviewPhotoSchema = z.object({ id: z.number().int(), url: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export const reviewReplySchema = z.object({ text: z.string(), repliedAt: z.string() });

/** POST /api/v2/reviews/{id}/reply: shown under the review on the guide's profile (a display text, decision 099). */
export const replyBodySchema = z.object({
  text: displayText(REVIEW_REPLY_MAX_CHARS, { multiline: true }).pipe(
    z.string().refine(hasVisibleText, VISIBLE_NAME_MESSAGE),
  ),
});

/** What every reader of a review sees besides the stars and the text (decision 134). */
export const reviewTrustFields = {
  subRatings: subRatingsSchema.nullable(),
  photos: z.array(reviewPhotoSchema),
  reply: reviewReplySchema.nullable(),
  touredWithGuide: z.boolean().describe('The review comes from a booking completed with this guide'),
};

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
  /** traveler_to_guide only. */
  subRatings: subRatingsSchema.optional(),
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
  ...reviewTrustFields,
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

export const ELIGIBILITY_REASONS = [
  'booking_cancelled',
  'not_completed',
  'already_reviewed',
  'review_period_ended',
] as const;
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
