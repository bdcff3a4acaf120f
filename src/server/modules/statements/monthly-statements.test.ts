import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { Person } from '../bookings/test-helpers';
import { at, monthlySuite } from './test-helpers';

/**
 * Monthly statements and the commission's qualified invoice (decision 127): figures from the two
 * ledgers by month in Japan time, the consumption tax computed once on the month's sum, the closing
 * balance equal to the wallet's, and who may read what; the PDF and its invoice items are apart
 * (statement-pdf.test.ts).
 */
const suite = monthlySuite();
const { get } = suite;
let t: TestApp;
let traveler: Person;
let guide: typeof suite.fixture.guide;
let otherGuide: typeof suite.fixture.guide;
let quietGuide: typeof suite.fixture.guide;
beforeAll(() => {
  ({ t, traveler, guide, otherGuide, quietGuide } = suite.fixture);
});

describe('GET /api/v2/wallet/statements', () => {
  it('lists the months with activity, newest first, with the tax computed once on each month’s sum', async () => {
    const res = await get('/api/v2/wallet/statements', guide);
    expect(res.statusCode).toBe(200);
    const { statements } = res.json();
    expect(statements.map((s: { month: string }) => s.month)).toEqual(['2025-11', '2025-10', '2025-09']);
    // The hand-computed case. September's commission: 1,234 + 5,678 + 999 = 7,911 fen, tax included.
    // Tax once on the sum: floor(7,911 × 10 / 110) = floor(719.18…) = 719 fen. Per booking it would be
    // floor(112.18) + floor(516.18) + floor(90.81) = 112 + 516 + 90 = 718: the invoice rule is not that.
    expect(statements[2]).toEqual({
      month: '2025-09',
      closed: true,
      currency: 'CNY',
      openingBalanceCents: 0,
      earningsCents: 35_000,
      // Nothing collected in person: these bookings were never completed, only their entries written.
      inPersonCents: 0,
      earnedCents: 35_000,
      bookings: expect.any(Array),
      payoutsCents: 0,
      closingBalanceCents: 35_000,
      commission: { totalCents: 7_911, taxRatePercent: 10, taxCents: 719, bookings: 3 },
    });
    // Each booking's part of it: the lines add up to the month's earnings and commission.
    const lines = statements[2].bookings as { onlineCents: number; commissionCents: number; inPersonCents: number }[];
    expect(lines.reduce((sum, l) => sum + l.onlineCents, 0)).toBe(35_000);
    expect(lines.reduce((sum, l) => sum + l.commissionCents, 0)).toBe(7_911);
    // October: the booking kept at 00:30 Tokyo time on the 1st; 500 × 10 / 110 = 45.45… → 45. The
    // payout paid on the 12th; the one requested on the 20th but paid in November is November's.
    expect(statements[1]).toMatchObject({
      month: '2025-10',
      openingBalanceCents: 35_000,
      earningsCents: 4_500,
      payoutsCents: 10_000,
      closingBalanceCents: 29_500,
      commission: { totalCents: 500, taxCents: 45, bookings: 1 },
    });
    // November: a payout only (the failed one moved nothing out).
    expect(statements[0]).toMatchObject({
      month: '2025-11',
      openingBalanceCents: 29_500,
      earningsCents: 0,
      payoutsCents: 5_000,
      closingBalanceCents: 24_500,
      commission: { totalCents: 0, taxCents: 0, bookings: 0 },
    });
  });

  it('closes on the wallet’s balance: the same ledgers, never a different figure', async () => {
    const wallet = (await get('/api/v2/wallet', guide)).json();
    const [latest] = (await get('/api/v2/wallet/statements', guide)).json().statements;
    expect(wallet.assetBalanceCents).toBe(24_500);
    expect(latest.closingBalanceCents).toBe(wallet.assetBalanceCents);
    expect(wallet.earnings.withdrawnCents).toBe(15_000);
  });

  it('marks the month still running (Japan time) as not closed', async () => {
    // 2025-11-30 15:00 UTC is already 1 December in Tokyo: November is over.
    t.app.bookings.now = at('2025-11-30T14:59:00Z');
    expect((await get('/api/v2/wallet/statements', guide)).json().statements[0]).toMatchObject({
      month: '2025-11',
      closed: false,
    });
    t.app.bookings.now = at('2025-11-30T15:00:00Z');
    expect((await get('/api/v2/wallet/statements', guide)).json().statements[0]).toMatchObject({
      month: '2025-11',
      closed: true,
    });
  });

  it('shows each guide only their own months; travelers 403, visitors 401', async () => {
    const other = (await get('/api/v2/wallet/statements', otherGuide)).json().statements;
    expect(other).toEqual([
      expect.objectContaining({
        month: '2025-09',
        earningsCents: 7_000,
        closingBalanceCents: 7_000,
        commission: { totalCents: 777, taxRatePercent: 10, taxCents: 70, bookings: 1 },
      }),
    ]);
    expect((await get('/api/v2/wallet/statements', quietGuide)).json()).toEqual({ statements: [] });
    const asTraveler = await get('/api/v2/wallet/statements', traveler);
    expect(asTraveler.statusCode).toBe(403);
    expect(asTraveler.json().code).toBe('forbidden');
    expect((await get('/api/v2/wallet/statements', null)).statusCode).toBe(401);
  });
});
