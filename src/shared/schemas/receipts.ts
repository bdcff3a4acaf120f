import { z } from 'zod';
import { currencySchema } from './common';
import { displayName } from '../display-text';

/**
 * The receipts API contract (decision 125): a receipt for each payment the platform received online
 * (a deposit, an extension, a trip change's difference) and a credit note for each refund of one, numbered in one
 * series each.
 */

/** The languages a receipt's PDF is printed in: the app's two and Japanese (the issuer's country). */
export const RECEIPT_LANGUAGES = ['en', 'zh-CN', 'ja'] as const;
export type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

export const ADDRESSEE_MAX = 100;

export const receiptSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['receipt', 'credit_note']),
  /** "R-00000042" for a receipt, "C-00000007" for a credit note: each series counts up without gaps. */
  number: z.string(),
  /** A credit note's receipt number; null on a receipt. */
  receiptNumber: z.string().nullable(),
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  paymentKind: z.enum(['deposit', 'extension', 'change']),
  method: z.enum(['card', 'alipay', 'wechat', 'cash']),
  cardLast4: z.string().nullable(),
  /**
   * Received (a receipt) or refunded (a credit note), in the minor unit of `currency`: the payment's (decision 164).
   */
  amountCents: z.number().int(),
  /**
   * Owed to the guide in person as the booking stands now, on a deposit's receipt (decision 193: the
   * booking's statement, never a figure a trip change has since replaced): not received by the platform,
   * not in the amount. 0 on every other document.
   */
  inPersonCents: z.number().int(),
  currency: currencySchema,
  /** The booking's (the guide's) currency, which `inPersonCents` is in. */
  inPersonCurrency: currencySchema,
  /**
   * When the payment's currency is not the booking's: the rate the booking was fixed at, yen per yuan
   * as entered ("20.53"), and the day it is the reference for (YYYY-MM-DD). Null otherwise.
   */
  rate: z.object({ jpyPerCny: z.string(), asOf: z.string() }).nullable(),
  paidAt: z.string(),
  issuedAt: z.string(),
  /**
   * The tour the payment is for, as its booking stands (decision 179; not what the receipt certifies):
   * the guide, the first day, the days and each day's hours, the group. Always sent by the server.
   */
  tour: z
    .object({
      guideName: z.string(),
      date: z.string(),
      days: z.number().int(),
      hoursEachDay: z.number(),
      travelers: z.number().int(),
      children: z.number().int(),
      infants: z.number().int(),
    })
    .optional(),
  /**
   * When `inPersonCents` is handed to the guide (decision 179): a share each tour day, in
   * `inPersonCurrency`, with the same in `currency` at the booking's rate when the two differ
   * (`aboutCents`, else null); empty when nothing is owed in person. Always sent by the server.
   */
  inPersonOn: z
    .array(
      z.object({
        day: z.number().int(),
        date: z.string(),
        cents: z.number().int(),
        aboutCents: z.number().int().nullable(),
      }),
    )
    .optional(),
  /** `inPersonCents` in `currency` at the booking's rate when the two differ, else null. Always sent by the server. */
  inPersonAboutCents: z.number().int().nullable().optional(),
  /** 宛名: who the receipt is made out to (the payer's name unless changed). */
  addressee: z.string(),
  /** The operator as it was when the receipt was issued. */
  operator: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    invoiceNumber: z.string(),
    fake: z.boolean(),
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptListSchema = z.object({ receipts: z.array(receiptSchema) });
export type ReceiptList = z.infer<typeof receiptListSchema>;

export const updateReceiptBodySchema = z.strictObject({
  /** One line, NFC, without control, bidi or invisible characters (decision 099), with something visible. */
  addressee: displayName(ADDRESSEE_MAX),
});
