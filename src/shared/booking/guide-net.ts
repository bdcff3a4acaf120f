/**
 * What a guide is paid for a tour, as the completion pays it (docs/rules/money-and-cancellation.md,
 * "Earnings and the wallet": the total plus paid extensions, less the commission). The completion's
 * postings and the figure a guide reads on her booking come from here, so the two cannot differ
 * (decision 175). Pure; every amount is in the booking's own currency (decision 164).
 */
import { completionPostings, type Posting } from './ledger';

/** What the platform holds and adds for a tour when it is completed. */
export interface TourPay {
  /** The succeeded deposit, in the booking's currency (`ownAmountOf`: a card may have paid it in the other). */
  paidDepositCents: number;
  /** The confirmed extensions' fees. */
  extensionsCents: number;
  /** The platform's cover of a dearer replacement guide (decision 137), else 0. */
  coveredCents: number;
  /** A travel credit spent on the booking, which the platform pays the guide (decision 139), else 0. */
  creditCents: number;
  /** The booking's commission, on the guide's price as booked. */
  bookingCommissionCents: number;
  /** The commission rate, which the extensions' fees pay too. */
  commissionRate: number;
}

/** The completion's postings: what the platform holds is released, the commission kept, the rest is the guide's. */
export function completionOf(p: TourPay): Posting[] {
  return completionPostings({
    depositCents: p.paidDepositCents,
    extensionsCents: p.extensionsCents,
    commissionCents: p.bookingCommissionCents + Math.round(p.extensionsCents * p.commissionRate),
    coveredCents: p.coveredCents,
    creditCents: p.creditCents,
  });
}

/**
 * The guide's net for a tour: what the traveler pays her in person (the total less the deposit, already
 * hers) and what the completion posts to her wallet (`completionOf`).
 */
export function guideNetCents(p: TourPay & { totalCents: number; depositCents: number }): number {
  const earnings = completionOf(p).find((e) => e.kind === 'guide_earnings')?.amountCents ?? 0;
  return p.totalCents - p.depositCents + earnings;
}
