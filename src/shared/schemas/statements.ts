import { z } from 'zod';
import { CURRENCIES } from '../currency';

/**
 * A guide's monthly statements (decision 127): per month in Japan time, what the ledgers hold for the
 * guide (earnings credited, payouts paid, the balance) and the commission the platform kept, with the
 * consumption tax the qualified invoice states. Money in integer minor units of the statement's
 * currency: a month in which the guide's ledgers moved in yen and in yuan has a statement in each
 * (decision 167), never a sum of the two.
 */

/** `yyyy-mm`, a calendar month (Japan time). */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as yyyy-mm')
  .describe('The month, yyyy-mm, in Japan time');

/**
 * One booking's part of a month (decision 196): her price, the commission kept on it, what was paid to
 * her online (posted to her wallet), what she collected in person, and what she earned in all (the last
 * two added), each in the statement's currency. A completed tour's line is what its tour card's net says.
 */
export const earningLineSchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  /** When the month's last entry of the booking was written (its completion, for a tour completed in it). */
  at: z.string(),
  /** The booking's total as booked: the guide's price, before the commission. */
  priceCents: z.number().int(),
  /** The commission kept on it in the month. */
  commissionCents: z.number().int(),
  /** Posted to her wallet in the month: the deposit less the commission at completion, a fee kept, an adjustment. */
  onlineCents: z.number().int(),
  /** The rest of the price, which the traveler paid her in person: counted in the month the tour was completed. */
  inPersonCents: z.number().int(),
  /** `onlineCents` + `inPersonCents`. */
  earnedCents: z.number().int(),
});
export type EarningLine = z.infer<typeof earningLineSchema>;

export const statementSchema = z.object({
  month: z.string().describe('yyyy-mm, Japan time'),
  /** False for the month still running: its figures can still change and it has no invoice yet. */
  closed: z.boolean(),
  /** The currency of every amount below: the guide's ledger entries' (yen for a guide who prices in yen). */
  currency: z.enum(CURRENCIES),
  /** What the platform held for the guide when the month began (earnings less payouts paid). */
  openingBalanceCents: z.number().int(),
  /** The guide account's booking entries in the month: earnings, cancellation fees, dispute adjustments. */
  earningsCents: z.number().int(),
  /**
   * Collected by the guide in person for the tours completed in the month; never in the balance, as it
   * never reached the platform.
   */
  inPersonCents: z.number().int(),
  /** What she earned in all in the month: `earningsCents` + `inPersonCents`, the lines' `earnedCents` summed. */
  earnedCents: z.number().int(),
  /**
   * Each booking's part, oldest first: the lines' `onlineCents` add up to `earningsCents`, their
   * commissions to the commission's total.
   */
  bookings: z.array(earningLineSchema),
  /** Payouts marked paid in the month. */
  payoutsCents: z.number().int(),
  closingBalanceCents: z.number().int(),
  /** The commission the platform kept in the month, tax included, and the tax it contains (one rate), in `currency`. */
  commission: z.object({
    totalCents: z.number().int(),
    taxRatePercent: z.number().int(),
    taxCents: z.number().int(),
    bookings: z.number().int(),
  }),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementListSchema = z.object({ statements: z.array(statementSchema) });
