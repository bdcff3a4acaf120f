/**
 * Where a price becomes a charge (decision 164). A booking's amounts are in the guide's currency; the
 * traveler pays online in the currency they saw (a card) or in yuan (Alipay, WeChat Pay), converted
 * once at the rate the booking was made at. Pure: the server charges, posts and refunds with these.
 */
import { convertMinor, shareOfCharge, type Currency, type FxRate } from '../currency';
import { throughExchange, type Posting } from './ledger';
import type { PriceLine } from './money-rules';

/** The methods that charge online; the wallets charge yuan whatever the traveler looked at. */
export type OnlineMethod = 'card' | 'alipay' | 'wechat';

/** The currency a method charges in: a card the traveler's own (`seen`), a wallet yuan. */
export const chargeCurrencyOf = (method: OnlineMethod, seen: Currency): Currency => (method === 'card' ? seen : 'CNY');

/** A booking's money terms as stored: its currency, the one its traveler saw, and the rate between them. */
export interface ChargeTerms {
  currency: Currency;
  chargeCurrency: Currency;
  depositCents: number;
  chargeDepositCents: number | null;
  jpyPerCny: string | null;
}

/**
 * The columns a new booking stores for its charge: the currency the traveler saw, the deposit in it
 * (null when it is the booking's own) and the rate with its day and source, which every later
 * conversion of the booking uses, whatever the rate does afterwards.
 */
export function chargeColumns(own: Currency, depositCents: number, seen: Currency, rate: FxRate) {
  return {
    chargeCurrency: seen,
    chargeDepositCents: seen === own ? null : convertMinor(depositCents, own, seen, rate.jpyPerCny),
    jpyPerCny: rate.jpyPerCny,
    fxAsOf: rate.asOf,
    fxSource: rate.source,
  };
}

/**
 * A price in the guide's currency and in the one the reader sees, as a booking made now would store
 * it: the total and the deposit each converted once (the deposit exactly as `chargeColumns` fixes
 * it), what is paid in person the rest, and the lines converted with the base line taking the
 * rounding, so the lines add up in both currencies.
 */
export function inBothCurrencies(
  p: { totalCents: number; depositCents: number; lines: PriceLine[] },
  own: Currency,
  seen: Currency,
  rate: FxRate,
) {
  const conv = (minor: number) => convertMinor(minor, own, seen, rate.jpyPerCny);
  const chargeTotal = conv(p.totalCents);
  const chargeDeposit = conv(p.depositCents);
  const others = p.lines.map((l) => (l.kind === 'base' ? 0 : conv(l.amountCents)));
  const rest = chargeTotal - others.reduce((a, b) => a + b, 0);
  return {
    guide: { currency: own, total: p.totalCents, deposit: p.depositCents, inPerson: p.totalCents - p.depositCents },
    charge: { currency: seen, total: chargeTotal, deposit: chargeDeposit, inPerson: chargeTotal - chargeDeposit },
    lines: p.lines.map((l, i) => ({ ...l, chargeAmount: l.kind === 'base' ? rest : others[i]! })),
  };
}

/**
 * An amount of the booking's currency in `currency`, at the booking's rate: the deposit in the
 * currency it was shown in is the stored figure, exactly; anything else is converted once.
 */
export function inCurrency(b: ChargeTerms, ownCents: number, currency: Currency, isDeposit = false): number {
  if (currency === b.currency) return ownCents;
  if (isDeposit && currency === b.chargeCurrency && b.chargeDepositCents !== null) return b.chargeDepositCents;
  if (b.jpyPerCny === null) throw new RangeError('a booking without a rate is charged in its own currency only');
  return convertMinor(ownCents, b.currency, currency, b.jpyPerCny);
}

/**
 * What one online payment of `ownCents` (in the booking's currency) charges with `method`: the amount
 * in the method's currency, and the booking-currency amount it stands for when they differ.
 */
export function chargeFor(
  b: ChargeTerms,
  ownCents: number,
  method: OnlineMethod,
  isDeposit = false,
): { amountCents: number; currency: Currency; ownAmountCents: number | null } {
  const currency = chargeCurrencyOf(method, b.chargeCurrency);
  if (currency === b.currency) return { amountCents: ownCents, currency, ownAmountCents: null };
  return { amountCents: inCurrency(b, ownCents, currency, isDeposit), currency, ownAmountCents: ownCents };
}

/**
 * What paying `ownCents` more deposit on top of `fromOwnCents` (a trip change's difference, decision 177)
 * charges with `method`: in another currency than the booking's, the difference of the two deposits each
 * converted once at the booking's rate (decision 193), so the deposit's charge and the changes' add up to
 * the new deposit converted once, as the booking's statement converts it.
 */
export function chargeForDifference(
  b: ChargeTerms,
  fromOwnCents: number,
  ownCents: number,
  method: OnlineMethod,
): { amountCents: number; currency: Currency; ownAmountCents: number | null } {
  const currency = chargeCurrencyOf(method, b.chargeCurrency);
  if (currency === b.currency) return { amountCents: ownCents, currency, ownAmountCents: null };
  const amountCents = inCurrency(b, fromOwnCents + ownCents, currency) - inCurrency(b, fromOwnCents, currency);
  return { amountCents, currency, ownAmountCents: ownCents };
}

/** A payment as stored: what was charged, in which currency, and what it stands for in the booking's. */
export interface PaidIn {
  amountCents: number;
  currency: Currency;
  ownAmountCents: number | null;
}

/** What a payment stands for in the booking's own currency. */
export const ownAmountOf = (p: PaidIn): number => p.ownAmountCents ?? p.amountCents;

/**
 * `ownCents` of the booking's currency (part of what `p` stands for) in the payment's own currency:
 * the same share of what was charged, so the whole returns exactly the charge (`shareOfCharge`).
 */
export function shareOfPayment(ownCents: number, own: Currency, p: PaidIn): number {
  if (p.currency === own) return ownCents;
  const sign = ownCents < 0 ? -1 : 1;
  return sign * shareOfCharge(Math.abs(ownCents), ownAmountOf(p), p.amountCents);
}

/**
 * Postings written in the booking's currency, with the traveler's side moved to the payment's
 * currency through the exchange account (`throughExchange`), each traveler entry at its share of
 * what was charged. A payment in the booking's own currency leaves them as they are.
 */
export const paidPostings = (postings: Posting[], own: Currency, p: PaidIn): Posting[] =>
  throughExchange(postings, own, p.currency, (a) => shareOfPayment(a, own, p));

/** A payment as stored, with what has been refunded of it (in its own currency). */
export type RefundablePayment = PaidIn & { refundedCents: number };

/**
 * What is left of a payment to refund, in the booking's currency: the rest of a payment in another
 * currency is read at its own rate and rounded down, so no refund can pass what was charged.
 */
export function ownLeftOf(p: RefundablePayment, own: Currency): number {
  const left = p.amountCents - p.refundedCents;
  if (p.currency === own) return left;
  return Number((BigInt(left) * BigInt(ownAmountOf(p))) / BigInt(p.amountCents));
}

/**
 * A refund of `ownCents` (in the booking's currency) spread over `payments` in the order given: from
 * each, up to what is left of it, refunded in its own currency at its share of what was charged (all
 * that is left when the part takes the rest).
 */
export function refundParts<P extends RefundablePayment>(
  ownCents: number,
  payments: readonly P[],
  own: Currency,
): { payment: P; ownCents: number; amountCents: number }[] {
  const parts: { payment: P; ownCents: number; amountCents: number }[] = [];
  let left = ownCents;
  for (const p of payments) {
    if (left <= 0) break;
    const ownLeft = ownLeftOf(p, own);
    const part = Math.min(left, ownLeft);
    if (part <= 0) continue;
    const rest = p.amountCents - p.refundedCents;
    const amountCents =
      p.currency === own
        ? part
        : part === ownLeft
          ? rest
          : Math.min(rest, shareOfCharge(part, ownAmountOf(p), p.amountCents));
    parts.push({ payment: p, ownCents: part, amountCents });
    left -= part;
  }
  return parts;
}

/**
 * Postings whose traveler refund (written in the booking's currency) was paid back from payments in
 * the other currency for `parts`: that share of it moves through the exchange as what those payments
 * returned; the rest stays in the booking's currency.
 */
export function refundedThroughExchange(
  postings: Posting[],
  own: Currency,
  parts: readonly { payment: PaidIn; ownCents: number; amountCents: number }[],
): Posting[] {
  const other = parts.filter((x) => x.payment.currency !== own);
  if (other.length === 0) return postings;
  const currency = other[0]!.payment.currency;
  const ownCents = other.reduce((s, x) => s + x.ownCents, 0);
  const paid = other.reduce((s, x) => s + x.amountCents, 0);
  return postings.flatMap((p) => {
    if (p.account !== 'traveler' || p.amountCents < ownCents || (p.currency ?? own) !== own) return [p];
    const stays: Posting[] = p.amountCents > ownCents ? [{ ...p, amountCents: p.amountCents - ownCents }] : [];
    return [...stays, ...throughExchange([{ ...p, amountCents: ownCents }], own, currency, () => paid)];
  });
}
