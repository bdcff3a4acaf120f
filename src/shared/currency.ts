/**
 * Two currencies, both exact (decision 164). A guide prices in yen or yuan; every amount is an integer
 * in its currency's minor unit (a yen has none, a yuan has 100 fen) and is never read in another
 * currency than its own. Converting is an explicit step at a rate fixed when the price was made, and
 * this file is the one place that rounds a conversion: half up, to the minor unit of the target.
 */
export const CURRENCIES = ['CNY', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor units in one major unit: 100 fen to the yuan; the yen is its own smallest unit. */
export const MINOR_PER_MAJOR: Record<Currency, number> = { CNY: 100, JPY: 1 };

export const isCurrency = (value: unknown): value is Currency => value === 'CNY' || value === 'JPY';

/** Where a rate came from: the operator's fixed setting, the admin's console, or the ECB's daily reference rates. */
export const FX_SOURCES = ['fixed', 'admin', 'ecb'] as const;
export type FxSource = (typeof FX_SOURCES)[number];

/**
 * Yen for one yuan, written as a decimal with at most six places ("20.53"), as numeric(10,6) keeps
 * it, with the day it holds for and where it came from. A booking, an offer and a quote carry the
 * rate they were priced at.
 */
export interface FxRate {
  jpyPerCny: string;
  /** The day the rate is the reference for (YYYY-MM-DD). */
  asOf: string;
  source: FxSource;
}

/** A rate as typed or stored: positive, at most six decimals, and inside what a yen-per-yuan rate can be. */
export const RATE_PATTERN = /^\d{1,4}(\.\d{1,6})?$/;
export const MIN_JPY_PER_CNY = 1;
export const MAX_JPY_PER_CNY = 1000;

/** The rate in millionths of a yen per yuan, exactly. */
export function rateMicros(jpyPerCny: string): bigint {
  if (!RATE_PATTERN.test(jpyPerCny)) throw new RangeError(`not a rate: ${jpyPerCny}`);
  const [whole = '0', frac = ''] = jpyPerCny.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/** Whether a typed rate is one the product accepts: a decimal of at most six places within the bounds. */
export function isUsableRate(jpyPerCny: string): boolean {
  if (!RATE_PATTERN.test(jpyPerCny)) return false;
  const micros = rateMicros(jpyPerCny);
  return micros >= BigInt(MIN_JPY_PER_CNY) * 1_000_000n && micros <= BigInt(MAX_JPY_PER_CNY) * 1_000_000n;
}

/** A rate as numeric(10,6) returns it ("20.530000") written as it was entered ("20.53"). */
export const trimRate = (stored: string): string => (stored.includes('.') ? stored.replace(/\.?0+$/, '') : stored);

/** n / d rounded half away from zero, in integers (also the ECB's cross rate, decision 165). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (a * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/**
 * `minor` (an integer in `from`'s minor unit) in `to`'s minor unit at `jpyPerCny`, rounded half up
 * once. Yen to yuan: fen = yen × 100 / rate; yuan to yen: yen = fen × rate / 100. The same currency
 * is the amount itself, untouched.
 */
export function convertMinor(minor: number, from: Currency, to: Currency, jpyPerCny: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError('an amount is a whole number of minor units');
  if (from === to) return minor;
  const micros = rateMicros(jpyPerCny);
  if (micros <= 0n) throw new RangeError('a rate is positive');
  // CNY→JPY: fen × micros / (100 × 10⁶); JPY→CNY: yen × 100 × 10⁶ / micros.
  const out =
    from === 'CNY'
      ? divideHalfUp(BigInt(minor) * micros, 100_000_000n)
      : divideHalfUp(BigInt(minor) * 100_000_000n, micros);
  return Number(out);
}

/**
 * Part of an amount converted as its whole was: what a refund of `part` (in the booking's currency)
 * returns of `charged` (what was charged in the other currency for `whole`). All of it returns exactly
 * what was charged; a share returns the same share of the charge, rounded half up once. A caller
 * that refunds in several steps asks for the share of what has been refunded so far and subtracts
 * what it already returned, so the steps add up to the charge and never pass it.
 */
export function shareOfCharge(part: number, whole: number, charged: number): number {
  if (![part, whole, charged].every(Number.isSafeInteger) || part < 0 || whole <= 0 || part > whole || charged < 0) {
    throw new RangeError('a share is a part of a positive whole');
  }
  if (part === whole) return charged;
  return Number(divideHalfUp(BigInt(part) * BigInt(charged), BigInt(whole)));
}

/**
 * The lowest hourly price a guide may set, per currency (decision 082's floor of 50 元; in yen a round
 * ¥1,000, about the same): a price of 0 would make a deposit of 0, which no provider can charge.
 */
export const MIN_HOURLY_PRICE: Record<Currency, number> = { CNY: 5_000, JPY: 1_000 };
/**
 * Money in bounds (decision 182). Every amount is stored in an integer column (PostgreSQL int4, at most
 * 2,147,483,647), in the booking's currency and converted into the other one. The guide's own prices
 * cannot bound a total by themselves: 50 people × 24 hours × 7 days is 8,400 price-hours, and a yen
 * amount read in fen at the lowest rate accepted is 100 times larger, so prices small enough for the
 * worst product would be about 25 元 an hour. So the bound is on the total, checked where a total is
 * made (the quote, the checkout, an offer, an extension, a trip change; `checkTotalInBounds` on the
 * server), and each price is bounded as a tenth of it.
 *
 * The total's bound, per currency: the int4 ceiling, divided by the headroom below (an extension or a
 * trip change is checked against the same bound, and a booking's stored amounts are parts or sums of a
 * few such totals), divided by the most one minor unit of the currency can become in the other (yen →
 * fen is × 100 / rate, largest at the lowest rate, MIN_JPY_PER_CNY; fen → yen is × rate / 100, largest
 * at MAX_JPY_PER_CNY), rounded down to one significant figure: 500,000 元 or ¥5,000,000.
 */
export const INT4_MAX = 2_147_483_647;
const TOTAL_HEADROOM = 4;
const MOST_PER_MINOR_CONVERTED: Record<Currency, number> = { CNY: MAX_JPY_PER_CNY / 100, JPY: 100 / MIN_JPY_PER_CNY };
const roundDownToOneFigure = (n: number): number => {
  const unit = 10 ** Math.floor(Math.log10(n));
  return Math.floor(n / unit) * unit;
};
export const MAX_TOTAL: Record<Currency, number> = {
  CNY: roundDownToOneFigure(INT4_MAX / TOTAL_HEADROOM / Math.max(1, MOST_PER_MINOR_CONVERTED.CNY)),
  JPY: roundDownToOneFigure(INT4_MAX / TOTAL_HEADROOM / Math.max(1, MOST_PER_MINOR_CONVERTED.JPY)),
};
/** Whether a total (a booking's, an offer's, after an extension or a change) is inside its currency's bound. */
export const totalInBounds = (minor: number, currency: Currency): boolean =>
  Number.isSafeInteger(minor) && minor <= MAX_TOTAL[currency];
/** The most any one price a guide sets may be, per currency: a tenth of the total's bound, 50,000 元 or ¥500,000. */
export const MAX_PRICE: Record<Currency, number> = { CNY: MAX_TOTAL.CNY / 10, JPY: MAX_TOTAL.JPY / 10 };
/** The larger of the two ceilings, for a schema that reads a price before it knows the guide's currency. */
export const MAX_ANY_PRICE = Math.max(MAX_PRICE.CNY, MAX_PRICE.JPY);

/**
 * An amount as an editable number for a price field: no grouping; fen only when there are some (1000 · 486.50;
 * yen 4000).
 */
export function minorToInput(minor: number, currency: Currency): string {
  if (currency === 'JPY') return String(minor);
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/**
 * A typed price in minor units, or null when it is not one: yen are whole, yuan have at most two
 * decimals. Digits typed full-width (an IME left on, ４０００) read as the same number; grouping commas are ignored.
 */
export function inputToMinor(text: string, currency: Currency): number | null {
  const t = text.normalize('NFKC').trim().replace(/,/g, '');
  const pattern = currency === 'JPY' ? /^\d{1,9}$/ : /^\d{1,7}(\.\d{1,2})?$/;
  if (!pattern.test(t)) return null;
  if (currency === 'JPY') return Number(t);
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * An amount in major units for the fields that carry one beside the minor units (`totalPrice`, `hourlyRate`): yuan, or
 * yen as they are.
 */
export const toMajor = (minor: number, currency: Currency): number => minor / MINOR_PER_MAJOR[currency];
