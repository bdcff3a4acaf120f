import { describe, expect, it } from 'vitest';
import { compareCandidates, replacementAnswerBy, replacementLapsesAt, replacementPrice } from './replacement';

describe('replacement rules (decision 137)', () => {
  const start = new Date('2026-12-10T01:00:00Z');

  it('the choice lapses 3 h before the start; the chosen guide answers within 12 h, at the latest 2 h before', () => {
    expect(replacementLapsesAt(start).toISOString()).toBe('2026-12-09T22:00:00.000Z');
    expect(replacementAnswerBy(new Date('2026-12-01T00:00:00Z'), start).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(replacementAnswerBy(new Date('2026-12-09T20:00:00Z'), start).toISOString()).toBe('2026-12-09T23:00:00.000Z');
  });

  it('the traveler never pays more; the platform covers up to 20 % more, not a fen beyond', () => {
    const base = { bookedTotalCents: 100_000, depositPaidCents: 20_000, coverRate: 0.2 };
    expect(replacementPrice({ ...base, newTotalCents: 120_000 })).toEqual({
      travelerTotalCents: 100_000,
      coveredCents: 20_000,
    });
    expect(replacementPrice({ ...base, newTotalCents: 120_001 })).toBeNull();
    expect(replacementPrice({ ...base, newTotalCents: 90_000 })).toEqual({
      travelerTotalCents: 90_000,
      coveredCents: 0,
    });
    expect(replacementPrice({ ...base, newTotalCents: 19_999 })).toBeNull();
    expect(replacementPrice({ ...base, coverRate: 0, newTotalCents: 100_001 })).toBeNull();
  });

  it('ranks licensed, then better rated, then more reviewed, then nearest in price', () => {
    const cmp = compareCandidates(100_000);
    const g = (licensed: boolean, rating: number, reviewCount: number, newTotalCents: number) => ({
      licensed,
      rating,
      reviewCount,
      newTotalCents,
    });
    const list = [
      g(false, 5, 10, 100_000),
      g(true, 4, 1, 110_000),
      g(true, 4.5, 1, 80_000),
      g(true, 4.5, 1, 105_000),
      g(true, 4.5, 3, 119_000),
    ];
    expect(list.sort(cmp)).toEqual([
      g(true, 4.5, 3, 119_000),
      g(true, 4.5, 1, 105_000),
      g(true, 4.5, 1, 80_000),
      g(true, 4, 1, 110_000),
      g(false, 5, 10, 100_000),
    ]);
  });
});
