/**
 * The landing price band (docs/rules/money-and-cancellation.md): hourly price per person in RMB. The slider's bounds come from
 * the guides' prices rounded down / up to multiples of 50 (min at least 50, max at least 200),
 * step 10, default 100–500 (kept inside the bounds).
 */
export const PRICE_STEP = 10;
/**
 * The lowest hourly price a guide may set (decision 082): the landing slider's lowest bound, 50 RMB.
 * A price of 0 would make a deposit of 0, which no provider can charge.
 */
export const MIN_HOURLY_PRICE_RMB = 50;
export const MIN_HOURLY_PRICE_FEN = MIN_HOURLY_PRICE_RMB * 100;
export const PRICE_DEFAULT = { min: 100, max: 500 } as const;

export function priceSliderBounds(lowestRmb: number | null, highestRmb: number | null): { min: number; max: number } {
  const min = Math.max(50, Math.floor((lowestRmb ?? 50) / 50) * 50);
  const max = Math.max(200, Math.ceil((highestRmb ?? 200) / 50) * 50);
  return { min, max: Math.max(max, min + 50) };
}

/** The default band clamped into the bounds. */
export function defaultPriceBand(bounds: { min: number; max: number }): { min: number; max: number } {
  const min = Math.min(Math.max(PRICE_DEFAULT.min, bounds.min), bounds.max);
  const max = Math.max(Math.min(PRICE_DEFAULT.max, bounds.max), min);
  return { min, max };
}

/** Traveler options of the landing form (docs/rules/money-and-cancellation.md); '10+' searches for groups of 10 or more. */
export const TRAVELER_OPTIONS = [1, 2, 3, 4, 5, 6, 8, 10] as const;
export const SEARCH_LANGUAGES = ['zh', 'en', 'ja'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];
export const SAVED_GUIDES_PAGE_SIZE = 6;

/** Sort orders of GET /api/v2/guides (zod-free, so the landing page does not carry zod). */
export const GUIDE_SORTS = ['recommended', 'rating', 'price_asc', 'price_desc', 'newest'] as const;
export type GuideSort = (typeof GUIDE_SORTS)[number];
