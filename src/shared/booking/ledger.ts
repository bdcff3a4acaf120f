/**
 * Ledger postings of a booking (docs/rules/money-and-cancellation.md): every movement of money is a set of entries over
 * the traveler, guide and platform accounts that sums to zero, so a booking's entries always do too.
 * Pure: the server writes what these return in the transaction that changes the status.
 */
import type { Currency } from '../currency';
import type { RefundSplit } from './money-rules';

/**
 * `exchange` stands between two currencies (decision 164): what a traveler pays or gets back in
 * another currency than the booking's passes through it as a pair at the booking's rate, so each
 * currency's entries sum to zero on their own.
 */
/**
 * `reseller` is a reseller's account with us (decision 202): what it owes for the bookings it sold on account.
 */
export const LEDGER_ACCOUNTS = ['traveler', 'guide', 'platform', 'exchange', 'reseller'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/** The accounts of the people and the platform, as a booking's own currency sees them. */
export type PartyAccount = Exclude<LedgerAccount, 'exchange' | 'reseller'>;

export const LEDGER_KINDS = [
  'deposit',
  'deposit_release',
  'refund',
  'cancellation_fee',
  'commission',
  // On tour: extension payments held by the platform, and the guide's earnings at completion.
  'extension',
  'extension_release',
  'guide_earnings',
  'dispute_refund',
  'dispute_settlement', // disputes: shared/booking/dispute-ledger.ts
  // A replacement guide's price above the booked one, paid by the platform at completion (decision 137).
  'replacement_cover',
  // A travel credit the traveler spent on the booking, paid to the guide by the platform at completion (decision 139).
  'travel_credit',
  // One side of a conversion between the booking's currency and the one the traveler paid in (decision 164).
  'exchange',
  // A reseller's booking (decision 202): the net it owes us on account, and that debt undone by a cancellation.
  'reseller_sale',
  'reseller_sale_cancelled',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface Posting {
  account: LedgerAccount;
  kind: LedgerKind;
  /** Signed minor units of `currency`: what the account gains (+) or gives (−). */
  amountCents: number;
  /** Absent: the booking's own currency (the guide's). */
  currency?: Currency;
}

/** The traveler pays the deposit online; the platform holds it until the tour or a cancellation. */
export function depositPostings(depositCents: number): Posting[] {
  return [
    { account: 'traveler', kind: 'deposit', amountCents: -depositCents },
    { account: 'platform', kind: 'deposit', amountCents: depositCents },
  ];
}

/**
 * A cancellation releases the held deposit: the refund goes back to the traveler, the kept part to
 * the guide, the commission on it stays with the platform. Zero amounts are left out. The guide's part
 * is a `cancellation_fee`, or `guide_earnings` when days of the tour were given before a later day's
 * no-show ended it (decision 158), as a completion pays them.
 */
export function cancellationPostings(
  depositCents: number,
  split: RefundSplit,
  guideKind: 'cancellation_fee' | 'guide_earnings' = 'cancellation_fee',
): Posting[] {
  if (split.refundCents + split.guideCents + split.platformCents !== depositCents) {
    throw new RangeError('the split must add up to the deposit');
  }
  const postings: Posting[] = [
    { account: 'platform', kind: 'deposit_release', amountCents: -depositCents },
    { account: 'traveler', kind: 'refund', amountCents: split.refundCents },
    { account: 'guide', kind: guideKind, amountCents: split.guideCents },
    { account: 'platform', kind: 'commission', amountCents: split.platformCents },
  ];
  return postings.filter((p) => p.amountCents !== 0);
}

/** The traveler pays an extension online; the platform holds it until completion or a rejection. */
export function extensionPostings(amountCents: number): Posting[] {
  return [
    { account: 'traveler', kind: 'extension', amountCents: -amountCents },
    { account: 'platform', kind: 'extension', amountCents: amountCents },
  ];
}

/** The guide rejects a paid extension: the platform gives it back to the traveler in full. */
export function extensionRefundPostings(amountCents: number): Posting[] {
  return [
    { account: 'platform', kind: 'extension_release', amountCents: -amountCents },
    { account: 'traveler', kind: 'refund', amountCents: amountCents },
  ];
}

/**
 * The tour is completed (docs/rules/money-and-cancellation.md): what the platform holds for it (the deposit and the
 * paid extensions) is released; the commission stays with the platform and the rest becomes the guide's
 * earnings (pending until five working days after completion). Zero amounts are left out.
 */
export function completionPostings(opts: {
  depositCents: number;
  extensionsCents: number;
  commissionCents: number;
  coveredCents?: number;
  creditCents?: number;
}): Posting[] {
  const covered = opts.coveredCents ?? 0;
  const credit = opts.creditCents ?? 0;
  const held = opts.depositCents + opts.extensionsCents + covered + credit;
  const commission = Math.min(opts.commissionCents, held);
  const postings: Posting[] = [
    { account: 'platform', kind: 'deposit_release', amountCents: -opts.depositCents },
    { account: 'platform', kind: 'extension_release', amountCents: -opts.extensionsCents },
    // The platform's cover of a dearer replacement guide (decision 137) is paid to the guide with the rest.
    { account: 'platform', kind: 'replacement_cover', amountCents: -covered },
    { account: 'platform', kind: 'travel_credit', amountCents: -credit },
    { account: 'guide', kind: 'guide_earnings', amountCents: held - commission },
    { account: 'platform', kind: 'commission', amountCents: commission },
  ];
  return postings.filter((p) => p.amountCents !== 0);
}

/**
 * Postings whose traveler side is paid or refunded in `charge` rather than the booking's currency
 * (decision 164): each traveler entry of `a` in the booking's currency becomes the traveler's `x` in
 * the charge's currency, with the exchange taking `a` and giving `x`. `x` is given by the caller for
 * each traveler entry, from what was actually charged (`convertTraveler`), so a refund returns the
 * exact charge. The same currency leaves the postings as they are.
 */
export function throughExchange(
  postings: Posting[],
  own: Currency,
  charge: Currency,
  convertTraveler: (amount: number) => number,
): Posting[] {
  if (own === charge) return postings;
  return postings.flatMap((p): Posting[] => {
    if (p.account !== 'traveler' || (p.currency ?? own) !== own) return [p];
    const x = convertTraveler(p.amountCents);
    return [
      { account: 'traveler', kind: p.kind, amountCents: x, currency: charge },
      { account: 'exchange', kind: 'exchange', amountCents: -x, currency: charge },
      { account: 'exchange', kind: 'exchange', amountCents: p.amountCents, currency: own },
    ].filter((e) => e.amountCents !== 0) as Posting[];
  });
}

/**
 * Sum of a booking's postings per account and overall (0 for a consistent ledger) in the booking's own
 * currency `own`: the exchange's side in it is read as the traveler's, whose payment or refund it
 * stands for (`throughExchange`), so rules written for one currency (what may still be refunded, what
 * the platform holds) read a converted booking as they read any other. Without `own`, every entry.
 */
export function ledgerBalance(
  postings: Pick<Posting, 'account' | 'amountCents' | 'currency'>[],
  own?: Currency,
): Record<PartyAccount, number> & { reseller?: number; total: number } {
  const out: Record<PartyAccount, number> & { reseller?: number; total: number } = {
    traveler: 0,
    guide: 0,
    platform: 0,
    total: 0,
  };
  // A reseller's account appears only on its bookings, where the exchange stands for the reseller (decision 202).
  const resold = postings.some((p) => p.account === 'reseller');
  for (const p of postings) {
    if (own !== undefined && p.currency !== undefined && p.currency !== own) continue;
    if (p.account === 'reseller' || (resold && p.account === 'exchange'))
      out.reseller = (out.reseller ?? 0) + p.amountCents;
    else out[p.account === 'exchange' ? 'traveler' : p.account] += p.amountCents;
    out.total += p.amountCents;
  }
  return out;
}

/**
 * Each currency's sum of a booking's entries (every one 0 for a consistent ledger); entries without one are `own`'s.
 */
export function balanceByCurrency(
  postings: Pick<Posting, 'amountCents' | 'currency'>[],
  own: Currency,
): Partial<Record<Currency, number>> {
  const out: Partial<Record<Currency, number>> = {};
  for (const p of postings) out[p.currency ?? own] = (out[p.currency ?? own] ?? 0) + p.amountCents;
  return out;
}

/**
 * A reseller's booking confirmed (decision 202): the reseller owes the net it was quoted (`net`, in its currency
 * `charge`); the guide earns her price less our commission as on any booking (`guideCents`, the booking's own
 * currency); our margin is the rest, which is negative when the reseller keeps more than our commission. A net in
 * another currency passes through the exchange at `netOwn`, its value in the booking's, so each currency sums to zero.
 */
export function resellerSalePostings(a: {
  net: number;
  charge: Currency;
  own: Currency;
  netOwn: number;
  guideCents: number;
}): Posting[] {
  const through: Posting[] =
    a.charge === a.own
      ? []
      : [
          { account: 'exchange', kind: 'exchange', amountCents: a.net, currency: a.charge },
          { account: 'exchange', kind: 'exchange', amountCents: -a.netOwn, currency: a.own },
        ];
  const postings: Posting[] = [
    { account: 'reseller', kind: 'reseller_sale', amountCents: -a.net, currency: a.charge },
    ...through,
    { account: 'guide', kind: 'guide_earnings', amountCents: a.guideCents, currency: a.own },
    { account: 'platform', kind: 'commission', amountCents: a.netOwn - a.guideCents, currency: a.own },
  ];
  return postings.filter((p) => p.amountCents !== 0);
}

/**
 * What undoes a booking's entries so far (decision 202: a reseller's booking cancelled within its terms owes nothing
 * and earns nothing): each account's balance per currency, posted back (in the kind of its first entry); the
 * reseller's as `reseller_sale_cancelled`. Undoing twice posts nothing the second time.
 */
export function reversalPostings(entries: Pick<Posting, 'account' | 'amountCents' | 'currency' | 'kind'>[]): Posting[] {
  const sums = new Map<string, Posting>();
  for (const e of entries) {
    const key = `${e.account}:${e.currency ?? ''}`;
    const p = sums.get(key) ?? { account: e.account, kind: e.kind, amountCents: 0, currency: e.currency };
    p.amountCents -= e.amountCents;
    sums.set(key, p);
  }
  return [...sums.values()]
    .filter((p) => p.amountCents !== 0)
    .map((p) => (p.account === 'reseller' ? { ...p, kind: 'reseller_sale_cancelled' as const } : p));
}
