import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRmb } from '../../../shared/money-format';
import { users } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';
import type { Person } from '../bookings/test-helpers';
import { at, monthlySuite } from './test-helpers';
import { pdfText } from '../../test/pdf-runs';

/**
 * A month's statement as a PDF with the commission's qualified invoice (decisions 127, 133): the invoice
 * items, the statement's figures in three languages, the yen conversion, what is refused and the invoice
 * kept as first issued; apart from the statements' figures (monthly-statements.test.ts).
 */
const suite = monthlySuite();
const { get } = suite;
let t: TestApp;
let traveler: Person;
let guide: typeof suite.fixture.guide;
let otherGuide: typeof suite.fixture.guide;
let quietGuide: typeof suite.fixture.guide;
let numbers: string[];
let prices: Map<string, number>;
let otherNumber: string;
beforeAll(() => {
  ({ t, traveler, guide, otherGuide, quietGuide, numbers, prices, otherNumber } = suite.fixture);
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
    // The statement lists each booking: its day, number, price, the commission kept on it, and the rest of it
    // whole (decision 196).
    expect(text).toContain('Bookings this month');
    // Table cells read back with or without a space between them: compared without spaces.
    const cells = text.replace(/\s+/g, '');
    expect(cells).toContain('DateBookingYourpriceCommissionOnline(towallet)CollectedinpersonEarnedinall');
    const commissions = ['12.34RMB', '56.78RMB', '9.99RMB'];
    numbers
      .slice(0, 3)
      .forEach((n, i) =>
        expect(cells).toContain(`${n}${formatRmb(prices.get(n)!, 'en').replace(/\s+/g, '')}${commissions[i]}`),
      );
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
    expect(text.replace(/\s+/g, '')).toContain(
      `${numbers[3]}${formatRmb(prices.get(numbers[3]!)!, 'zh-CN').replace(/\s+/g, '')}5元`,
    );
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
      const november = await Promise.all(
        [0, 1].map(async () => pdfText((await get('/api/v2/wallet/statements/2025-11/pdf?lang=en', guide)).rawPayload)),
      );
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
