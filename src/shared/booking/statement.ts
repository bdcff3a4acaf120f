/**
 * One statement of a booking's money (decision 193), the figures every surface reads: the trip card and
 * the booking's reply, the receipts (web and PDF) and the booking PDF. The price, the deposit and what is
 * left to hand the guide, in the booking's currency and, at the booking's rate, in the other one; what
 * was paid online and refunded, payment by payment, in the currency each was paid in. Pure, so the
 * server reads it from its rows and the PDF from the booking's reply, and both read the same figures.
 *
 * Convert once, then add: in the other currency the total and the deposit are each converted once
 * (`convertMinor`, decision 164) and the rest is their difference, and the days' shares are a
 * largest-remainder split of that difference (`evenShares`): the parts add up to the whole in each
 * currency, and equal days differ by at most one minor unit, the later ones holding the extra.
 */
import { convertMinor, type Currency } from '../currency';
import { type PaidIn } from './charge';
import { inPersonDays, keptOwnCents, type InPersonDay } from './in-person';

/** A payment as the statement reads it: the booking reply's summary carries all of it but `ownAmountCents`. */
export interface StatementPayment extends Omit<PaidIn, 'ownAmountCents'> {
  kind: 'deposit' | 'extension' | 'change' | 'final_payment';
  method: 'card' | 'alipay' | 'wechat' | 'cash';
  status: 'processing' | 'pending' | 'succeeded' | 'failed' | 'refunded' | 'partially_refunded';
  refundedCents: number;
}

/** Online payments that reached the platform (a refund leaves the payment in the record). */
const PAID = new Set<StatementPayment['status']>(['succeeded', 'partially_refunded', 'refunded']);
/** An in-person payment the traveler has reported (a proof uploaded) or the guide confirmed (decision 062). */
const HANDED_OVER = new Set<StatementPayment['status']>(['processing', 'pending', 'succeeded']);

/** A payment the platform received online: the deposit, an extension, a trip change's difference. */
export const isPaidOnline = (p: StatementPayment): boolean =>
  p.kind !== 'final_payment' && p.method !== 'cash' && PAID.has(p.status);

/** An amount in one currency: sums are kept per currency, never added across two. */
export interface Sum {
  currency: Currency;
  cents: number;
}

/** What was paid and refunded online, payment by payment and summed per currency in the order first paid. */
export interface OnlineMoney<P extends StatementPayment> {
  /** Every online payment the platform received, the deposit's, extensions' and changes' alike. */
  paid: P[];
  /** Those of them with something refunded (a change's release, a rejected extension, a cancellation). */
  refunded: P[];
  paidSums: Sum[];
  refundedSums: Sum[];
}

function sums<P extends StatementPayment>(ps: readonly P[], cents: (p: P) => number): Sum[] {
  const out: Sum[] = [];
  for (const p of ps) {
    const sum = out.find((s) => s.currency === p.currency);
    if (sum) sum.cents += cents(p);
    else out.push({ currency: p.currency, cents: cents(p) });
  }
  return out;
}

/** The online part of the statement, from the payments alone (the booking PDF reads it from the reply's). */
export function onlineMoney<P extends StatementPayment>(payments: readonly P[]): OnlineMoney<P> {
  const paid = payments.filter(isPaidOnline);
  const refunded = paid.filter((p) => p.refundedCents > 0);
  return {
    paid,
    refunded,
    paidSums: sums(paid, (p) => p.amountCents),
    refundedSums: sums(refunded, (p) => p.refundedCents),
  };
}

/** A figure in the booking's currency and in the other one at the booking's rate (null without a rate). */
export interface Figure {
  cents: number;
  otherCents: number | null;
}

export interface BookingStatement<P extends StatementPayment> extends OnlineMoney<P> {
  currency: Currency;
  /** The other currency, which every `otherCents` is in; null when the booking has no rate. */
  other: Currency | null;
  total: Figure;
  deposit: Figure;
  /** What is left to hand the guide in person: the total less the deposit while it is owed, else 0. */
  inPerson: Figure;
  /** A share of `inPerson` each tour day, adding up to it in both currencies (`chargeCents` is the other's). */
  inPersonOn: InPersonDay[];
  /** The traveler reported paying the guide in person (a proof uploaded) or the guide confirmed it. */
  handedOver: boolean;
  /** What the online payments still stand for in the booking's currency, less refunds (`keptOwnCents`). */
  paidOnlineOwnCents: number;
}

export interface StatementInput<P extends StatementPayment> {
  currency: Currency;
  jpyPerCny: string | null;
  totalCents: number;
  depositCents: number;
  /** The first tour day (YYYY-MM-DD) and how many days: the in-person part is handed over a share a day. */
  date: string;
  days: number;
  /** A cancelled booking owes nothing in person. */
  cancelled: boolean;
  /** Each payment's own amount (`ownAmountCents`) when the server has it; the reply's summaries lack it. */
  payments: readonly (P & { ownAmountCents?: number | null })[];
}

/**
 * The booking's statement (decision 193). In the other currency the total and the deposit are each
 * converted once at the booking's rate and what is paid in person is their difference, so total =
 * deposit + in person to the fen; the days' shares split that difference by the largest remainder.
 */
export function bookingStatement<P extends StatementPayment>(b: StatementInput<P>): BookingStatement<P> {
  const other: Currency | null = b.jpyPerCny === null ? null : b.currency === 'JPY' ? 'CNY' : 'JPY';
  const conv = (cents: number) => (other === null ? null : convertMinor(cents, b.currency, other, b.jpyPerCny!));
  const total = conv(b.totalCents);
  const deposit = conv(b.depositCents);
  const handedOver = b.payments.some((p) => p.kind === 'final_payment' && HANDED_OVER.has(p.status));
  const owed = !b.cancelled && !handedOver && b.totalCents > b.depositCents;
  const inPerson: Figure = owed
    ? { cents: b.totalCents - b.depositCents, otherCents: total === null ? null : Math.max(0, total - deposit!) }
    : { cents: 0, otherCents: other === null ? null : 0 };
  const online = onlineMoney(b.payments);
  return {
    currency: b.currency,
    other,
    total: { cents: b.totalCents, otherCents: total },
    deposit: { cents: b.depositCents, otherCents: deposit },
    inPerson,
    inPersonOn: inPersonDays(b, inPerson.cents, inPerson.otherCents),
    handedOver,
    paidOnlineOwnCents: online.paid.reduce(
      (sum, p) => sum + keptOwnCents({ ...p, ownAmountCents: p.ownAmountCents ?? null }, b.currency),
      0,
    ),
    ...online,
  };
}

/** A figure in `currency`: the booking's own, or the other one at the booking's rate (null when neither). */
export const figureIn = (s: Pick<BookingStatement<StatementPayment>, 'currency' | 'other'>, f: Figure, c: Currency) =>
  c === s.currency ? f.cents : c === s.other ? f.otherCents : null;
