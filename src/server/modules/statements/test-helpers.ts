import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { ledgerEntries, payoutBatches } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * Test-only helpers of the yuan guide's monthly statement suites (monthly-statements.test.ts, statement-pdf.test.ts).
 */

const OPERATOR = {
  OPERATOR_NAME: '株式会社たび案内テスト',
  OPERATOR_REPRESENTATIVE: '山田 花子',
  OPERATOR_ADDRESS: '〒100-0001 東京都千代田区千代田1-1',
  OPERATOR_PHONE: '03-0000-0000',
  OPERATOR_EMAIL: 'billing@example.com',
  // The National Tax Agency's own registration number: a valid check digit (decision 120).
  OPERATOR_INVOICE_NUMBER: 'T7000012050002',
};

export const at = (iso: string) => () => new Date(iso);

/**
 * Call at a file's top: its app with a guide's three months of bookings and payouts, another guide's
 * September and a guide with none (made before its tests, closed after; the clock set back after each
 * test). The state lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function monthlySuite() {
  const fixture = {
    numbers: [] as string[],
    /** Each booking's price, by its number. */
    prices: new Map<string, number>(),
    otherNumber: '',
  } as {
    t: TestApp;
    traveler: Person;
    admin: Person;
    guide: Awaited<ReturnType<typeof guidePerson>>;
    otherGuide: Awaited<ReturnType<typeof guidePerson>>;
    quietGuide: Awaited<ReturnType<typeof guidePerson>>;
    numbers: string[];
    prices: Map<string, number>;
    otherNumber: string;
  };

  const get = (url: string, who: Person | null) =>
    fixture.t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });
  const post = (url: string, who: Person, payload?: object) =>
    fixture.t.app.inject({ method: 'POST', url, headers: auth(who.token), ...(payload && { payload }) });

  /**
   * A booking's history at `when`: the platform releases what it held, keeps `commission` and credits
   * the guide `earnings` (available at once); balanced, as the ledger's trigger demands.
   */
  async function settled(
    who: { id: number; guideId: number },
    days: number,
    when: string,
    earnings: number,
    commission: number,
  ): Promise<string> {
    const { t, traveler, prices } = fixture;
    const id = await confirmedBooking(t, traveler, who.guideId, daysAhead(days));
    const createdAt = new Date(when);
    await t.database.db.insert(ledgerEntries).values([
      {
        bookingId: id,
        account: 'platform',
        userId: null,
        kind: 'deposit_release',
        amountCents: -(earnings + commission),
        currency: 'CNY',
        createdAt,
      },
      {
        bookingId: id,
        account: 'guide',
        userId: who.id,
        kind: 'guide_earnings',
        amountCents: earnings,
        currency: 'CNY',
        availableAt: createdAt,
        createdAt,
      },
      {
        bookingId: id,
        account: 'platform',
        userId: null,
        kind: 'commission',
        amountCents: commission,
        currency: 'CNY',
        createdAt,
      },
    ]);
    const booking = (await get(`/api/v2/bookings/${id}`, traveler)).json();
    const number = booking.bookingNumber ?? bookingNumber(id);
    prices.set(number, booking.totalPriceCents);
    return number;
  }

  /** A payout requested, approved and paid (or failed) on the app's clock at the given instants. */
  async function payout(amountCents: number, requested: string, outcome: { paid: string } | { failed: string }) {
    const { t, guide, admin } = fixture;
    t.app.bookings.now = at(requested);
    const res = await post('/api/v2/wallet/withdrawals', guide, {
      amountCents,
      method: 'alipay',
      accountName: 'Sato Ken',
      accountNumber: 'ken@example.com',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().withdrawal.id as number;
    if ('paid' in outcome) {
      expect((await post(`/api/admin/withdrawals/${id}/approve`, admin)).statusCode).toBe(200);
      t.app.bookings.now = at(outcome.paid);
      expect((await post(`/api/admin/withdrawals/${id}/paid`, admin)).statusCode).toBe(200);
    } else {
      t.app.bookings.now = at(outcome.failed);
      expect((await post(`/api/admin/withdrawals/${id}/fail`, admin, { reason: 'Account closed' })).statusCode).toBe(
        200,
      );
    }
    t.app.bookings.now = () => new Date();
  }

  beforeAll(async () => {
    const t = (fixture.t = await createTestApp({ seed: 'none', env: OPERATOR }));
    fixture.traveler = await person(t);
    const admin = (fixture.admin = await person(t, { admin: true }));
    const guide = (fixture.guide = await guidePerson(t, { name: '佐藤健 Sato Ken' }));
    fixture.otherGuide = await guidePerson(t, { name: 'Other Guide' });
    fixture.quietGuide = await guidePerson(t);
    const { numbers } = fixture;
    // September 2025 (Japan time): three bookings whose commissions are 1,234, 5,678 and 999 fen. The
    // third is kept at 23:59 on 30 September in Tokyo (14:59 UTC): still September.
    numbers.push(await settled(guide, 30, '2025-09-03T01:00:00Z', 10_000, 1_234));
    numbers.push(await settled(guide, 31, '2025-09-17T08:00:00Z', 20_000, 5_678));
    numbers.push(await settled(guide, 32, '2025-09-30T14:59:00Z', 5_000, 999));
    // 15:30 UTC on 30 September is 00:30 on 1 October in Tokyo: October's.
    numbers.push(await settled(guide, 33, '2025-09-30T15:30:00Z', 4_500, 500));
    // Another guide's booking in September: never in this guide's figures.
    fixture.otherNumber = await settled(fixture.otherGuide, 34, '2025-09-10T03:00:00Z', 7_000, 777);
    // Payouts: 10,000 paid in October; 5,000 requested in October and paid in November; 3,000 failed.
    await payout(10_000, '2025-10-10T03:00:00Z', { paid: '2025-10-12T03:00:00Z' });
    await payout(5_000, '2025-10-20T03:00:00Z', { paid: '2025-11-02T03:00:00Z' });
    await payout(3_000, '2025-11-05T03:00:00Z', { failed: '2025-11-06T03:00:00Z' });
    // The yen rates bank payouts were transferred at (decisions 129, 130): none by the end of September,
    // 21.53 on 6 October, 20.9 on 4 November.
    await t.database.db.insert(payoutBatches).values([
      {
        kind: 'bank',
        transferDate: '2025-10-06',
        jpyPerCny: '21.53',
        createdBy: admin.id,
        createdAt: new Date('2025-10-03T02:00:00Z'),
      },
      {
        kind: 'bank',
        transferDate: '2025-11-04',
        jpyPerCny: '20.9',
        createdBy: admin.id,
        createdAt: new Date('2025-10-31T02:00:00Z'),
      },
    ]);
  }, 60_000);
  afterAll(() => fixture.t.close());
  afterEach(() => {
    fixture.t.app.bookings.now = () => new Date();
  });

  return { fixture, get };
}
