import { convertMinor, type Currency } from '../../../shared/currency';
import type { IndexedGuide } from './search-index';

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
export const byPrice = (a: PricedGuide, b: PricedGuide) => a.priceCents - b.priceCents || a.priceYen - b.priceYen || a.id - b.id;

/** A guide's price in the currency a search's band and sort are in. */
export const priceIn = (currency: Currency | undefined) => (currency === 'JPY' ? (g: PricedGuide) => g.priceYen : (g: PricedGuide) => g.priceCents);
