/**
 * Money is integer cents (fen) with a currency code (DESIGN §4). RMB is stored as `CNY`
 * and shown as "RMB" / "元"; never a bare ¥, which reads as yen in Japan.
 */
export const DEFAULT_CURRENCY = 'CNY';

/** Whole RMB for display from stored cents (SPEC §9: stored cents are divided by 100). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}
