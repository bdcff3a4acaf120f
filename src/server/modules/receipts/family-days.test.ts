import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import type { Receipt } from '../../../shared/schemas/receipts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  daysAhead,
  paidByAlipay,
  person,
  yenGuide as makeYenGuide,
  type Person,
} from '../bookings/test-helpers';
import { pdfPages } from '../../test/pdf-runs';

/**
 * The deposit's receipt of a family's three days (decision 179): the tour as "3 天 × 8 小时" with the
 * group on its own, and what is owed to the guide in person — named, in her yen with the yuan paid
 * beside, a share each day — as the trip card and the booking PDF say it; on one page.
 */
let t: TestApp;
let traveler: Person;
let receipt: Receipt;
const date = daysAhead(36);

const pdf = async (lang: string) =>
  pdfPages(
    (await t.app.inject({ url: `/api/v2/receipts/${receipt.id}/pdf?lang=${lang}`, headers: auth(traveler.token) }))
      .rawPayload,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  const guide = await makeYenGuide(t, { name: '佐藤由衣' });
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
  // ¥48,000 a day (booking-pdf's family-days.test.ts prices it), ¥144,000 in all; a deposit of ¥28,800 paid as 1,440 元.
  const made = await book(t, traveler, {
    guideId: guide.guideId,
    date,
    days: 3,
    dayStartTime: '09:00',
    adults: 2,
    children: 1,
    infants: 1,
    chargeCurrency: 'CNY',
  });
  expect(made.statusCode, made.body).toBe(201);
  await paidByAlipay(t, traveler, made.json().id);
  const receipts = (await callAs(t, 'GET', `/api/v2/bookings/${made.json().id}/receipts`, traveler)).json()
    .receipts as Receipt[];
  expect(receipts).toHaveLength(1);
  receipt = receipts[0]!;
});
afterAll(() => t.close());

describe('a family’s deposit receipt', () => {
  it('names the tour and what is owed in person, a share each day, as the trip card does', () => {
    expect(receipt).toMatchObject({
      amountCents: 144_000,
      currency: 'CNY',
      inPersonCents: 115_200,
      inPersonCurrency: 'JPY',
      inPersonAboutCents: 576_000,
    });
    expect(receipt.tour).toEqual({
      guideName: '佐藤由衣',
      date,
      days: 3,
      hoursEachDay: 8,
      travelers: 4,
      children: 1,
      infants: 1,
    });
    expect(receipt.inPersonOn).toEqual(
      [0, 1, 2].map((i) => ({ day: i + 1, date: addDays(date, i), cents: 38_400, aboutCents: 192_000 })),
    );
  });

  it('says it in its PDF in three languages, on one page', async () => {
    const zh = await pdf('zh-CN');
    expect(zh.pages).toBe(1);
    expect(zh.text).toContain('3 天 × 8 小时');
    expect(zh.text).toContain('成人 2 位、儿童 1 位、婴儿 1 位');
    expect(zh.text).toContain('当面支付给地陪（佐藤由衣），不经平台收取');
    expect(zh.text).toContain('115,200 日元（约 5,760 元）');
    expect(zh.text).toMatch(/第 1–3 天（.+）每天 ?38,400 日元（约 1,920 元）/);
    expect(zh.text.replace('不足 24 小时', '')).not.toMatch(/24 ?小时|× ?4 ?人/);
    const en = await pdf('en');
    expect(en.text).toContain('3 days × 8 hours');
    expect(en.text).toContain('2 adults, 1 child, 1 infant');
    expect(en.text).toContain('To pay your guide, 佐藤由衣, in person');
    expect(en.text).toMatch(/Days 1–3, .+, each ?¥38,400 \(JPY, ≈ 1,920 RMB\)/);
    const ja = await pdf('ja');
    expect(ja.pages).toBe(1);
    expect(ja.text).toContain('3日間 × 8時間');
    expect(ja.text).toContain('大人 2名、お子さま 1名、乳幼児 1名');
    // A Japanese receipt names the yuan in full.
    expect(ja.text).toContain('115,200円（約 5,760 人民元）');
  });
});
