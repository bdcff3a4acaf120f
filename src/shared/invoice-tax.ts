/**
 * Consumption tax on the platform's commission, as a qualified invoice states it (decision 127).
 * Pure: the statements module and its tests use the same rule.
 *
 * The commission the ledger keeps is the whole price of the platform's service: no tax is ever
 * charged on top of it, so the tax is contained in it (税込). Japan's invoice rule computes the tax
 * once per invoice and per rate, on the sum of the items at that rate, never per item; a fraction of
 * a fen is cut off (切り捨て).
 */

/** The standard rate (標準税率), in percent: the platform's service is not reduced-rate. */
export const STANDARD_TAX_RATE_PERCENT = 10;

/** The tax contained in a tax-inclusive sum at `ratePercent`: floor(sum × rate / (100 + rate)). */
export function taxIncludedIn(sumCents: number, ratePercent: number = STANDARD_TAX_RATE_PERCENT): number {
  if (!Number.isInteger(sumCents)) throw new RangeError('the sum must be whole fen');
  // Integer arithmetic (no float rounding); Math.floor so a negative sum also rounds toward −∞ the same way.
  return Math.floor((sumCents * ratePercent) / (100 + ratePercent));
}
