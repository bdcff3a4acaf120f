import { z } from 'zod';
import { TEXT_LANGUAGES } from '../guide-texts';
import { currencySchema, idParam } from './common';
import { bodyTranslationFields, machineTranslationSchema, translationStateSchema } from './translation';

export const DISPUTE_REASON_MAX_CHARS = 2000;
/** Evidence files: JPEG, PNG, GIF, WEBP or PDF (checked by content), at most 10 MB each, 10 per dispute. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 10;

/**
 * What went wrong, as the traveler or guide names it (decision 135). The four named ones are what
 * guided-tour travelers report most after refunds: a shop stop the offer did not declare, pressure to
 * buy, being asked to change or delete a review, unsafe driving. Each has its own evidence to ask for
 * and its own outcome; `other` is everything else.
 */
export const DISPUTE_CATEGORIES = [
  'undeclared_shop_stop',
  'pressure_to_buy',
  'review_pressure',
  'unsafe_driving',
  'other',
] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

export const openDisputeBodySchema = z.object({
  bookingId: idParam,
  category: z.enum(DISPUTE_CATEGORIES).default('other'),
  reason: z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'Please describe the problem')
        .max(DISPUTE_REASON_MAX_CHARS, `At most ${DISPUTE_REASON_MAX_CHARS} characters`),
    ),
});
export type OpenDisputeBody = z.input<typeof openDisputeBodySchema>;

export const evidenceSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.number().int(),
  createdAt: z.string(),
  /** The authenticated route that serves it to the booking's parties and admins. */
  url: z.string(),
});

export const disputeSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  openedBy: z.number().int(),
  openedSide: z.enum(['traveler', 'guide']),
  previousStatus: z.string(),
  category: z.enum(DISPUTE_CATEGORIES),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(['completed', 'cancelled']).nullable(),
  refundCents: z.number().int().nullable(),
  resolutionNote: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  bookingStatus: z.string(),
  evidence: z.array(evidenceSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const resolveDisputeBodySchema = z.object({
  resolution: z.enum(['completed', 'cancelled']),
  /**
   * Refund to the traveler in the minor unit of the booking's currency, through the payment provider; at most what was
   * paid online.
   */
  refundCents: z.number().int().min(0).max(100_000_000).optional().default(0),
  note: z.string().trim().max(DISPUTE_REASON_MAX_CHARS).optional(),
});
export type ResolveDisputeBody = z.input<typeof resolveDisputeBodySchema>;

/** A ledger entry in its own currency (decision 164). */
export const ledgerEntrySchema = z.object({
  account: z.string(),
  kind: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
});

export const resolveDisputeReplySchema = z.object({
  dispute: disputeSchema,
  ledger: z.object({ entries: z.array(ledgerEntrySchema), total: z.number().int() }),
});
export type ResolveDisputeReply = z.infer<typeof resolveDisputeReplySchema>;

/** GET /api/admin/disputes/{id}: everything an admin weighs before resolving. */
export const adminDisputeDetailSchema = z.object({
  /**
   * With machine translation on (decision 146), the statement in another language than the admin's
   * carries `reasonLanguage`, `reasonTranslated` and, while it is missing, `reasonTranslation`;
   * `reason` stays what was written, and is what counts.
   */
  dispute: disputeSchema.extend({
    reasonLanguage: z.enum(TEXT_LANGUAGES).optional(),
    reasonTranslated: machineTranslationSchema.optional(),
    reasonTranslation: translationStateSchema.optional(),
  }),
  /** The booking's currency (decision 164): `refundCents` and the ledger's `total` are in it. */
  currency: currencySchema,
  ledger: z.object({ entries: z.array(ledgerEntrySchema), total: z.number().int() }),
  /** The latest 50 messages between the booking's traveler and guide, oldest first; translated like the statement. */
  messages: z.array(
    z.object({
      id: z.number().int(),
      side: z.enum(['traveler', 'guide']),
      body: z.string(),
      kind: z.string(),
      createdAt: z.string(),
      ...bodyTranslationFields,
    }),
  ),
});
