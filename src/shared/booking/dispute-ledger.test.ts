import { describe, expect, it } from 'vitest';
import { disputeResolutionPostings, refundableCents } from './dispute-ledger';
import { ledgerBalance } from './ledger';

const sum = (p: { amountCents: number }[]) => p.reduce((s, x) => s + x.amountCents, 0);
const base = { commissionCents: 1_000, commissionRate: 0.1 };

describe('disputeResolutionPostings', () => {
  it('during the tour: refunds from the platform hold and settles the rest, commission kept', () => {
    const balance = { traveler: -10_000, guide: 0, platform: 10_000 };
    const p = disputeResolutionPostings({
      ...base,
      balance,
      settled: false,
      resolution: 'cancelled',
      refundCents: 6_000,
    });
    expect(sum(p)).toBe(0);
    const after = ledgerBalance([
      ...p,
      { account: 'traveler', amountCents: -10_000 },
      { account: 'platform', amountCents: 10_000 },
    ]);
    expect(after).toEqual({ traveler: -4_000, guide: 3_600, platform: 400, total: 0 });
  });

  it('during the tour, resolved as completed: the booking’s commission, at most what is left', () => {
    const balance = { traveler: -10_000, guide: 0, platform: 10_000 };
    const p = disputeResolutionPostings({
      ...base,
      balance,
      settled: false,
      resolution: 'completed',
      refundCents: 9_500,
    });
    expect(sum(p)).toBe(0);
    expect(p.find((x) => x.kind === 'commission')!.amountCents).toBe(500);
    expect(p.some((x) => x.account === 'guide')).toBe(false);
  });

  it('during the tour, resolved as completed: the platform’s cover and credit are paid to the guide as at completion; not when cancelled', () => {
    const balance = { traveler: -10_000, guide: 0, platform: 10_000 };
    const platformAdds = { coveredCents: 2_000, creditCents: 5_000 };
    const done = disputeResolutionPostings({
      ...base,
      balance,
      settled: false,
      resolution: 'completed',
      refundCents: 0,
      platformAdds,
    });
    expect(sum(done)).toBe(0);
    expect(done).toEqual(
      expect.arrayContaining([
        { account: 'platform', kind: 'replacement_cover', amountCents: -2_000 },
        { account: 'platform', kind: 'travel_credit', amountCents: -5_000 },
        { account: 'guide', kind: 'dispute_settlement', amountCents: 16_000 },
      ]),
    );
    const cancelled = disputeResolutionPostings({
      ...base,
      balance,
      settled: false,
      resolution: 'cancelled',
      refundCents: 0,
      platformAdds,
    });
    expect(cancelled.some((x) => x.kind === 'replacement_cover' || x.kind === 'travel_credit')).toBe(false);
  });

  it('after completion: the refund comes from the guide’s earnings first, then the platform', () => {
    const balance = { traveler: -10_000, guide: 9_000, platform: 1_000 };
    const p = disputeResolutionPostings({
      ...base,
      balance,
      settled: true,
      resolution: 'completed',
      refundCents: 9_500,
    });
    expect(sum(p)).toBe(0);
    expect(p).toEqual([
      { account: 'traveler', kind: 'dispute_refund', amountCents: 9_500 },
      { account: 'guide', kind: 'dispute_refund', amountCents: -9_000 },
      { account: 'platform', kind: 'dispute_refund', amountCents: -500 },
    ]);
  });

  it('refuses more than the traveler paid online, and odd amounts', () => {
    const balance = { traveler: -10_000, guide: 9_000, platform: 1_000 };
    expect(refundableCents(balance)).toBe(10_000);
    expect(() =>
      disputeResolutionPostings({ ...base, balance, settled: true, resolution: 'cancelled', refundCents: 10_001 }),
    ).toThrow(RangeError);
    expect(() =>
      disputeResolutionPostings({ ...base, balance, settled: true, resolution: 'cancelled', refundCents: 1.5 }),
    ).toThrow(RangeError);
    expect(
      disputeResolutionPostings({ ...base, balance, settled: true, resolution: 'completed', refundCents: 0 }),
    ).toEqual([]);
  });
});
