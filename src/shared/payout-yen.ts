/**
 * RMB fen to whole yen at a rate the product used for a bank payout (decision 129), pure so the
 * server's transfer batches, the statement's invoice and the withdrawal form's estimate are one rule.
 */
import { rateMicros, type Currency } from './currency';

/**
 * Fen to whole yen at `jpyPerCny`, rounded down (decision 129): yen = ⌊fen × rate / 100⌋, computed in
 * integers so no floating point touches money. A negative amount rounds toward zero.
 */
export function fenToYen(fen: number, jpyPerCny: string): number {
  return Number((BigInt(fen) * rateMicros(jpyPerCny)) / 100_000_000n);
}

/**
 * The yen a bank payout sends (decision 167): a yen payout is its own amount, never converted, and
 * needs no rate (decision 169); a yuan payout is `fenToYen` at the batch's rate.
 */
export function payoutYen(amountMinor: number, currency: Currency, jpyPerCny: string | null): number {
  if (currency === 'JPY') return amountMinor;
  if (jpyPerCny === null) throw new RangeError('a yuan payout is converted at a rate');
  return fenToYen(amountMinor, jpyPerCny);
}
