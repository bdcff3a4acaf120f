import { describe, expect, it } from 'vitest';
import { cancellationSplit } from './money-rules';
import { noShowSplit } from './no-show-split';

/**
 * A no-show report's split of the deposit (decisions 138, 158). Three days of 2,000 RMB each: a total
 * of 6,000 RMB, a deposit of 1,200 RMB (400 a day) and a commission of 600 RMB (200 a day).
 */
const three = { depositCents: 120_000, commissionCents: 60_000, days: 3, commissionRate: 0.1 };

describe('noShowSplit', () => {
  it.each([
    // [who was absent, on which day, refund, guide, platform]
    ['guide', 1, 120_000, 0, 0],
    ['traveler', 1, 0, 108_000, 12_000],
    // Day 1 was given: its 400 RMB share pays the guide less its 200 RMB commission; days 2 and 3 come back.
    ['guide', 2, 80_000, 20_000, 20_000],
    ['guide', 3, 40_000, 40_000, 40_000],
    // Days 1 and 2 given as above; day 3's share kept by the no-show tier (10 % commission on it).
    ['traveler', 3, 0, 40_000 + 36_000, 40_000 + 4_000],
    ['traveler', 2, 0, 20_000 + 72_000, 20_000 + 8_000],
  ] as const)(
    'the %s absent on day %i: %i back, %i to the guide, %i to the platform',
    (absent, day, refund, guide, platform) => {
      const split = noShowSplit({ ...three, day, absent });
      expect(split).toEqual({ refundCents: refund, guideCents: guide, platformCents: platform });
      expect(split.refundCents + split.guideCents + split.platformCents).toBe(three.depositCents);
    },
  );

  it('is decision 138’s for a tour of hours, whatever day it is asked on', () => {
    const one = { depositCents: 13_200, commissionCents: 6_600, days: 1, commissionRate: 0.1 };
    expect(noShowSplit({ ...one, day: 1, absent: 'guide' })).toEqual({
      refundCents: 13_200,
      guideCents: 0,
      platformCents: 0,
    });
    expect(noShowSplit({ ...one, day: 1, absent: 'traveler' })).toEqual(
      cancellationSplit({ depositCents: 13_200, cancelledBy: 'traveler', tier: 'no_show', commissionRate: 0.1 }),
    );
  });

  it('gives the odd fen of the days not given back to the traveler', () => {
    // Shares 33,333 + 33,333 + 33,334 fen; the commission's 16,667 each.
    const split = noShowSplit({ depositCents: 100_000, commissionCents: 50_001, days: 3, day: 2, absent: 'guide' });
    expect(split).toEqual({ refundCents: 66_667, guideCents: 16_666, platformCents: 16_667 });
  });

  it('takes no more commission from the days given than they hold (a credit paid part of the price)', () => {
    // A credit made the deposit smaller than the commission on the guide's whole price (decision 139).
    const split = noShowSplit({ depositCents: 30_000, commissionCents: 45_000, days: 3, day: 2, absent: 'guide' });
    expect(split).toEqual({ refundCents: 20_000, guideCents: 0, platformCents: 10_000 });
  });
});
