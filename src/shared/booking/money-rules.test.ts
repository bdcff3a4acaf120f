import { describe, expect, it } from 'vitest';
import {
  bookingNumber,
  cancellationSplit,
  cancellationTier,
  dayShares,
  declaredOvertimeRateCents,
  evenShares,
  largestRemainder,
  depositCents,
  extensionFeeCents,
  extensionPriceCents,
  tourPriceCents,
  type GuideExtra,
} from './money-rules';
import { cancellationTerms } from './cancellation-terms';

describe('money rules', () => {
  it('numbers bookings TG + 4 digits unless set', () => {
    expect(bookingNumber(7)).toBe('TG0007');
    expect(bookingNumber(12345)).toBe('TG12345');
    expect(bookingNumber(7, 'TG-SPECIAL')).toBe('TG-SPECIAL');
  });

  it('prices a tour per hour with additional travelers', () => {
    // 300 RMB/h + 30 RMB per additional person, 3 people, 4 h → (300 + 60) × 4 = 1440 RMB
    expect(tourPriceCents({ basicPerHourCents: 30_000, additionalPerPersonCents: 3_000, travelers: 3, hours: 4 })).toBe(
      144_000,
    );
    expect(
      tourPriceCents({ basicPerHourCents: 30_000, additionalPerPersonCents: 3_000, travelers: 1, hours: 2.5 }),
    ).toBe(75_000);
  });

  it.each([
    // [deposit in fen, days, the shares]: equal whole fen, the remainder on the last day (decision 158).
    [120_000, 3, [40_000, 40_000, 40_000]],
    [100_000, 3, [33_333, 33_333, 33_334]],
    [100_006, 7, [14_286, 14_286, 14_286, 14_286, 14_286, 14_286, 14_290]],
    [5, 7, [0, 0, 0, 0, 0, 0, 5]],
    [0, 2, [0, 0]],
    [13_201, 1, [13_201]],
  ])('shares %i fen over %i days as %j, adding up exactly', (cents, days, shares) => {
    expect(dayShares(cents, days)).toEqual(shares);
    expect(dayShares(cents, days).reduce((a, b) => a + b, 0)).toBe(cents);
  });

  it('refuses a share of a fraction of a fen or over no day', () => {
    expect(() => dayShares(10.5, 2)).toThrow(RangeError);
    expect(() => dayShares(-1, 2)).toThrow(RangeError);
    expect(() => dayShares(100, 0)).toThrow(RangeError);
  });

  it.each([
    [100_000, 3, [33_333, 33_333, 33_334]],
    [100_006, 7, [14_286, 14_286, 14_286, 14_287, 14_287, 14_287, 14_287]],
    [312_195, 2, [156_097, 156_098]],
    [5, 7, [0, 0, 1, 1, 1, 1, 1]],
    [0, 2, [0, 0]],
  ])(
    'splits %i evenly over %i days as %j: the later days take the odd units, one each (decision 193)',
    (c, n, parts) => {
      expect(evenShares(c, n)).toEqual(parts);
    },
  );

  it('splits by the largest remainder in proportion, a tie to the later part', () => {
    expect(largestRemainder(10, [1, 1, 2])).toEqual([2, 3, 5]);
    expect(largestRemainder(7, [0, 0])).toEqual([3, 4]);
    expect(() => largestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => largestRemainder(1, [])).toThrow(RangeError);
  });

  it('takes a 20% deposit by default', () => {
    expect(depositCents(144_000)).toBe(28_800);
    expect(depositCents(100_001, 0.3)).toBe(30_000);
  });

  it('computes the extension fee as round(total / duration) × hours', () => {
    // 1000 RMB over 3 h → 333.33 → 333 RMB per hour; 0.5 h → 166.5 RMB
    expect(extensionFeeCents(100_000, 3, 0.5)).toBe(16_650);
    expect(extensionFeeCents(144_000, 4, 2)).toBe(72_000);
    expect(() => extensionFeeCents(1, 0, 1)).toThrow(RangeError);
  });

  it.each([
    // [what the guide declared, extension hours, fee]: a tour of 1000 RMB over 3 h (decision 152).
    [
      'overtime not included at 250.01 RMB, a quarter hour: rounded to the fen once',
      [{ kind: 'overtime_hour', included: false, priceCents: 25_001 }],
      0.25,
      6_250,
    ],
    [
      'overtime not included at 200 RMB, two hours',
      [{ kind: 'overtime_hour', included: false, priceCents: 20_000 }],
      2,
      40_000,
    ],
    ['overtime included: the hourly average', [{ kind: 'overtime_hour', included: true }], 0.5, 16_650],
    ['no overtime declared: the hourly average', [{ kind: 'meals', included: false }], 1, 33_300],
  ] as [string, GuideExtra[], number, number][])(
    'prices an extension at the declared overtime rate, else the average: %s',
    (_, extras, hours, fee) => {
      const overtimeRateCents = declaredOvertimeRateCents(extras);
      expect(extensionPriceCents({ totalCents: 100_000, baseHours: 3, overtimeRateCents }, hours)).toBe(fee);
    },
  );

  it('finds the cancellation tier by time before the start', () => {
    const start = new Date('2026-12-10T09:00:00Z');
    const before = (h: number) => new Date(start.getTime() - h * 3_600_000);
    expect(cancellationTier(start, before(8 * 24))).toBe('more_than_7_days');
    expect(cancellationTier(start, before(7 * 24))).toBe('days_3_to_7');
    expect(cancellationTier(start, before(3 * 24))).toBe('days_3_to_7');
    expect(cancellationTier(start, before(2 * 24))).toBe('days_1_to_3');
    expect(cancellationTier(start, before(24))).toBe('days_1_to_3');
    expect(cancellationTier(start, before(23))).toBe('under_24_hours');
    expect(cancellationTier(start, before(-1))).toBe('under_24_hours');
    expect(cancellationTier(start, before(100), { noShow: true })).toBe('no_show');
  });

  it('splits a deposit on cancellation; the parts always add up to the deposit', () => {
    const deposit = 28_800;
    expect(cancellationSplit({ depositCents: deposit, cancelledBy: 'guide', tier: 'under_24_hours' })).toEqual({
      refundCents: deposit,
      guideCents: 0,
      platformCents: 0,
    });
    expect(cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'more_than_7_days' })).toEqual({
      refundCents: deposit,
      guideCents: 0,
      platformCents: 0,
    });
    expect(cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'days_3_to_7' })).toEqual({
      refundCents: 14_400,
      guideCents: 12_960,
      platformCents: 1_440,
    });
    expect(cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'days_1_to_3' }).refundCents).toBe(
      7_200,
    );
    expect(cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'no_show' }).refundCents).toBe(0);
    expect(
      cancellationSplit({ depositCents: deposit, cancelledBy: 'traveler', tier: 'under_24_hours', emergency: true }),
    ).toEqual({ refundCents: 24_480, guideCents: 4_320, platformCents: 0 });
    for (const tier of ['more_than_7_days', 'days_3_to_7', 'days_1_to_3', 'under_24_hours', 'no_show'] as const) {
      const s = cancellationSplit({ depositCents: 9_999, cancelledBy: 'traveler', tier });
      expect(s.refundCents + s.guideCents + s.platformCents).toBe(9_999);
    }
  });

  it("lists one booking's cancellation terms as the server would split its deposit", () => {
    // A 486.50 RMB deposit: every case's refund and fee add up to it, the tiers in order.
    const terms = cancellationTerms(48_650);
    expect(terms.map((t) => [t.case, t.refundPercent, t.refundCents, t.feeCents])).toEqual([
      ['more_than_7_days', 100, 48_650, 0],
      ['days_3_to_7', 50, 24_325, 24_325],
      ['days_1_to_3', 25, 12_163, 36_487],
      ['under_24_hours', 0, 0, 48_650],
      ['no_show', 0, 0, 48_650],
      ['emergency', 85, 41_353, 7_297],
      ['guide', 100, 48_650, 0],
    ]);
    for (const t of terms.slice(0, 5))
      expect(t.refundCents).toBe(
        cancellationSplit({ depositCents: 48_650, cancelledBy: 'traveler', tier: t.case as 'no_show' }).refundCents,
      );
  });
});
