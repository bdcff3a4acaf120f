/**
 * A booking's answers, status changes, cancellation quote and ledger: the request and reply schemas
 * of the routes that move a booking along (split from `bookings.ts`, which keeps the booking itself).
 */
import { z } from 'zod';
import { CURRENCIES } from '../currency';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '../booking/ledger';
import { bookingSchema, bookingStatusSchema } from './bookings';

export const declineBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
/** `reason`: a canceller's own words, shown to the other side; optional. */
/**
 * What `cancelReason` holds when nobody gave words of their own: the event that ended the booking, or
 * `replaced` (an unpaid checkout released by the traveler's next one). Anything else is someone's words.
 */
// The no-show codes are the reasons a no-show report records (NO_SHOW_REASONS in the bookings module, decision 138).
export const CANCEL_REASON_CODES: readonly string[] = [
  'cancel',
  'decline',
  'payment_expired',
  'request_expired',
  'replaced',
  'guide_no_show',
  'traveler_no_show',
];

export const statusBodySchema = z.object({
  status: bookingStatusSchema,
  reason: z.string().trim().max(500).optional(),
});

export const refundInfoSchema = z.object({
  /** In `currency`: what was charged, which may differ from the booking's (decision 164). */
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  method: z.string().nullable(),
  minBusinessDays: z.number().int(),
  maxBusinessDays: z.number().int(),
});

/** PATCH /api/bookings/{id}/status: the booking (so `status` is at the top) plus any refund made. */
export const statusReplySchema = bookingSchema.extend({ refund: refundInfoSchema.nullable() });

export const cancellationQuoteSchema = z.object({
  bookingId: z.number().int(),
  cancellable: z.boolean(),
  cancelledBy: z.enum(['traveler', 'guide']),
  /**
   * more_than_7_days, days_3_to_7, days_1_to_3, under_24_hours, guide (full refund), or weather (a JMA warning in
   * force: full refund, decision 093). On a later day of several days, while the caller may report the other side
   * absent, the quote is that report's (decision 158): missed_day (the guide absent: the shares of the days not given
   * back) or no_show (the traveler absent: nothing back).
   */
  tier: z.string(),
  /** The deposit paid and its split, in the booking's currency (`currency`, the guide's). */
  depositPaidCents: z.number().int(),
  refundCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** What comes back in what was paid (decision 164): the same share of the charge, in `paidCurrency`. */
  paidCurrency: z.enum(CURRENCIES),
  refundPaidCents: z.number().int(),
  /**
   * Everything cancelling now gives back in `paidCurrency`: the deposit's parts and an open change's payment whole
   * (decision 194) — the dialog's headline.
   */
  backPaidCents: z.number().int(),
  /** 0–100. */
  refundPercent: z.number(),
  /** What the guide keeps and the platform's commission on it (the rest of the deposit). */
  guideCents: z.number().int(),
  platformCents: z.number().int(),
  method: z.string().nullable(),
  minBusinessDays: z.number().int(),
  maxBusinessDays: z.number().int(),
  hoursUntilStart: z.number(),
  quotedAt: z.string(),
  /**
   * Every refund cancelling now makes, payment by payment, as the ending makes them (decision 194): the deposit's
   * share (from the latest payments first after a change, decision 177), and the payment of a change still open,
   * whole (`open`). `refundPaidCents` is the deposit's parts in `paidCurrency`.
   */
  refunds: z.array(
    z.object({
      paymentId: z.number().int(),
      kind: z.enum(['deposit', 'change']),
      amountCents: z.number().int(),
      currency: z.enum(CURRENCIES),
      method: z.string(),
      open: z.boolean(),
    }),
  ),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  account: z.enum(LEDGER_ACCOUNTS),
  userId: z.number().int().nullable(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  /** The entry's currency (decision 164): a booking paid in another currency than its own has entries in both. */
  currency: z.enum(CURRENCIES),
  paymentId: z.number().int().nullable(),
  /** Guide earnings: pending until then, withdrawable after. */
  availableAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ledgerReplySchema = z.object({
  bookingId: z.number().int(),
  entries: z.array(ledgerEntrySchema),
  /**
   * In the booking's own currency, the exchange's side read as the traveler's (each currency's entries sum to zero).
   */
  balance: z.object({
    traveler: z.number().int(),
    reseller: z
      .number()
      .int()
      .optional()
      .describe('Only on a reseller’s booking (decision 202): what the reseller still owes, negative'),
    guide: z.number().int(),
    platform: z.number().int(),
    total: z.number().int(),
  }),
});
export type LedgerReply = z.infer<typeof ledgerReplySchema>;
