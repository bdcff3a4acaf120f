import type { Currency } from './currency';
import { PRICE_DEFAULT, PRICE_STEP } from './price-range';

/**
 * The search form's price slider in the reader's currency (decision 168), apart from price-range.ts so
 * the landing page's first download does not carry it. In yuan the bounds are the guides' prices
 * rounded down / up to multiples of 50 (min at least 50, max at least 200), step 10, default 100–500
 * (kept inside the bounds); in yen the same band about twenty times over, in round yen: multiples of
 * 1,000 (min at least 1,000, max at least 4,000), step 200, default 2,000–10,000.
 */
/** The slider of each currency: its step, the multiple its bounds round to, its least bounds and its default band. */
export const PRICE_SLIDER: Record<
  Currency,
  { step: number; round: number; floor: number; ceiling: number; band: { min: number; max: number } }
> = {
  CNY: { step: PRICE_STEP, round: 50, floor: 50, ceiling: 200, band: PRICE_DEFAULT },
  JPY: { step: 200, round: 1_000, floor: 1_000, ceiling: 4_000, band: { min: 2_000, max: 10_000 } },
};

export function priceSliderBounds(
  lowest: number | null,
  highest: number | null,
  currency: Currency = 'CNY',
): { min: number; max: number } {
  const { round, floor, ceiling } = PRICE_SLIDER[currency];
  const min = Math.max(floor, Math.floor((lowest ?? floor) / round) * round);
  const max = Math.max(ceiling, Math.ceil((highest ?? ceiling) / round) * round);
  return { min, max: Math.max(max, min + round) };
}

/** The default band clamped into the bounds. */
export function defaultPriceBand(
  bounds: { min: number; max: number },
  currency: Currency = 'CNY',
): { min: number; max: number } {
  const band = PRICE_SLIDER[currency].band;
  const min = Math.min(Math.max(band.min, bounds.min), bounds.max);
  const max = Math.max(Math.min(band.max, bounds.max), min);
  return { min, max };
}
