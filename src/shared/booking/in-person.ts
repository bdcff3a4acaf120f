/**
 * What is left to pay the guide in person, and on which day (decision 179). Pure, so the booking's
 * view, the trip PDF and the receipts share the days and their amounts.
 */
import { inCurrency, ownAmountOf, type ChargeTerms, type PaidIn } from './charge';
import { shareOfCharge } from '../currency';
import { dayShares } from './money-rules';
import { tourDates } from './tour-days';

/**
 * One tour day's share of what is paid in person: in the booking's currency, and in the one its traveler saw when that
 * differs.
 */
export interface InPersonDay {
  /** 1..days. */
  day: number;
  /** The day's date in the guide's zone (YYYY-MM-DD). */
  date: string;
  cents: number;
  /** The same share in the traveler's currency at the booking's rate; null when the booking was seen in its own. */
  chargeCents: number | null;
}

/**
 * The in-person part paid a share a tour day, handed to the guide on that day (decision 179): equal
 * whole shares with the remainder on the last day (`dayShares`, as decision 158 shares the deposit),
 * so a day the guide does not give is never paid for. A tour of one day pays it all on its day. The
 * shares in the traveler's currency are the same split of that figure, so the days add up in both.
 */
export function inPersonDays(
  b: { date: string; days: number },
  cents: number,
  chargeCents: number | null,
): InPersonDay[] {
  if (cents <= 0) return [];
  const own = dayShares(cents, b.days);
  const charged = chargeCents === null ? null : dayShares(Math.max(0, chargeCents), b.days);
  return tourDates(b.date, b.days).map((date, i) => ({
    day: i + 1,
    date,
    cents: own[i]!,
    chargeCents: charged ? charged[i]! : null,
  }));
}

/**
 * The in-person part in the traveler's currency, as the checkout showed it (decision 164: the total
 * converted once at the booking's rate, less the deposit as stored); null when they saw the booking's
 * own currency or the booking has no rate.
 */
export function inPersonCharge(b: ChargeTerms & { totalCents: number }): number | null {
  if (b.chargeCurrency === b.currency || b.jpyPerCny === null) return null;
  return inCurrency(b, b.totalCents, b.chargeCurrency) - inCurrency(b, b.depositCents, b.chargeCurrency, true);
}

/**
 * What an online payment still stands for in the booking's currency: its own amount less the share of
 * it refunded (a refund in another currency counted as the same share of the own amount, rounded once;
 * a full refund is all of it).
 */
export function keptOwnCents(p: PaidIn & { refundedCents: number }, own: ChargeTerms['currency']): number {
  const whole = ownAmountOf(p);
  if (p.refundedCents <= 0) return whole;
  if (p.currency === own) return whole - p.refundedCents;
  return whole - shareOfCharge(Math.min(p.refundedCents, p.amountCents), p.amountCents, whole);
}

/**
 * Consecutive days handed the same amount, each run in order: with `dayShares` only the last day can
 * differ, so a week reads in two lines (a receipt keeps to one page, decision 179).
 */
export function sameShareRuns<D extends { cents: number }>(
  days: readonly D[],
  same: (a: D, b: D) => boolean = (a, b) => a.cents === b.cents,
): D[][] {
  const runs: D[][] = [];
  for (const d of days) {
    const run = runs[runs.length - 1];
    if (run && same(run[0]!, d)) run.push(d);
    else runs.push([d]);
  }
  return runs;
}
