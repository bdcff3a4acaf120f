/**
 * RMB fen to whole yen at a rate the product used for a bank payout (decision 129), pure so the
 * server's transfer batches, the statement's invoice and the withdrawal form's estimate are one rule.
 */

/** Yen per RMB as typed ("21.53") in millionths, exactly: the string has at most six decimals. */
function rateMicros(rate: string): bigint {
  const [whole = '0', frac = ''] = rate.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/**
 * Fen to whole yen at `jpyPerCny`, rounded down (decision 129): yen = ⌊fen × rate / 100⌋, computed in
 * integers so no floating point touches money. A negative amount rounds toward zero.
 */
export function fenToYen(fen: number, jpyPerCny: string): number {
  return Number((BigInt(fen) * rateMicros(jpyPerCny)) / 100_000_000n);
}

/** A rate as stored by numeric(10,6) ("21.530000"), as the admin entered it ("21.53"). */
export const trimRate = (stored: string): string => (stored.includes('.') ? stored.replace(/\.?0+$/, '') : stored);
