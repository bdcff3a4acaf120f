import { z } from 'zod';
import { CURRENCIES, type Currency } from '../currency';

/**
 * The wallet (decision 067): balances computed from the ledgers, credit levels, and the
 * guide's payout requests. Money in integer minor units of the currency each figure names: a guide's
 * earnings and payouts in the currency they were earned in (decision 167), credit levels in yuan fen.
 */
export const WITHDRAWAL_METHODS = ['alipay', 'wechat', 'bank'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'paid', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The payouts ledger's accounts: the guide's, and the platform's hold, in-transit and paid-out accounts;
 * `payout_batched` holds a bank payout converted to yen in a transfer batch (decision 129).
 */
export const PAYOUT_LEDGER_ACCOUNTS = [
  'guide',
  'payout_hold',
  'payout_sending',
  'payout_external',
  'payout_batched',
] as const;
export type PayoutLedgerAccount = (typeof PAYOUT_LEDGER_ACCOUNTS)[number];
export const PAYOUT_LEDGER_KINDS = [
  'withdrawal',
  'payout_approved',
  'payout_paid',
  'payout_failed',
  'payout_converted',
] as const;
/** A Japanese bank account's type: 普通 (ordinary) or 当座 (current); Zengin codes 1 and 2. */
export const BANK_ACCOUNT_TYPES = ['ordinary', 'current'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export type PayoutLedgerKind = (typeof PAYOUT_LEDGER_KINDS)[number];

/** docs/rules/money-and-cancellation.md wallet levels; the thresholds (net paid online, fen) are decision 067's. */
export const CREDIT_LEVELS = ['bronze', 'silver', 'gold', 'diamond', 'black_card'] as const;
export type CreditLevel = (typeof CREDIT_LEVELS)[number];
export const CREDIT_LEVEL_THRESHOLDS: Record<CreditLevel, number> = {
  bronze: 0,
  silver: 200_000,
  gold: 1_000_000,
  diamond: 3_000_000,
  black_card: 10_000_000,
};

/** The level reached with `spentCents` paid, and the next one (null at the top). */
export function creditLevelOf(spentCents: number): {
  level: CreditLevel;
  next: { level: CreditLevel; thresholdCents: number } | null;
} {
  let index = 0;
  CREDIT_LEVELS.forEach((level, i) => {
    if (spentCents >= CREDIT_LEVEL_THRESHOLDS[level]) index = i;
  });
  const nextLevel = CREDIT_LEVELS[index + 1];
  return {
    level: CREDIT_LEVELS[index]!,
    next: nextLevel ? { level: nextLevel, thresholdCents: CREDIT_LEVEL_THRESHOLDS[nextLevel] } : null,
  };
}

/** Smallest and largest single payout in yuan (fen): 1 元 to 500,000 元. */
const WITHDRAWAL_MIN_CENTS = 100;
const WITHDRAWAL_MAX_CENTS = 50_000_000;
/**
 * The same bounds per currency (decision 167), in its minor unit: 1 元 to 500,000 元, ¥100 to
 * ¥10,000,000 (about the yuan's ceiling, and what a Zengin amount field of ten digits holds).
 */
export const WITHDRAWAL_LIMITS: Record<Currency, { min: number; max: number }> = {
  CNY: { min: WITHDRAWAL_MIN_CENTS, max: WITHDRAWAL_MAX_CENTS },
  JPY: { min: 100, max: 10_000_000 },
};

export const guideEarningsSchema = z.object({
  /** Everything the guide has earned (net of dispute adjustments). */
  totalCents: z.number().int(),
  /** Available and not already requested or paid out. */
  withdrawableCents: z.number().int(),
  /** Earned but held until five working days after the service. */
  pendingCents: z.number().int(),
  /** Requested or approved payouts not yet paid. */
  inPayoutCents: z.number().int(),
  /** Paid out. */
  withdrawnCents: z.number().int(),
  /** When the next pending earnings become withdrawable; null when nothing is pending. */
  nextAvailableAt: z.string().nullable(),
});
export type GuideEarnings = z.infer<typeof guideEarningsSchema>;

/** A guide's money in one currency: the balance the platform holds and the figures it adds up from. */
export const currencyBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  assetBalanceCents: z.number().int(),
  earnings: guideEarningsSchema,
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

export const walletSchema = z.object({
  /**
   * The currency of `assetBalanceCents` and `earnings`: the one the guide prices in (decision 167);
   * CNY for a user who is not a guide.
   */
  currency: z.enum(CURRENCIES),
  /** What the platform holds for the user: the guide's withdrawable, pending and in-payout money, in `currency`. */
  assetBalanceCents: z.number().int(),
  creditLevel: z.enum(CREDIT_LEVELS),
  /** Net paid online as a traveler in yuan (payments less refunds), fen: what the credit level is computed from. */
  spentCents: z.number().int(),
  nextLevel: z.object({ level: z.enum(CREDIT_LEVELS), thresholdCents: z.number().int() }).nullable(),
  /** The guide's earnings in `currency`; null for a user who is not a guide. */
  earnings: guideEarningsSchema.nullable(),
  /**
   * A guide who earned in the other currency too (they priced in it before): their figures in it, on
   * their own (never added to the figures above, decision 167), paid out included. Empty for everyone else.
   */
  otherBalances: z.array(currencyBalanceSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  /** In `currency`'s minor unit: the balance it was requested from (decision 167). */
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  method: z.enum(WITHDRAWAL_METHODS),
  accountName: z.string(),
  /** The account number with all but its last four characters hidden. */
  accountNumberMasked: z.string(),
  bankName: z.string().nullable(),
  /** A bank payout's Zengin codes, branch, account type and the holder's name in half-width katakana. */
  bankCode: z.string().nullable(),
  branchCode: z.string().nullable(),
  branchName: z.string().nullable(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  accountHolderKana: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.number().int(),
  username: z.string(),
  accountNumber: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export const adminWithdrawalListSchema = z.object({ withdrawals: z.array(adminWithdrawalSchema) });
export const adminWithdrawalQuerySchema = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/**
 * A payout account's fields, as a withdrawal names them and as a guide saves one ahead of any payout
 * (decision 172): one set of rules for both, so an account that was saved is one a withdrawal takes.
 */
const accountFieldShapes = {
  accountName: trimmed(100).optional(),
  accountNumber: z
    .string()
    .trim()
    .min(4)
    .max(64)
    .regex(/^[A-Za-z0-9@._+\- ]+$/, 'Letters, digits, @ . _ + - only')
    .optional(),
  /** Ignored for a bank payout: the bank's name comes from its code (decision 128). */
  bankName: trimmed(100).optional(),
  bankCode: z
    .string()
    .regex(/^\d{4}$/, 'A four-digit bank code')
    .optional(),
  branchCode: z
    .string()
    .regex(/^\d{3}$/, 'A three-digit branch code')
    .optional(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
  /** The holder's name in katakana (full- or half-width); checked and stored half-width on the server. */
  accountHolderKana: z.string().trim().min(1).max(60).optional(),
};
const ACCOUNT_FIELDS = Object.keys(accountFieldShapes) as (keyof typeof accountFieldShapes)[];
type AccountFieldValues = { method: WithdrawalMethod } & { [K in keyof typeof accountFieldShapes]?: string };

/**
 * The account fields a method needs: a name and a number, and for a bank its codes, type, holder's kana and seven
 * digits.
 */
function requireAccountFields(b: AccountFieldValues, ctx: z.RefinementCtx): void {
  for (const key of ['accountName', 'accountNumber'] as const) {
    if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required' });
  }
  if (b.method !== 'bank') return;
  for (const key of ['bankCode', 'branchCode', 'accountType', 'accountHolderKana'] as const) {
    if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required for a bank transfer' });
  }
  if (!/^\d{7}$/.test(b.accountNumber ?? ''))
    ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'A seven-digit account number' });
}

export const createWithdrawalBodySchema = z
  .object({
    /**
     * In the minor unit of `currency`, within its `WITHDRAWAL_LIMITS` (checked on the server, which knows the default).
     */
    amountCents: z
      .number()
      .int()
      .min(Math.min(WITHDRAWAL_LIMITS.CNY.min, WITHDRAWAL_LIMITS.JPY.min))
      .max(Math.max(WITHDRAWAL_LIMITS.CNY.max, WITHDRAWAL_LIMITS.JPY.max)),
    /**
     * The balance paid out (decision 167): the guide's own currency when left out. A yen balance goes
     * to a Japanese bank account only.
     */
    currency: z.enum(CURRENCIES).optional(),
    method: z.enum(WITHDRAWAL_METHODS),
    /**
     * One of the guide's own earlier withdrawals of the same method whose account this one is paid to
     * ("use the same account"): the server copies the account, so the form never needs its full number,
     * which reads only masked. Without it (or `savedAccount`), the account fields below are required.
     */
    sameAccountAs: z.number().int().positive().max(2_147_483_647).optional(),
    /**
     * Paid to the guide's saved payout account (decision 172), which must be of `method`: the server
     * copies it, as it copies an earlier withdrawal's.
     */
    savedAccount: z.literal(true).optional(),
    ...accountFieldShapes,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.sameAccountAs !== undefined && b.savedAccount)
      ctx.addIssue({ code: 'custom', path: ['savedAccount'], message: 'Either sameAccountAs or savedAccount' });
    if (b.sameAccountAs !== undefined || b.savedAccount) {
      for (const key of ACCOUNT_FIELDS) {
        if (b[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Not with sameAccountAs or savedAccount: the account is copied',
          });
      }
      return;
    }
    requireAccountFields(b, ctx);
  });
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

/**
 * A guide's saved payout account (decision 172): created or replaced whole, with a withdrawal's
 * account fields and their rules.
 */
export const payoutAccountBodySchema = z
  .object({ method: z.enum(WITHDRAWAL_METHODS), ...accountFieldShapes })
  .strict()
  .superRefine(requireAccountFields);
export type PayoutAccountBody = z.infer<typeof payoutAccountBodySchema>;

/** The saved account as the guide reads it: a withdrawal's account fields, the number masked as a withdrawal's is. */
export const payoutAccountSchema = withdrawalSchema
  .pick({
    method: true,
    accountName: true,
    accountNumberMasked: true,
    bankName: true,
    bankCode: true,
    branchCode: true,
    branchName: true,
    accountType: true,
    accountHolderKana: true,
  })
  .extend({ updatedAt: z.string() });
export type PayoutAccountView = z.infer<typeof payoutAccountSchema>;
/** `account` is null until the guide saves one (and after she removes it). */
export const payoutAccountReplySchema = z.object({ account: payoutAccountSchema.nullable() });

export const failWithdrawalBodySchema = z.object({ reason: trimmed(500) }).strict();

/**
 * The guide's and the admin's view of a transition: the withdrawal and the guide's earnings after it, in the
 * withdrawal's currency.
 */
export const withdrawalReplySchema = z.object({ withdrawal: withdrawalSchema, earnings: guideEarningsSchema });
export const adminWithdrawalReplySchema = z.object({
  withdrawal: adminWithdrawalSchema,
  earnings: guideEarningsSchema,
});

/**
 * The latest yen rate the product used for a bank payout: the rate an admin gave a bank batch
 * (decisions 129, 130) and that batch's transfer day (yyyy-mm-dd, Japan). Null before any bank batch
 * has a rate: the product has no other rate source.
 */
export const payoutRateSchema = z.object({ jpyPerCny: z.string(), transferDate: z.string() });
export type PayoutRate = z.infer<typeof payoutRateSchema>;
export const latestPayoutRateSchema = z.object({ rate: payoutRateSchema.nullable() });
