/**
 * The cancellation terms as a traveler reads them: every case in the order the tables list them, what
 * of a deposit each refunds and keeps, and when a refund arrives. Apart from the money rules
 * (money-rules.ts), which they are read from: the split itself is `cancellationSplit` there.
 */
import {
  CANCELLATION_REFUND_RATES,
  cancellationSplit,
  EMERGENCY_REFUND_RATE,
  type CancellationTier,
  type RefundSplit,
} from './money-rules';

export type PaymentMethod = 'card' | 'alipay' | 'wechat' | 'bank_transfer';

/**
 * When a refund reaches the traveler, in business days (docs/rules/money-and-cancellation.md,
 * docs/rules/money-and-cancellation.md).
 */
export function refundArrival(method: PaymentMethod): { minBusinessDays: number; maxBusinessDays: number } {
  if (method === 'card') return { minBusinessDays: 3, maxBusinessDays: 5 };
  if (method === 'bank_transfer') return { minBusinessDays: 5, maxBusinessDays: 7 };
  return { minBusinessDays: 1, maxBusinessDays: 3 };
}

/** The traveler's cancellation tiers, earliest first: the order every table of them reads in. */
export const CANCELLATION_TIERS = [
  'more_than_7_days',
  'days_3_to_7',
  'days_1_to_3',
  'under_24_hours',
  'no_show',
] as const satisfies readonly CancellationTier[];
/** Every case of the cancellation terms, in the order they are listed. */
export const CANCELLATION_CASES = [...CANCELLATION_TIERS, 'emergency', 'guide'] as const;

/** A line of the cancellation terms: a tier, a documented emergency, or the guide cancelling. */
export type CancellationCase = (typeof CANCELLATION_CASES)[number];

export interface CancellationTerm {
  case: CancellationCase;
  /** Share of the deposit refunded, 0–100. */
  refundPercent: number;
  /** Of one booking's deposit: what comes back, and what the traveler forfeits (the cancellation fee). */
  refundCents: number;
  feeCents: number;
}

/** Share of the deposit a case refunds: the tier's rate, the emergency's, or all of it when the guide cancels. */
export function cancellationRefundRate(c: CancellationCase): number {
  if (c === 'emergency') return EMERGENCY_REFUND_RATE;
  if (c === 'guide') return 1;
  return CANCELLATION_REFUND_RATES[c];
}

/**
 * The cancellation terms of one booking: for each case, what of its deposit comes back and what is
 * kept, by `cancellationSplit` itself, the function the server cancels with. What is paid in person
 * is never paid before the tour, so a cancellation charges nothing more.
 */
export function cancellationTerms(deposit: number): CancellationTerm[] {
  const term = (c: CancellationCase, split: RefundSplit): CancellationTerm => ({
    case: c,
    refundPercent: Math.round(cancellationRefundRate(c) * 100),
    refundCents: split.refundCents,
    feeCents: deposit - split.refundCents,
  });
  return [
    ...CANCELLATION_TIERS.map((tier) =>
      term(tier, cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier })),
    ),
    term(
      'emergency',
      cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'under_24_hours', emergency: true }),
    ),
    term('guide', cancellationSplit({ depositCents: deposit, cancelledBy: 'guide', tier: 'under_24_hours' })),
  ];
}
