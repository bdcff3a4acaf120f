/**
 * The settings of money: payments, payouts and yen per yuan. Their part of config.ts's envSchema (spread
 * where they stood, so its order is kept) and the sections loadConfig builds of them; apart as the largest area.
 */
import { z } from 'zod';
import { DEFAULT_TRAVEL_CREDIT_CENTS } from '../shared/booking/credit';
import { DEFAULT_REPLACEMENT_COVER_RATE } from '../shared/booking/replacement';
import { isUsableRate, MAX_JPY_PER_CNY, MIN_JPY_PER_CNY, trimRate } from '../shared/currency';
import { FX_PROVIDERS } from '../shared/schemas/fx';

export const paymentSettings = {
  // Bookings and payments (decision 040).
  PAYMENT_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  // Stripe.js in the browser (cards are entered in Stripe Elements; decision 042). Public by design.
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  // Unset: Stripe's own API. The tests point it at their local server (src/server/test/stripe-server.ts).
  STRIPE_API_URL: z
    .string()
    .url()
    .refine(
      (u) => /^https?:$/.test(new URL(u).protocol) && new URL(u).pathname === '/',
      'an http(s) origin without a path, e.g. http://127.0.0.1:12111',
    )
    .optional(),
  DEPOSIT_RATE: z.coerce.number().gt(0).max(1).default(0.2),
  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
  // Decision 137: the most the platform adds, as a share of the booked price, when a replacement guide costs more.
  REPLACEMENT_COVER_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_REPLACEMENT_COVER_RATE),
  // Decision 139: the credit for the next booking after a guide's cancellation or absence, in fen (0: none).
  TRAVEL_CREDIT_CENTS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_TRAVEL_CREDIT_CENTS),
  // Reconciliation (decision 083): a payment unchanged this long while processing or pending is
  // asked about at the provider (a provider call with Stripe's retries takes at most about 60 s).
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).default(90_000),
};

export const payoutSettings = {
  // The operator's account that bank payouts leave from, as the Zengin transfer file names it (decision 128).
  PAYOUT_BANK_CODE: z
    .string()
    .regex(/^\d{4}$/, 'a four-digit bank code')
    .optional(),
  PAYOUT_BRANCH_CODE: z
    .string()
    .regex(/^\d{3}$/, 'a three-digit branch code')
    .optional(),
  PAYOUT_ACCOUNT_TYPE: z.enum(['ordinary', 'current']).optional(),
  PAYOUT_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{7}$/, 'a seven-digit account number')
    .optional(),
  PAYOUT_CONSIGNOR_CODE: z
    .string()
    .regex(/^\d{10}$/, 'the ten-digit consignor code the bank assigned')
    .optional(),
  PAYOUT_CONSIGNOR_NAME: z.string().min(1).max(40).optional(),
  // The weekly payout batches (decision 130): on or off, and the time in Japan they are formed after
  // on the week's first business day.
  PAYOUT_WEEKLY_BATCH: z.enum(['on', 'off']).default('on'),
  PAYOUT_WEEKLY_BATCH_AFTER: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time in Japan as HH:MM, e.g. 10:00')
    .default('10:00'),
};

export const fxSettings = {
  // Yen per yuan (decision 165): a fixed rate (this one, or the admin's from the console), or the ECB's daily feed.
  FX_PROVIDER: z.enum(FX_PROVIDERS).default('fixed'),
  FX_JPY_PER_CNY: z
    .string()
    .trim()
    .default('20.5')
    .refine(
      isUsableRate,
      `yen per yuan as a decimal of at most six places, from ${MIN_JPY_PER_CNY} to ${MAX_JPY_PER_CNY}, e.g. 20.5`,
    )
    .transform(trimRate),
  // The ECB's euro reference rates; the tests point it at their local server (src/server/test/ecb-server.ts).
  FX_ECB_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
};

type PaymentSettings = z.output<z.ZodObject<typeof paymentSettings>>;
type PayoutSettings = z.output<z.ZodObject<typeof payoutSettings>> & { NODE_ENV: string };

export function paymentsFrom(e: PaymentSettings) {
  return {
    provider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    /** Sent to the browser in /api/config/public (Stripe.js needs it); never the secret key. */
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    /** Where the Stripe client sends its requests instead of Stripe's API; unset, Stripe's own. */
    stripeApiUrl: e.STRIPE_API_URL,
    depositRate: e.DEPOSIT_RATE,
    commissionRate: e.COMMISSION_RATE,
    replacementCoverRate: e.REPLACEMENT_COVER_RATE,
    travelCreditCents: e.TRAVEL_CREDIT_CENTS,
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
  };
}

const DEV_PAYOUT_ACCOUNT = {
  bankCode: '0001',
  branchCode: '001',
  accountType: 'ordinary',
  accountNumber: '1234567',
  consignorCode: '0000000001',
  consignorName: 'ﾀﾋﾞｶﾞｲﾄﾞ(ｶ',
} as const;

export function payoutAccountFrom(e: PayoutSettings) {
  const dev = e.NODE_ENV === 'production' ? undefined : DEV_PAYOUT_ACCOUNT;
  const bankCode = e.PAYOUT_BANK_CODE ?? dev?.bankCode;
  const branchCode = e.PAYOUT_BRANCH_CODE ?? dev?.branchCode;
  const accountNumber = e.PAYOUT_ACCOUNT_NUMBER ?? dev?.accountNumber;
  const consignorCode = e.PAYOUT_CONSIGNOR_CODE ?? dev?.consignorCode;
  const consignorName = e.PAYOUT_CONSIGNOR_NAME ?? dev?.consignorName;
  if (!bankCode || !branchCode || !accountNumber || !consignorCode || !consignorName) return null;
  return {
    bankCode,
    branchCode,
    accountType: e.PAYOUT_ACCOUNT_TYPE ?? 'ordinary',
    accountNumber,
    consignorCode,
    consignorName,
  };
}
