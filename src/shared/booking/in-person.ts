/**
 * What is left to pay the guide in person, and on which day (decision 179). Pure, so the booking's
 * statement (`statement.ts`, decision 193), which every surface reads, shares the days and their amounts.
 */
import { ownAmountOf, type ChargeTerms, type PaidIn } from './charge';
import { shareOfCharge } from '../currency';
import { evenShares } from './money-rules';
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
 * shares, the odd minor units one each on the last days (`evenShares`, decision 193), so a day the guide
 * does not give is never paid for and equal days differ by at most one yen or one fen. A tour of one day
 * pays it all on its day. The shares in the other currency split that currency's own figure the same
 * way, so the days add up to it in both.
 */
export function inPersonDays(
  b: { date: string; days: number },
  cents: number,
  chargeCents: number | null,
): InPersonDay[] {
  if (cents <= 0) return [];
  const own = evenShares(cents, b.days);
  const charged = chargeCents === null ? null : evenShares(Math.max(0, chargeCents), b.days);
  return tourDates(b.date, b.days).map((date, i) => ({
    day: i + 1,
    date,
    cents: own[i]!,
    chargeCents: charged ? charged[i]! : null,
  }));
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
 * Consecutive days handed the same amount, each run in order: with `evenShares` the days step up once at
 * most in each currency, so a week reads in three lines at most (a receipt keeps to one page, decision 179).
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
