/**
 * Ledger postings of a dispute's resolution (decision 064). Pure: the server writes what
 * this returns in the transaction that moves the booking out of `disputed`.
 *
 * What the booking's accounts hold decides where a refund comes from:
 * - opened on a completed tour, the guide's earnings were already posted: a refund is taken from the
 *   guide's earnings first, then from what the platform kept (its commission);
 * - opened during the tour, the platform still holds everything paid online: the refund comes from
 *   that hold, and the rest is settled at once — the platform keeps its commission on it and the guide
 *   gets the remainder.
 * Every set of postings sums to zero, so the booking's entries still do.
 */
import type { PartyAccount, Posting } from './ledger';

export type DisputeResolution = 'completed' | 'cancelled';

export interface DisputeLedgerInput {
  /** The booking's ledger balance per account before the resolution. */
  balance: Record<PartyAccount, number>;
  /** Whether the tour's completion postings were written (the dispute was opened after completion). */
  settled: boolean;
  resolution: DisputeResolution;
  refundCents: number;
  /** The booking's commission, kept by the platform on what the guide is paid (decision 040). */
  commissionCents: number;
  /** Share kept by the platform on what a cancelled tour still pays the guide. */
  commissionRate: number;
  /**
   * What the platform adds of its own at completion (a dearer replacement's cover, a travel credit
   * spent: decisions 137, 139). A tour resolved as completed before its completion postings pays the
   * guide these as the completion would; one resolved as cancelled does not.
   */
  platformAdds?: { coveredCents: number; creditCents: number };
}

/** The most a resolution may refund: what the traveler paid online and has not had back. */
export const refundableCents = (balance: Record<PartyAccount, number>) => Math.max(0, -balance.traveler);

export function disputeResolutionPostings(input: DisputeLedgerInput): Posting[] {
  const { balance, refundCents } = input;
  if (!Number.isInteger(refundCents) || refundCents < 0)
    throw new RangeError('the refund must be a whole number of fen, at least 0');
  if (refundCents > refundableCents(balance)) throw new RangeError('the refund exceeds what the traveler paid online');
  const postings: Posting[] = [];
  let left = refundCents;
  let fromGuide = 0;
  if (input.settled) fromGuide = Math.min(left, Math.max(0, balance.guide));
  left -= fromGuide;
  const fromPlatform = left;
  if (fromPlatform > Math.max(0, balance.platform))
    throw new RangeError('the platform and the guide hold less than the refund');
  postings.push(
    { account: 'traveler', kind: 'dispute_refund', amountCents: refundCents },
    { account: 'guide', kind: 'dispute_refund', amountCents: -fromGuide },
    { account: 'platform', kind: 'dispute_refund', amountCents: -fromPlatform },
  );
  if (!input.settled) {
    // Settle the rest of the platform's hold now: the tour will not be completed by the parties.
    const rest = Math.max(0, balance.platform) - fromPlatform;
    const adds =
      input.resolution === 'completed'
        ? (input.platformAdds ?? { coveredCents: 0, creditCents: 0 })
        : { coveredCents: 0, creditCents: 0 };
    const paid = rest + adds.coveredCents + adds.creditCents;
    const commission =
      input.resolution === 'completed'
        ? Math.min(input.commissionCents, paid)
        : Math.min(rest, Math.round(rest * input.commissionRate));
    postings.push(
      { account: 'platform', kind: 'dispute_settlement', amountCents: -rest },
      { account: 'platform', kind: 'replacement_cover', amountCents: -adds.coveredCents },
      { account: 'platform', kind: 'travel_credit', amountCents: -adds.creditCents },
      { account: 'guide', kind: 'dispute_settlement', amountCents: paid - commission },
      { account: 'platform', kind: 'commission', amountCents: commission },
    );
  }
  return postings.filter((p) => p.amountCents !== 0);
}
