import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingNumber } from '../../../shared/booking/money-rules';
import type { Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import { ledgerEntries, payoutBatches } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, YEN_RATES, type Person } from '../bookings/test-helpers';
import { bankWithdrawal } from '../wallet/test-helpers';
import { pdfText } from '../../test/pdf-runs';

/**
 * A yen guide's monthly statement and qualified invoice (decision 167): every amount in yen, the
 * consumption tax computed once on the month's yen commission and cut off to the yen, with no rate and
 * no conversion; the month in which her yuan from before her switch still moved has a statement in each
 * currency, the invoice totalling each on its own; the closing balances are the wallet's.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
const september: string[] = [];
const prices = new Map<string, number>();
let yuanNumber = '';
let octoberYen = '';

const OPERATOR = {
  OPERATOR_NAME: '株式会社たび案内テスト',
  OPERATOR_REPRESENTATIVE: '山田 花子',
  OPERATOR_ADDRESS: '〒100-0001 東京都千代田区千代田1-1',
  OPERATOR_PHONE: '03-0000-0000',
  OPERATOR_EMAIL: 'billing@example.com',
  OPERATOR_INVOICE_NUMBER: 'T7000012050002',
};

const get = (url: string, who: Person | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });
const post = (url: string, who: Person, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(who.token), ...(payload && { payload }) });
const at = (iso: string) => () => new Date(iso);

/**
 * A booking's completion at `when`, in `currency`: the platform releases, keeps `commission`, credits `earnings`
 * (available at once).
 */
async function settled(
  days: number,
  when: string,
  earnings: number,
  commission: number,
  currency: Currency,
): Promise<string> {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days));
  const createdAt = new Date(when);
  await t.database.db.insert(ledgerEntries).values([
    {
      bookingId: id,
      account: 'platform',
      userId: null,
      kind: 'deposit_release',
      amountCents: -(earnings + commission),
      currency,
      createdAt,
    },
    {
      bookingId: id,
      account: 'guide',
      userId: guide.id,
      kind: 'guide_earnings',
      amountCents: earnings,
      currency,
      availableAt: createdAt,
      createdAt,
    },
    {
      bookingId: id,
      account: 'platform',
      userId: null,
      kind: 'commission',
      amountCents: commission,
      currency,
      createdAt,
    },
  ]);
  const booking = (await get(`/api/v2/bookings/${id}`, traveler)).json();
  expect(booking.currency).toBe(currency);
  const number = booking.bookingNumber ?? bookingNumber(id);
  prices.set(number, booking.totalPriceCents);
  return number;
}

const pdf = async (month: string, lang: string, who: Person = guide) => {
  const res = await get(`/api/v2/wallet/statements/${month}/pdf?lang=${lang}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', env: OPERATOR });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { name: '佐藤健 Sato Ken' });
  otherGuide = await guidePerson(t, { name: 'Other Guide' });
  // Booked while she priced in yuan; she then prices in yen, and every later booking is yen.
  const before = await confirmedBooking(t, traveler, guide.guideId, daysAhead(29));
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: '/api/v2/guides/me/rates',
        headers: auth(guide.token),
        payload: YEN_RATES,
      })
    ).statusCode,
  ).toBe(200);
  // September 2025 (Japan time), in yen: commissions of ¥1,234, ¥5,678 and ¥999.
  september.push(await settled(30, '2025-09-03T01:00:00Z', 10_000, 1_234, 'JPY'));
  september.push(await settled(31, '2025-09-17T08:00:00Z', 20_000, 5_678, 'JPY'));
  september.push(await settled(32, '2025-09-30T14:59:00Z', 5_000, 999, 'JPY'));
  // October: the yuan booking from before the switch completes (45 RMB earned, 5 RMB kept), and a yen one.
  const createdAt = new Date('2025-10-08T03:00:00Z');
  await t.database.db.insert(ledgerEntries).values([
    {
      bookingId: before,
      account: 'platform',
      userId: null,
      kind: 'deposit_release',
      amountCents: -5_000,
      currency: 'CNY',
      createdAt,
    },
    {
      bookingId: before,
      account: 'guide',
      userId: guide.id,
      kind: 'guide_earnings',
      amountCents: 4_500,
      currency: 'CNY',
      availableAt: createdAt,
      createdAt,
    },
    {
      bookingId: before,
      account: 'platform',
      userId: null,
      kind: 'commission',
      amountCents: 500,
      currency: 'CNY',
      createdAt,
    },
  ]);
  yuanNumber = (await get(`/api/v2/bookings/${before}`, traveler)).json().bookingNumber ?? bookingNumber(before);
  octoberYen = await settled(33, '2025-10-10T03:00:00Z', 3_000, 300, 'JPY');
  // A bank payout of ¥12,000, requested and paid in September, one by one.
  t.app.bookings.now = at('2025-09-20T03:00:00Z');
  const requested = await post('/api/v2/wallet/withdrawals', guide, bankWithdrawal(12_000));
  expect(requested.statusCode, requested.body).toBe(201);
  const id = requested.json().withdrawal.id as number;
  expect((await post(`/api/admin/withdrawals/${id}/approve`, admin)).statusCode).toBe(200);
  t.app.bookings.now = at('2025-09-25T03:00:00Z');
  expect((await post(`/api/admin/withdrawals/${id}/paid`, admin)).statusCode).toBe(200);
  t.app.bookings.now = () => new Date();
  // A yuan payouts' rate transferred on 6 October: the October yuan tax is stated in yen at it.
  await t.database.db.insert(payoutBatches).values([
    {
      kind: 'bank',
      transferDate: '2025-10-06',
      jpyPerCny: '21.53',
      createdBy: admin.id,
      createdAt: new Date('2025-10-03T02:00:00Z'),
    },
  ]);
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a yen guide’s statements', () => {
  it('are in yen, the tax computed once on the month’s yen and cut off to the yen; a month in both currencies has one of each', async () => {
    const { statements } = (await get('/api/v2/wallet/statements', guide)).json();
    expect(statements.map((s: { month: string; currency: string }) => `${s.month} ${s.currency}`)).toEqual([
      '2025-10 CNY',
      '2025-10 JPY',
      '2025-09 JPY',
    ]);
    // ¥7,911 of commission, tax included: floor(7,911 × 10 / 110) = floor(719.18…) = ¥719.
    expect(statements[2]).toEqual({
      month: '2025-09',
      closed: true,
      currency: 'JPY',
      openingBalanceCents: 0,
      earningsCents: 35_000,
      // Nothing collected in person: these bookings were never completed, only their entries written.
      inPersonCents: 0,
      earnedCents: 35_000,
      bookings: expect.any(Array),
      payoutsCents: 12_000,
      closingBalanceCents: 23_000,
      commission: { totalCents: 7_911, taxRatePercent: 10, taxCents: 719, bookings: 3 },
    });
    // October's yen carry on from September's; its yuan start from nothing. ¥300 × 10 / 110 = 27.27… → ¥27.
    expect(statements[1]).toMatchObject({
      currency: 'JPY',
      openingBalanceCents: 23_000,
      earningsCents: 3_000,
      closingBalanceCents: 26_000,
      commission: { totalCents: 300, taxCents: 27 },
    });
    expect(statements[0]).toMatchObject({
      currency: 'CNY',
      openingBalanceCents: 0,
      earningsCents: 4_500,
      closingBalanceCents: 4_500,
      commission: { totalCents: 500, taxCents: 45 },
    });
    // The closing balances are the wallet's, each in its currency.
    const wallet = (await get('/api/v2/wallet', guide)).json();
    expect(wallet).toMatchObject({
      currency: 'JPY',
      assetBalanceCents: 26_000,
      otherBalances: [{ currency: 'CNY', assetBalanceCents: 4_500 }],
    });
  });

  it('print the statement and the invoice of a yen month in yen, with the Japanese a tax office reads, and no rate', async () => {
    const text = await pdf('2025-09', 'en');
    // The statement, in the reader's language.
    expect(text).toContain('¥35,000 (JPY)');
    expect(text).toContain('−¥12,000 (JPY)');
    expect(text).toContain('¥23,000 (JPY)');
    const cells = text.replace(/\s+/g, '');
    const commissions = [1_234, 5_678, 999];
    september.forEach((n, i) =>
      expect(cells).toContain(
        `${n}${formatMoney(prices.get(n)!, 'JPY', 'en').replace(/\s+/g, '')}${formatMoney(commissions[i]!, 'JPY', 'en').replace(/\s+/g, '')}`,
      ),
    );
    // The invoice: each item, the total and the tax in yen.
    for (const n of september) expect(text).toContain(`プラットフォーム利用手数料（予約 ${n}）`);
    expect(text).toMatch(/税率ごとに区分して合計した対価の額（10%対象、税込） ?7,911円/);
    expect(text).toMatch(/税率ごとに区分した消費税額等（10%） ?719円/);
    expect(text).toContain('1,234円');
    expect(text).toContain(
      '金額は円で表示しています。消費税額等は請求書ごと、税率ごとに合計額から1回計算し、1円未満の端数は切り捨てています。',
    );
    expect(text).toContain('Amounts in Japanese yen.');
    // Nothing converted, nothing in yuan.
    for (const absent of ['人民元', '円換算', '換算レート', 'RMB', 'Not converted']) expect(text).not.toContain(absent);
  });

  it('read in Japanese and Chinese with yen as each writes it', async () => {
    const ja = await pdf('2025-09', 'ja');
    expect(ja).toContain('35,000円');
    expect(ja).toContain('719円');
    expect(ja).not.toContain('元');
    const zh = await pdf('2025-09', 'zh-CN');
    expect(zh).toContain('35,000 日元');
    expect(zh).toContain('金额以日元计。');
    expect(zh).not.toContain('人民元');
  });

  it('total a month in both currencies each on its own, the yuan tax also in yen at the payouts’ rate', async () => {
    const text = await pdf('2025-10', 'en');
    expect(text).toContain('In Chinese yuan (RMB)');
    expect(text).toContain('In Japanese yen');
    expect(text).toContain('45 RMB');
    expect(text).toContain('¥26,000 (JPY)');
    expect(text).toContain(`プラットフォーム利用手数料（予約 ${yuanNumber}）`);
    expect(text).toContain(`プラットフォーム利用手数料（予約 ${octoberYen}）`);
    expect(text).toContain('人民元建ての取引');
    expect(text).toContain('円建ての取引');
    expect(text).toMatch(/税率ごとに区分した消費税額等（10%） ?0.45 人民元/);
    expect(text).toMatch(/税率ごとに区分した消費税額等（10%） ?27円/);
    // Only the yuan tax is converted: 45 fen × 21.53 ÷ 100 = 9.69 yen, cut off to 9.
    expect(text).toMatch(/消費税額等（10%、円換算） ?9円/);
    expect(text).toContain('金額は人民元（CNY）で表示しています。');
    expect(text).toContain('金額は円で表示しています。');
  });

  it('stay the guide’s own: another guide’s month is a 404', async () => {
    expect((await get('/api/v2/wallet/statements/2025-09/pdf', otherGuide)).statusCode).toBe(404);
    expect((await get('/api/v2/wallet/statements', otherGuide)).json()).toEqual({ statements: [] });
    expect((await get('/api/v2/wallet/statements/2025-09/pdf', traveler)).statusCode).toBe(403);
  });
});
