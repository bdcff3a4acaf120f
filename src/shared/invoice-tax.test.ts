import { describe, expect, it } from 'vitest';
import { STANDARD_TAX_RATE_PERCENT, taxIncludedIn } from './invoice-tax';

/** The consumption tax contained in a tax-inclusive sum, cut off to whole fen (decision 127). */
describe('taxIncludedIn', () => {
  it('is floor(sum × 10 / 110) at the standard rate', () => {
    expect(STANDARD_TAX_RATE_PERCENT).toBe(10);
    expect(taxIncludedIn(0)).toBe(0);
    expect(taxIncludedIn(110)).toBe(10); // exactly 100 + 10
    expect(taxIncludedIn(109)).toBe(9); // 9.909… cut off, not rounded
    expect(taxIncludedIn(11_000)).toBe(1_000);
    expect(taxIncludedIn(7_911)).toBe(719); // 719.18…
    expect(taxIncludedIn(500)).toBe(45); // 45.45…
  });

  it('on the sum is not the sum per item: 1,234 + 5,678 + 999 fen', () => {
    const items = [1_234, 5_678, 999];
    const perItem = items.reduce((sum, c) => sum + taxIncludedIn(c), 0);
    expect(perItem).toBe(718);
    expect(taxIncludedIn(items.reduce((a, b) => a + b, 0))).toBe(719);
  });

  it('takes another rate, and refuses a fraction of a fen', () => {
    expect(taxIncludedIn(10_800, 8)).toBe(800);
    expect(() => taxIncludedIn(10.5)).toThrow(RangeError);
  });
});
