/**
 * The landing price band (docs/rules/money-and-cancellation.md): hourly price per person, in the
 * reader's currency (decision 168); the slider of each currency is in price-slider.ts.
 */
export const PRICE_STEP = 10;
export const PRICE_DEFAULT = { min: 100, max: 500 } as const;

/**
 * Traveler options of the landing form (docs/rules/money-and-cancellation.md); '10+' searches for groups of 10 or more.
 */
export const TRAVELER_OPTIONS = [1, 2, 3, 4, 5, 6, 8, 10] as const;
export const SEARCH_LANGUAGES = ['zh', 'en', 'ja'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];
export const SAVED_GUIDES_PAGE_SIZE = 6;

/** Sort orders of GET /api/v2/guides (zod-free, so the landing page does not carry zod). */
export const GUIDE_SORTS = ['recommended', 'rating', 'price_asc', 'price_desc', 'newest'] as const;
export type GuideSort = (typeof GUIDE_SORTS)[number];
