import { z } from 'zod';
import { CURRENCIES } from '../currency';
import { WITHDRAWAL_STATUSES } from './wallet';

/**
 * Payout batches (decision 128): approved withdrawals grouped for one transfer run. A bank batch is
 * paid by a Zengin transfer file in yen: a yuan payout at the rate the admin entered (decision 129),
 * a yen payout as it is (decision 167); Alipay and WeChat batches are lists an admin pays by hand.
 */
export const PAYOUT_BATCH_KINDS = ['bank', 'alipay', 'wechat'] as const;
export type PayoutBatchKind = (typeof PAYOUT_BATCH_KINDS)[number];
export const PAYOUT_LINE_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];

/** A Japanese bank or branch from the Zengin code list. */
export const bankSchema = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const bankSearchQuerySchema = z.object({ q: z.string().trim().max(40).optional() });
export const bankListSchema = z.object({ banks: z.array(bankSchema) });
export const branchListSchema = z.object({ bank: bankSchema, branches: z.array(bankSchema) });
export const bankCodeParams = z.object({ code: z.string().regex(/^\d{4}$/, 'A four-digit bank code') });

/**
 * Yen per RMB as the admin enters it ("21.5312"): up to six decimals, stored exactly (decision 129).
 * Between 0.000001 and 9999.999999.
 */
export const JPY_PER_CNY_PATTERN = /^(?!0+(\.0+)?$)\d{1,4}(\.\d{1,6})?$/;

export const createPayoutBatchBodySchema = z
  .object({
    kind: z.enum(PAYOUT_BATCH_KINDS),
    /**
     * A bank batch's rate: its yuan payouts are converted at it, so it is required when one is waiting
     * (400 `rate_required` otherwise); yen payouts are sent as they are, and a batch of them alone keeps
     * no rate (decision 169). Refused for the other kinds (paid in RMB).
     */
    jpyPerCny: z.string().trim().regex(JPY_PER_CNY_PATTERN, 'Yen per RMB as a decimal, e.g. 21.53').optional(),
  })
  .strict()
  .refine((b) => b.kind === 'bank' || b.jpyPerCny === undefined, {
    path: ['jpyPerCny'],
    message: 'Only a bank batch takes a rate',
  });
export type CreatePayoutBatchBody = z.infer<typeof createPayoutBatchBodySchema>;

/**
 * The rate and transfer day of a bank batch the weekly job formed without them (decision 130),
 * validated as at creation: the rate is required while the batch holds a yuan payout, and a batch of
 * yen payouts alone is dated without one (decision 169).
 */
export const setPayoutRateBodySchema = z
  .object({
    jpyPerCny: z.string().trim().regex(JPY_PER_CNY_PATTERN, 'Yen per RMB as a decimal, e.g. 21.53').optional(),
  })
  .strict();

export const payoutLineSchema = z.object({
  id: z.number().int(),
  withdrawalId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** In `currency`'s minor unit: the withdrawal's own amount. */
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The yen sent (bank batches: a yen payout's own amount, a yuan one's at the rate); null for Alipay and WeChat. */
  amountYen: z.number().int().nullable(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  withdrawalStatus: z.enum(WITHDRAWAL_STATUSES),
  accountName: z.string(),
  accountNumber: z.string(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  branchCode: z.string().nullable(),
  branchName: z.string().nullable(),
  accountHolderKana: z.string().nullable(),
  failureReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutBatchSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_BATCH_KINDS),
  /**
   * A bank batch the weekly job formed waits for the admin's rate while a yuan payout is pending in it
   * (`awaiting_rate`, decision 130), for its transfer day alone when every pending payout is in yen
   * (`awaiting_day`, decisions 169, 196); then open while a line is pending; done when every line is
   * paid or failed.
   */
  status: z.enum(['awaiting_rate', 'awaiting_day', 'open', 'done']),
  /** The transfer day (yyyy-mm-dd, a Japanese business day) for a bank batch; null otherwise. */
  transferDate: z.string().nullable(),
  jpyPerCny: z.string().nullable(),
  /** The Monday (yyyy-mm-dd, Japan) of the week the weekly job formed it for; null when an admin made it. */
  formedForWeek: z.string().nullable(),
  lineCount: z.number().int(),
  pendingCount: z.number().int(),
  /** The lines' amounts summed per currency, each in its minor unit (never yen and fen together, decision 167). */
  totals: z.array(z.object({ currency: z.enum(CURRENCIES), amountCents: z.number().int() })),
  totalYen: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;
export const payoutBatchSchema = payoutBatchSummarySchema.extend({ lines: z.array(payoutLineSchema) });
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export const payoutBatchListSchema = z.object({ batches: z.array(payoutBatchSummarySchema) });
export const failPayoutLineBodySchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
