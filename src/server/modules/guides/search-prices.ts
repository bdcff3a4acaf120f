import { convertMinor, type Currency } from '../../../shared/currency';

/** A listed guide as the search index reads it from the database (guides.repository.ts), before its prices. */
export interface IndexedGuide {
  id: number;
  userId: number;
  city: string;
  /** zh 1, ja 2, en 4 (guides.language_mask). */
  languageMask: number;
  minPeople: number;
  maxPeople: number;
  /** The hourly price the guide set, in `currency`'s minor unit (the index converts it, search-prices.ts). */
  priceCents: number;
  /** The guide's currency (decision 164); yuan when absent. */
  currency?: Currency;
  /** Bit n set when the weekly schedule has hours on ISO weekday n+1 (guides.weekly_days). */
  weeklyDays: number;
  /**
   * The longest weekly window of each ISO weekday in minutes, Monday first (decision 197); absent, a weekday of
   * `weeklyDays` counts as a whole day.
   */
  dayMinutes?: readonly number[];
  serviceIds: readonly number[];
  rating: number;
  reviewCount: number;
  timeZone: string;
  /** A verified licence (guides.licence_kind set; decision 092). */
  licensed: boolean;
  /**
   * Takes instant bookings and is not paused, as of the read (decision 153): the index reloads daily,
   * so a guide whose pause has ended is instant again by the next day, never early.
   */
  instantBook: boolean;
}

/** A date that differs from the weekly schedule: a day off (false) or extra hours (true). */
export interface IndexedException {
  guideId: number;
  date: string;
  available: boolean;
  /** The day's window in minutes when available (decision 197); absent or null, the whole day. */
  minutes?: number | null;
}

/**
 * A listed guide as the search index keeps it (decision 168): the hourly price in both currencies at
 * the index's rate, converted once when the guide is indexed or the rate changes, never per search.
 * `priceCents` is the price in fen (the guide's own for a guide in yuan), `priceYen` in yen, and
 * `ownPriceCents` what the guide set, in `currency`.
 */
export interface PricedGuide extends IndexedGuide {
  priceYen: number;
  ownPriceCents: number;
}

/**
 * An order of the index (search-index.ts), ending on the id so two entries compare equal only when they are the same
 * guide.
 */
export type Compare = (a: PricedGuide, b: PricedGuide) => number;

/** The guide's price in fen and in yen at `jpyPerCny`; a guide without a currency prices in yuan. */
export function priced(g: IndexedGuide, jpyPerCny: string): PricedGuide {
  const own: Currency = g.currency ?? 'CNY';
  const ownPriceCents = 'ownPriceCents' in g ? (g as PricedGuide).ownPriceCents : g.priceCents;
  return {
    ...g,
    ownPriceCents,
    priceCents: convertMinor(ownPriceCents, own, 'CNY', jpyPerCny),
    priceYen: convertMinor(ownPriceCents, own, 'JPY', jpyPerCny),
  };
}

/**
 * The price order: fen, then yen, then id. Converting rounds half up, which keeps the order (a
 * dearer guide is never cheaper in the other currency), so the yen are in order along it too and a
 * band in either currency is one stretch of it; the yen only part guides whose fen round alike.
 */
export const byPrice = (a: PricedGuide, b: PricedGuide) =>
  a.priceCents - b.priceCents || a.priceYen - b.priceYen || a.id - b.id;

/** A guide's price in the currency a search's band and sort are in. */
export const priceIn = (currency: Currency | undefined) =>
  currency === 'JPY' ? (g: PricedGuide) => g.priceYen : (g: PricedGuide) => g.priceCents;
