import { describe, expect, it } from 'vitest';
import { cancellationPostings, depositPostings, ledgerBalance } from './ledger';
import { bookingPrice, cancellationSplit, type CancellationTier } from './money-rules';
import { refundArrival } from './cancellation-terms';

describe('booking price (decision 040)', () => {
  it('prices from the basic rate, or the chosen service’s price, plus each additional person', () => {
    // 300 RMB/h, +30 RMB per additional person, 3 people, 4 h → 1440 RMB; 20% deposit; 10% commission.
    expect(
      bookingPrice({ basicPerHourCents: 30_000, additionalPerPersonCents: 3_000, adults: 3, hours: 4 }),
    ).toMatchObject({
      unitPriceCents: 30_000,
      additionalPerPersonCents: 3_000,
      totalCents: 144_000,
      depositCents: 28_800,
      balanceCents: 115_200,
      commissionCents: 14_400,
    });
    const service = bookingPrice({
      basicPerHourCents: 30_000,
      additionalPerPersonCents: 3_000,
      servicePriceCents: 45_050,
      adults: 1,
      hours: 2.5,
    });
    expect(service.totalCents).toBe(112_625);
    expect(service.depositCents).toBe(22_525);
    expect(service.depositCents + service.balanceCents).toBe(service.totalCents);
    expect(
      bookingPrice({
        basicPerHourCents: 33_333,
        additionalPerPersonCents: 0,
        adults: 1,
        hours: 1,
        depositRate: 0.3,
        commissionRate: 0.15,
      }),
    ).toMatchObject({
      depositCents: 10_000,
      commissionCents: 5_000,
    });
  });

  it('says when refunds arrive by method', () => {
    expect(refundArrival('card')).toEqual({ minBusinessDays: 3, maxBusinessDays: 5 });
    expect(refundArrival('alipay')).toEqual({ minBusinessDays: 1, maxBusinessDays: 3 });
    expect(refundArrival('wechat')).toEqual({ minBusinessDays: 1, maxBusinessDays: 3 });
    expect(refundArrival('bank_transfer')).toEqual({ minBusinessDays: 5, maxBusinessDays: 7 });
  });
});

describe('ledger postings', () => {
  it('hold the deposit on the platform, then release it by the split; always summing to zero', () => {
    const tiers: CancellationTier[] = ['more_than_7_days', 'days_3_to_7', 'days_1_to_3', 'under_24_hours', 'no_show'];
    for (let deposit = 1; deposit < 3000; deposit += 37) {
      for (const tier of tiers) {
        for (const cancelledBy of ['traveler', 'guide'] as const) {
          const split = cancellationSplit({ depositCents: deposit, cancelledBy, tier });
          const all = [...depositPostings(deposit), ...cancellationPostings(deposit, split)];
          const balance = ledgerBalance(all);
          expect(balance.total).toBe(0);
          expect(balance.traveler).toBe(-deposit + split.refundCents);
          expect(balance.guide).toBe(split.guideCents);
          expect(balance.platform).toBe(split.platformCents);
        }
      }
    }
  });

  it('leave out zero amounts and refuse a split that does not add up', () => {
    expect(cancellationPostings(1000, { refundCents: 1000, guideCents: 0, platformCents: 0 })).toEqual([
      { account: 'platform', kind: 'deposit_release', amountCents: -1000 },
      { account: 'traveler', kind: 'refund', amountCents: 1000 },
    ]);
    expect(() => cancellationPostings(1000, { refundCents: 900, guideCents: 0, platformCents: 0 })).toThrow(RangeError);
  });
});
