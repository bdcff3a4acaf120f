import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { eq } from 'drizzle-orm';
import { formatRmb } from '../../../shared/money-format';
import { ledgerEntries, payoutBatches, users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * Monthly statements and the commission's qualified invoice (decision 127): figures from the two
 * ledgers by month in Japan time, the consumption tax computed once on the month's sum, the closing
 * balance equal to the wallet's, the PDF's invoice items, and who may read what.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
let quietGuide: Awaited<ReturnType<typeof guidePerson>>;
const numbers: string[] = [];
/** Each booking's price, by its number. */
const prices = new Map<string, number>();
let otherNumber = '';

const OPERATOR = {
  OPERATOR_NAME: '株式会社たび案内テスト',
  OPERATOR_REPRESENTATIVE: '山田 花子',
  OPERATOR_ADDRESS: '〒100-0001 東京都千代田区千代田1-1',
  OPERATOR_PHONE: '03-0000-0000',
  OPERATOR_EMAIL: 'billing@example.com',
  // The National Tax Agency's own registration number: a valid check digit (decision 120).
  OPERATOR_INVOICE_NUMBER: 'T7000012050002',
};

const get = (url: string, who: Person | null) => t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });
const post = (url: string, who: Person, payload?: object) => t.app.inject({ method: 'POST', url, headers: auth(who.token), ...(payload && { payload }) });
const at = (iso: string) => () => new Date(iso);

/**
 * A booking's history at `when`: the platform releases what it held, keeps `commission` and credits
 * the guide `earnings` (available at once); balanced, as the ledger's trigger demands.
 */
async function settled(who: { id: number; guideId: number }, days: number, when: string, earnings: number, commission: number): Promise<string> {
  const id = await confirmedBooking(t, traveler, who.guideId, daysAhead(days));
  const createdAt = new Date(when);
  await t.database.db.insert(ledgerEntries).values([
    { bookingId: id, account: 'platform', userId: null, kind: 'deposit_release', amountCents: -(earnings + commission), currency: 'CNY', createdAt },
    { bookingId: id, account: 'guide', userId: who.id, kind: 'guide_earnings', amountCents: earnings, currency: 'CNY', availableAt: createdAt, createdAt },
    { bookingId: id, account: 'platform', userId: null, kind: 'commission', amountCents: commission, currency: 'CNY', createdAt },
  ]);
  const booking = (await get(`/api/v2/bookings/${id}`, traveler)).json();
  const number = booking.bookingNumber ?? bookingNumber(id);
  prices.set(number, booking.totalPriceCents);
  return number;
}

/** A payout requested, approved and paid (or failed) on the app's clock at the given instants. */
async function payout(amountCents: number, requested: string, outcome: { paid: string } | { failed: string }) {
  t.app.bookings.now = at(requested);
  const res = await post('/api/v2/wallet/withdrawals', guide, { amountCents, method: 'alipay', accountName: 'Sato Ken', accountNumber: 'ken@example.com' });
  expect(res.statusCode).toBe(201);
  const id = res.json().withdrawal.id as number;
  if ('paid' in outcome) {
    expect((await post(`/api/admin/withdrawals/${id}/approve`, admin)).statusCode).toBe(200);
    t.app.bookings.now = at(outcome.paid);
    expect((await post(`/api/admin/withdrawals/${id}/paid`, admin)).statusCode).toBe(200);
  } else {
    t.app.bookings.now = at(outcome.failed);
    expect((await post(`/api/admin/withdrawals/${id}/fail`, admin, { reason: 'Account closed' })).statusCode).toBe(200);
  }
  t.app.bookings.now = () => new Date();
}

/** The text of every page, as a reader's copy-and-paste would give it (as booking-pdf.test.ts reads it). */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  await doc.destroy();
  return text;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', env: OPERATOR });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { name: '佐藤健 Sato Ken' });
  otherGuide = await guidePerson(t, { name: 'Other Guide' });
  quietGuide = await guidePerson(t);
  // September 2025 (Japan time): three bookings whose commissions are 1,234, 5,678 and 999 fen. The
  // third is kept at 23:59 on 30 September in Tokyo (14:59 UTC): still September.
  numbers.push(await settled(guide, 30, '2025-09-03T01:00:00Z', 10_000, 1_234));
  numbers.push(await settled(guide, 31, '2025-09-17T08:00:00Z', 20_000, 5_678));
  numbers.push(await settled(guide, 32, '2025-09-30T14:59:00Z', 5_000, 999));
  // 15:30 UTC on 30 September is 00:30 on 1 October in Tokyo: October's.
  numbers.push(await settled(guide, 33, '2025-09-30T15:30:00Z', 4_500, 500));
  // Another guide's booking in September: never in this guide's figures.
  otherNumber = await settled(otherGuide, 34, '2025-09-10T03:00:00Z', 7_000, 777);
  // Payouts: 10,000 paid in October; 5,000 requested in October and paid in November; 3,000 failed.
  await payout(10_000, '2025-10-10T03:00:00Z', { paid: '2025-10-12T03:00:00Z' });
  await payout(5_000, '2025-10-20T03:00:00Z', { paid: '2025-11-02T03:00:00Z' });
  await payout(3_000, '2025-11-05T03:00:00Z', { failed: '2025-11-06T03:00:00Z' });
  // The yen rates bank payouts were transferred at (decisions 129, 130): none by the end of September,
  // 21.53 on 6 October, 20.9 on 4 November.
  await t.database.db.insert(payoutBatches).values([
    { kind: 'bank', transferDate: '2025-10-06', jpyPerCny: '21.53', createdBy: admin.id, createdAt: new Date('2025-10-03T02:00:00Z') },
    { kind: 'bank', transferDate: '2025-11-04', jpyPerCny: '20.9', createdBy: admin.id, createdAt: new Date('2025-10-31T02:00:00Z') },
  ]);
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
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
      payoutsCents: 0,
      closingBalanceCents: 35_000,
      commission: { totalCents: 7_911, taxRatePercent: 10, taxCents: 719, bookings: 3 },
    });
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
    expect((await get('/api/v2/wallet/statements', guide)).json().statements[0]).toMatchObject({ month: '2025-11', closed: false });
    t.app.bookings.now = at('2025-11-30T15:00:00Z');
    expect((await get('/api/v2/wallet/statements', guide)).json().statements[0]).toMatchObject({ month: '2025-11', closed: true });
  });

  it('shows each guide only their own months; travelers 403, visitors 401', async () => {
    const other = (await get('/api/v2/wallet/statements', otherGuide)).json().statements;
    expect(other).toEqual([
      expect.objectContaining({ month: '2025-09', earningsCents: 7_000, closingBalanceCents: 7_000, commission: { totalCents: 777, taxRatePercent: 10, taxCents: 70, bookings: 1 } }),
    ]);
    expect((await get('/api/v2/wallet/statements', quietGuide)).json()).toEqual({ statements: [] });
    const asTraveler = await get('/api/v2/wallet/statements', traveler);
    expect(asTraveler.statusCode).toBe(403);
    expect(asTraveler.json().code).toBe('forbidden');
    expect((await get('/api/v2/wallet/statements', null)).statusCode).toBe(401);
  });
});

describe('GET /api/v2/wallet/statements/{month}/pdf', () => {
  it('is a PDF of the statement with the qualified invoice: registration number, items, the total and tax per rate, the recipient', async () => {
    const res = await get('/api/v2/wallet/statements/2025-09/pdf?lang=en', guide);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Tabi-Guides-statement-2025-09.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Monthly statement');
    expect(text).toContain('September 2025');
    // The legally required items, in Japanese.
    expect(text).toContain('適格請求書');
    expect(text).toContain('適格請求書発行事業者の氏名又は名称及び登録番号');
    expect(text).toContain('株式会社たび案内テスト');
    expect(text).toContain('登録番号 T7000012050002');
    expect(text).toContain('取引年月日');
    expect(text).toContain('2025年9月1日〜2025年9月30日');
    expect(text).toContain('取引内容');
    for (const n of numbers.slice(0, 3)) expect(text).toContain(`プラットフォーム利用手数料（予約 ${n}）`);
    expect(text).toContain('2025年9月30日'); // the third item's day in Japan time
    // No 「・」 in the PDF's text: the CJK font draws it with the glyph of 「·」, and a font shared by
    // the PDFs of one process maps that glyph to whichever of the two came first.
    expect(text).toContain('税率ごとに区分して合計した対価の額（10%対象、税込）');
    expect(text).toContain('79.11 人民元');
    expect(text).toContain('税率ごとに区分した消費税額等（10%）');
    expect(text).toContain('7.19 人民元');
    expect(text).toContain('書類の交付を受ける事業者の氏名又は名称');
    expect(text).toContain('佐藤健 Sato Ken 様');
    expect(text).toContain('発行日');
    expect(text).toContain('2025年10月1日');
    // The statement's figures in the reader's language, and nothing of another guide or month.
    expect(text).toContain('350 RMB');
    expect(text).toContain('Qualified invoice for the commission');
    expect(text).not.toContain(otherNumber);
    expect(text).not.toContain(numbers[3]);
    // The statement lists each booking: its day, number, price and the commission kept on it.
    expect(text).toContain('Bookings this month');
    // Table cells read back with or without a space between them: compared without spaces.
    const cells = text.replace(/\s+/g, '');
    expect(cells).toContain('DateBookingPriceCommission');
    const commissions = ['12.34RMB', '56.78RMB', '9.99RMB'];
    numbers.slice(0, 3).forEach((n, i) => expect(cells).toContain(`${n}${formatRmb(prices.get(n)!, 'en').replace(/\s+/g, '')}${commissions[i]}`));
    expect(cells).toContain(`Sep30,2025${numbers[2]}`);
    // No bank payout had been converted to yen by 30 September: the invoice says so rather than invent a rate.
    expect(text).toContain('円換算なし：当月末までに円建ての銀行出金の実績がなく');
    expect(text).toContain('Not converted: Tabi Guides had paid no bank payout in yen');
    expect(text).not.toContain('円換算）');
  });

  it('reads in Chinese, the invoice’s items staying Japanese', async () => {
    const res = await get('/api/v2/wallet/statements/2025-10/pdf?lang=zh-CN', guide);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('月度对账单');
    expect(text).toContain('2025年10月');
    expect(text).toContain('期初余额');
    expect(text).toContain('350 元');
    expect(text).toContain('100 元'); // the payout paid in October
    expect(text).toContain('適格請求書');
    expect(text).toContain(`プラットフォーム利用手数料（予約 ${numbers[3]}）`);
    expect(text).toContain('0.45 人民元');
    expect(text).toContain('本月订单');
    expect(text.replace(/\s+/g, '')).toContain(`${numbers[3]}${formatRmb(prices.get(numbers[3]!)!, 'zh-CN').replace(/\s+/g, '')}5元`);
    // The tax in yen at the rate of the latest transfer by 31 October (6 October's 21.53, not November's
    // 20.9): 45 fen × 21.53 ÷ 100 = 9.69 yen, cut off to 9.
    expect(text).toMatch(/消費税額等（10%、円換算） ?9円/);
    expect(text).toContain('換算レート：1人民元＝21.53円（2025年10月6日送金の銀行出金に適用したレート）');
    expect(text).toContain('按 1 元 = 21.53 日元换算，即2025年10月6日转账的银行提现所用汇率');
    expect(text).not.toContain('20.9');
  });

  it('reads in Japanese, the invoice’s legal names standing alone (no reading under them)', async () => {
    const res = await get('/api/v2/wallet/statements/2025-10/pdf?lang=ja', guide);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('月次明細');
    expect(text).toContain('2025年10月（日本時間）');
    expect(text).toContain('ガイド：');
    expect(text).toContain('2025年10月1日〜2025年10月31日');
    expect(text).toContain('月初残高');
    expect(text).toContain('350 元');
    expect(text).toContain('100 元'); // the payout paid in October
    expect(text).toContain('サービス手数料（税込）');
    expect(text).toContain('適格請求書');
    expect(text).toContain(`プラットフォーム利用手数料（予約 ${numbers[3]}）`);
    expect(text).toContain('0.45 人民元');
    expect(text).not.toContain('宛先');
    expect(text).not.toContain('RMB');
    expect(text).not.toContain('地陪');
  });

  it('refuses a malformed month (400), a month without activity (404), the running month (409), a traveler (403)', async () => {
    for (const bad of ['2025-13', '2025-9', 'latest', '2025-00']) {
      const res = await get(`/api/v2/wallet/statements/${bad}/pdf`, guide);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const empty = await get('/api/v2/wallet/statements/2025-08/pdf', guide);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().code).toBe('not_found');
    // Another guide's month is not there for this guide: October has only the first guide's activity.
    expect((await get('/api/v2/wallet/statements/2025-10/pdf', otherGuide)).statusCode).toBe(404);
    expect((await get('/api/v2/wallet/statements/2025-09/pdf', quietGuide)).statusCode).toBe(404);
    t.app.bookings.now = at('2025-11-20T03:00:00Z');
    const running = await get('/api/v2/wallet/statements/2025-11/pdf', guide);
    expect(running.statusCode).toBe(409);
    expect(running.json().code).toBe('month_not_closed');
    expect((await get('/api/v2/wallet/statements/2025-09/pdf', traveler)).statusCode).toBe(403);
    expect((await get('/api/v2/wallet/statements/2025-09/pdf', null)).statusCode).toBe(401);
  });

  it('gives the other guide a PDF of their own month only', async () => {
    const text = await pdfText((await get('/api/v2/wallet/statements/2025-09/pdf?lang=en', otherGuide)).rawPayload);
    expect(text).toContain(otherNumber);
    expect(text).toContain('Other Guide 様');
    for (const n of numbers) expect(text).not.toContain(n);
    expect(text).toContain('7.77 人民元');
    expect(text).toContain('0.70 人民元');
  });

  it('keeps an invoice as first issued: a later download names the same issuer and recipient after the settings or the name changed', async () => {
    // September was issued by the first PDF test above; November has not been issued yet.
    const operator = t.app.ctx.config.operator;
    const before = { ...operator };
    Object.assign(operator, { name: '株式会社あたらしい運営', address: '〒530-0001 大阪府大阪市北区梅田1-1' });
    await t.database.db.update(users).set({ fullName: 'Renamed Guide' }).where(eq(users.id, guide.id));
    try {
      const september = await pdfText((await get('/api/v2/wallet/statements/2025-09/pdf?lang=en', guide)).rawPayload);
      expect(september).toContain('株式会社たび案内テスト');
      expect(september).toContain('東京都千代田区千代田1-1');
      expect(september).toContain('佐藤健 Sato Ken 様');
      expect(september).not.toContain('株式会社あたらしい運営');
      // A month issued for the first time now takes today's particulars, and keeps them in turn.
      const november = await Promise.all([0, 1].map(async () => pdfText((await get('/api/v2/wallet/statements/2025-11/pdf?lang=en', guide)).rawPayload)));
      for (const text of november) {
        expect(text).toContain('株式会社あたらしい運営');
        expect(text).toContain('Renamed Guide 様');
        expect(text).toContain(`TG-202511-${String(guide.id).padStart(6, '0')}`);
      }
    } finally {
      Object.assign(operator, before);
      await t.database.db.update(users).set({ fullName: '佐藤健 Sato Ken' }).where(eq(users.id, guide.id));
    }
  });
});
