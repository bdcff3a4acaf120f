import { describe, expect, it } from 'vitest';
import { completionOf, guideNetCents } from './guide-net';
import { ledgerBalance } from './ledger';

const none = { extensionsCents: 0, coveredCents: 0, creditCents: 0, commissionRate: 0.1 };

describe('a guide’s net for a tour (decision 175)', () => {
  it('is the total less the commission: ¥12,000 at 10 % with a ¥2,400 deposit is ¥10,800', () => {
    expect(
      guideNetCents({
        ...none,
        totalCents: 12_000,
        depositCents: 2_400,
        paidDepositCents: 2_400,
        bookingCommissionCents: 1_200,
      }),
    ).toBe(10_800);
  });

  it('adds the extensions less their commission, a replacement’s cover and a spent credit, as the completion posts them', () => {
    const pay = {
      totalCents: 60_000,
      depositCents: 12_000,
      paidDepositCents: 12_000,
      extensionsCents: 15_005,
      coveredCents: 5_000,
      creditCents: 2_000,
      bookingCommissionCents: 6_700,
      commissionRate: 0.1,
    };
    // 60,000 + 15,005 + 5,000 + 2,000 − (6,700 + round(1,500.5)) = 73,804
    expect(guideNetCents(pay)).toBe(73_804);
    const posted = completionOf(pay);
    expect(ledgerBalance(posted).total).toBe(0);
    expect(posted.find((p) => p.kind === 'guide_earnings')!.amountCents + pay.totalCents - pay.depositCents).toBe(
      73_804,
    );
  });

  it('takes no more commission than the platform holds, as the completion does', () => {
    // A deposit of 5 % under a commission of 10 %: the platform keeps only what it holds.
    expect(
      guideNetCents({
        ...none,
        totalCents: 10_000,
        depositCents: 500,
        paidDepositCents: 500,
        bookingCommissionCents: 1_000,
      }),
    ).toBe(9_500);
  });
});
