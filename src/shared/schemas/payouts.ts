import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from './wallet';

/**
 * Payout batches (decision 128): approved withdrawals grouped for one transfer run. A bank batch is
 * paid by a Zengin transfer file in yen at the rate the admin entered (decision 129); Alipay and
 * WeChat batches are lists an admin pays by hand.
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
    /** Required for a bank batch, refused for the others (they are paid in RMB). */
    jpyPerCny: z.string().trim().regex(JPY_PER_CNY_PATTERN, 'Yen per RMB as a decimal, e.g. 21.53').optional(),
  })
  .strict()
  .refine((b) => (b.kind === 'bank') === (b.jpyPerCny !== undefined), { path: ['jpyPerCny'], message: 'Required for a bank batch, and only for one' });
export type CreatePayoutBatchBody = z.infer<typeof createPayoutBatchBodySchema>;

/** The rate of a bank batch the weekly job formed without one (decision 130); validated as at creation. */
export const setPayoutRateBodySchema = z.object({ jpyPerCny: z.string().trim().regex(JPY_PER_CNY_PATTERN, 'Yen per RMB as a decimal, e.g. 21.53') }).strict();

export const payoutLineSchema = z.object({
  id: z.number().int(),
  withdrawalId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  amountCents: z.number().int(),
  /** The yen sent (bank batches); null for Alipay and WeChat. */
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
   * A bank batch the weekly job formed waits for the admin's rate (decision 130); then open while a
   * line is pending; done when every line is paid or failed.
   */
  status: z.enum(['awaiting_rate', 'open', 'done']),
  /** The transfer day (yyyy-mm-dd, a Japanese business day) for a bank batch; null otherwise. */
  transferDate: z.string().nullable(),
  jpyPerCny: z.string().nullable(),
  /** The Monday (yyyy-mm-dd, Japan) of the week the weekly job formed it for; null when an admin made it. */
  formedForWeek: z.string().nullable(),
  lineCount: z.number().int(),
  pendingCount: z.number().int(),
  totalCents: z.number().int(),
  totalYen: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;
export const payoutBatchSchema = payoutBatchSummarySchema.extend({ lines: z.array(payoutLineSchema) });
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export const payoutBatchListSchema = z.object({ batches: z.array(payoutBatchSummarySchema) });
export const failPayoutLineBodySchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
