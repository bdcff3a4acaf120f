import { z } from 'zod';
import { currencySchema } from './common';

/**
 * The payment-proof API contract (decision 062): the traveler's proof of the final payment
 * made in person, and the guide's check of it.
 */

/**
 * docs/rules/guides-and-licences.md (qualification files, the same kinds here): JPEG, PNG, GIF, WEBP or PDF, at most 10
 * MB.
 */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';
export const PROOF_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

/**
 * docs/rules/money-and-cancellation.md payment-proof badge: verified (green), uploaded and awaiting check (yellow), or
 * none yet.
 */
export const PROOF_STATUSES = ['none', 'uploaded', 'verified'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** Booking statuses in which the in-person final payment applies (the tour has begun). */
export const PROOF_BOOKING_STATUSES = ['ongoing', 'extend_requested', 'extend_confirmed', 'completed'] as const;

export const proofFileSchema = z.object({
  id: z.number().int(),
  /** image/webp (every image is re-encoded) or application/pdf. */
  contentType: z.enum(['image/webp', 'application/pdf']),
  sizeBytes: z.number().int(),
  fileName: z.string(),
  uploadedAt: z.string(),
  verifiedAt: z.string().nullable(),
  /** A signed URL that expires (fileUrlExpiresAt); only the booking's parties and admins receive one. */
  fileUrl: z.string(),
  fileUrlExpiresAt: z.string(),
});
export type ProofFile = z.infer<typeof proofFileSchema>;

export const paymentProofReplySchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  bookingStatus: z.string(),
  /** Who is looking: the traveler uploads, the guide verifies, an admin only reads. */
  viewer: z.enum(['traveler', 'guide', 'admin']),
  status: z.enum(PROOF_STATUSES),
  /** What remains to be paid in person (total less the deposit), in fen. */
  amountCents: z.number().int(),
  currency: currencySchema,
  canUpload: z.boolean(),
  canVerify: z.boolean(),
  proof: proofFileSchema.nullable(),
});
export type PaymentProofReply = z.infer<typeof paymentProofReplySchema>;

/** The status a booking's payments imply (payments: kind final_payment, proofUploadedByTraveler, verifiedByGuide). */
export function proofStatusOf(
  payments: readonly { kind: string; proofUploadedByTraveler: boolean; verifiedByGuide: boolean }[],
): ProofStatus {
  const final = payments.find((p) => p.kind === 'final_payment');
  if (!final) return 'none';
  if (final.verifiedByGuide) return 'verified';
  return final.proofUploadedByTraveler ? 'uploaded' : 'none';
}
