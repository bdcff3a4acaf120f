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
