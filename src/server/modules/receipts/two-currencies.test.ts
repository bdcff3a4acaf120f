import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../shared/schemas/receipts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  daysAhead,
  paidByAlipay,
  pay,
  person,
  yenGuide as makeYenGuide,
  type Person,
} from '../bookings/test-helpers';
import { pdfText } from '../../test/pdf-runs';

/**
 * A receipt of a yen guide's booking paid by Alipay (decision 164): the yuan received as charged, the
 * yen owed to the guide in person in the booking's currency, and the rate the booking was fixed at
 * with its day; its credit note likewise. A yuan booking's receipt names no rate.
 */
let t: TestApp;
let traveler: Person;
let yenGuide: Awaited<ReturnType<typeof makeYenGuide>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  yenGuide = await makeYenGuide(t);
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20.53' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: auth(traveler.token) });
const receiptsOf = async (bookingId: number): Promise<Receipt[]> =>
  (await get(`/api/v2/bookings/${bookingId}/receipts`)).json().receipts;

/** A booking of 2 hours (¥8,000, a deposit of ¥1,600) paid by Alipay in yuan: 7,793 fen at 20.53. */
async function paidInYuan(days: number): Promise<number> {
  const made = await book(t, traveler, {
    guideId: yenGuide.guideId,
    date: daysAhead(days),
    startTime: '10:00',
    durationHours: 2,
    adults: 1,
    chargeCurrency: 'CNY',
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as number;
  await paidByAlipay(t, traveler, id);
  return id;
}

const longDay = (intl: string, day: string) =>
  new Intl.DateTimeFormat(intl, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe('a yen booking paid in yuan', () => {
  it('is receipted for the yuan charged, with the yen owed in person and the booking’s rate, in every language', async () => {
    const id = await paidInYuan(30);
    const booking = (await get(`/api/v2/bookings/${id}`)).json();
    expect(booking).toMatchObject({
      currency: 'JPY',
      depositCents: 1_600,
      balanceCents: 6_400,
      chargeDepositCents: 7_793,
      rate: { jpyPerCny: '20.53' },
    });
    const [receipt] = await receiptsOf(id);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      method: 'alipay',
      amountCents: 7_793,
      currency: 'CNY',
      inPersonCents: 6_400,
      inPersonCurrency: 'JPY',
      rate: { jpyPerCny: '20.53', asOf: booking.rate.asOf },
    });
    expect((await get(`/api/v2/receipts/${receipt!.id}`)).json()).toEqual(receipt);
    // What is handed over, when, and about how much in the yuan paid, as the trip card says it (decision 179).
    expect(receipt).toMatchObject({
      inPersonAboutCents: 31_174,
      inPersonOn: [{ day: 1, date: booking.date, cents: 6_400, aboutCents: 31_174 }],
    });
    expect(receipt!.tour).toMatchObject({
      days: 1,
      hoursEachDay: 2,
      travelers: 1,
      children: 0,
      infants: 0,
      date: booking.date,
    });

    const pdf = async (lang: string) =>
      pdfText((await get(`/api/v2/receipts/${receipt!.id}/pdf?lang=${lang}`)).rawPayload);
    const en = await pdf('en');
    expect(en).toContain('77.93 RMB');
    expect(en).toContain('¥6,400 (JPY, ≈ 311.74 RMB)');
    expect(en).toContain(`On the day of the tour, ${longDay('en-US', booking.date)}.`);
    expect(en).toContain(
      `Converted at the booking's rate: 1 RMB = 20.53 JPY (the rate of ${longDay('en-US', booking.rate.asOf)}).`,
    );
    const zh = await pdf('zh-CN');
    expect(zh).toContain('77.93 元');
    expect(zh).toContain('6,400 日元（约 311.74 元）');
    expect(zh).toContain(`按预订时确定的汇率换算：1 元 = 20.53 日元（${longDay('zh-CN', booking.rate.asOf)}的汇率）。`);
    const ja = await pdf('ja');
    // A Japanese receipt names the yuan in full, as a tax document does; yen as Japan writes them.
    expect(ja).toContain('77.93 人民元');
    expect(ja).toContain('6,400円（約 311.74 人民元）');
    expect(ja).toContain(`1人民元＝20.53円（${longDay('ja-JP', booking.rate.asOf)}のレート）`);
    expect(ja).not.toContain('RMB');
  });

  it('a refund’s credit note is in the yuan charged and names the rate', async () => {
    const id = await paidInYuan(40);
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.json().refund).toMatchObject({ amountCents: 7_793, currency: 'CNY' });
    await t.app.jobs.tick(t.app.bookings.now());
    const [receipt, note] = await receiptsOf(id);
    // The receipt certifies what it did; nothing is owed in person once cancelled (decision 193: its statement).
    expect(receipt).toMatchObject({
      amountCents: 7_793,
      currency: 'CNY',
      inPersonCents: 0,
      inPersonCurrency: 'JPY',
      inPersonAboutCents: null,
    });
    expect(note).toMatchObject({
      kind: 'credit_note',
      amountCents: 7_793,
      currency: 'CNY',
      inPersonCurrency: 'JPY',
      rate: { jpyPerCny: '20.53' },
    });
    const en = await pdfText((await get(`/api/v2/receipts/${note!.id}/pdf?lang=en`)).rawPayload);
    expect(en).toContain('−77.93 RMB');
    expect(en).toContain('1 RMB = 20.53 JPY');
  });

  it('paid by card in the yen the traveler saw: one currency, no rate', async () => {
    const made = await book(t, traveler, {
      guideId: yenGuide.guideId,
      date: daysAhead(50),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      chargeCurrency: 'JPY',
    });
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    const [receipt] = await receiptsOf(id);
    expect(receipt).toMatchObject({
      amountCents: 1_600,
      currency: 'JPY',
      inPersonCents: 6_400,
      inPersonCurrency: 'JPY',
      rate: null,
    });
    const ja = await pdfText((await get(`/api/v2/receipts/${receipt!.id}/pdf?lang=ja`)).rawPayload);
    expect(ja).toContain('1,600円');
    expect(ja).not.toContain('レートで換算');
  });
});
