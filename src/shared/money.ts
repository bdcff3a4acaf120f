/**
 * Money is integer cents (fen) with a currency code (docs/rules/money-and-cancellation.md). RMB is stored as `CNY`
 * and shown as "RMB" / "元"; never a bare ¥, which reads as yen in Japan.
 */

/** Whole RMB for display from stored cents (stored cents are divided by 100, docs/rules/money-and-cancellation.md). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/**
 * Yen per RMB for the "≈ RMB" shown beside the extras a traveler pays the guide in yen on site
 * (decision 105). Indicative only: no amount is ever charged, stored or refunded at this rate, so a
 * round figure near the market's (about 20 in 2025–2026) is enough to give a sense of size.
 */
export const APPROX_YEN_PER_RMB = 20;

/** About how many whole RMB a yen amount is (for display beside the yen, never for money). */
export const approxRmbFromYen = (yen: number): number => Math.round(yen / APPROX_YEN_PER_RMB);
