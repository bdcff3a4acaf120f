/**
 * When a trip goes wrong (decisions 137, 138): a replacement guide offered after the guide's
 * cancellation, and the report that the other side did not come.
 */
import { z } from 'zod';

export const REPLACEMENT_STATUSES = ['open', 'requested', 'handed_over', 'refunded'] as const;

/** A guide who could take the tour over, with what the traveler would pay. */
export const replacementCandidateSchema = z.object({
  guideId: z.number().int(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  languages: z.array(z.string()),
  licensed: z.boolean(),
  /** What the traveler pays in all with this guide (never more than booked), fen. */
  totalCents: z.number().int(),
  /** Of it, still to pay in person (the deposit paid stays as it is), fen. */
  balanceCents: z.number().int(),
  /** What the platform adds so this guide is paid their own price, fen. */
  coveredCents: z.number().int(),
  /**
   * When this guide would start (ISO instant, and the wall-clock HH:mm in the booking's time zone):
   * the booked time after a cancellation; this guide's first free time later the same day after a
   * guide's no-show (decision 140). On day 1 of several days that is day 1's start: the other days
   * keep the booked hours (decision 140, amended).
   */
  startsAt: z.string(),
  scheduledStartTime: z.string(),
});
export type ReplacementCandidate = z.infer<typeof replacementCandidateSchema>;

/** GET /api/v2/bookings/{id}/replacements (the booking's traveler). */
export const replacementsReplySchema = z.object({
  bookingId: z.number().int(),
  /** The latest replacement of the booking, or null when its guide never cancelled. */
  status: z.enum(REPLACEMENT_STATUSES).nullable(),
  /** After the guide's no-show: guides free later the same day, each at their own time (decision 140). */
  sameDay: z.boolean(),
  /** Until when the traveler may choose (then the full refund). */
  lapsesAt: z.string().nullable(),
  /** The guide asked and until when they answer, while `requested`. */
  requestedGuideId: z.number().int().nullable(),
  answerBy: z.string().nullable(),
  bookedTotalCents: z.number().int(),
  depositPaidCents: z.number().int(),
  /** Up to three guides, best match first; empty unless `open`. */
  candidates: z.array(replacementCandidateSchema),
});
export type ReplacementsReply = z.infer<typeof replacementsReplySchema>;

/** POST /api/v2/bookings/{id}/replacements: the guide chosen from the list. */
export const chooseReplacementBodySchema = z.object({
  guideId: z.number().int().positive().max(2_147_483_647),
  /**
   * The start the list showed for this guide: when it is no longer theirs to offer, 409 replacement_unavailable rather
   * than another time.
   */
  startsAt: z.iso.datetime().optional(),
});

/** The open replacement as the booking view carries it. */
export const bookingReplacementSchema = z.object({
  status: z.enum(['open', 'requested']),
  lapsesAt: z.string(),
  answerBy: z.string().nullable(),
  coveredCents: z.number().int(),
  /** Why the guide cancelled, in their words (the traveler reads it while choosing). */
  reason: z.string().nullable().optional(),
  /** The guide did not come, and the traveler chose another guide later that day over the refund (decision 140). */
  sameDay: z.boolean().optional(),
});

/**
 * POST /api/v2/bookings/{id}/report-no-show: the other side did not come; a note is optional. A traveler
 * may ask for another guide later the same day instead of the refund now (`replacement: true`,
 * decision 140); with nobody free that day the answer is 409 `no_replacement_today` and nothing changes.
 */
export const reportNoShowBodySchema = z.object({
  note: z.string().trim().max(500).optional(),
  replacement: z.boolean().optional(),
});

/** POST /api/admin/bookings/{id}/cancel-for-guide: the reason the traveler reads. */
export const cancelForGuideBodySchema = z.object({ reason: z.string().trim().min(1, 'Say why').max(500) });

/**
 * GET /api/me/travel-credits: the caller's credits for a next booking (decision 139); `available` is what the next
 * checkout takes.
 */
export const travelCreditSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  reason: z.enum(['guide_cancelled', 'guide_no_show']),
  /** The booking whose end gave it, and the one it was spent on (null while unspent). */
  sourceBookingId: z.number().int(),
  spentBookingId: z.number().int().nullable(),
  expiresAt: z.string(),
});
export const travelCreditsReplySchema = z.object({
  available: travelCreditSchema.nullable(),
  credits: z.array(travelCreditSchema),
});
export type TravelCreditsReply = z.infer<typeof travelCreditsReplySchema>;
