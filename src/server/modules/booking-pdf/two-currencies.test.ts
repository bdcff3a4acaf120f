import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../shared/schemas/bookings';
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
import { renderBookingPdf } from './render';

/**
 * The booking PDF of a yen guide (decision 164): the price and what is paid in person in the booking's
 * yen, what was paid or refunded online in the currency it was charged in, and the booking's rate with
 * its day wherever the two differ.
 */
let t: TestApp;
let traveler: Person;
let yenGuide: Awaited<ReturnType<typeof makeYenGuide>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  yenGuide = await makeYenGuide(t, { city: 'kyoto' });
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20.53' })).statusCode).toBe(200);
});
afterAll(() => t.close());

/**
 * The text of every page, as booking-pdf.test.ts reads it (the ToUnicode maps); the page break shows as a form feed.
 */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  if (doc.numPages > 1) text += '\f';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  await doc.destroy();
  return text;
}

/** A label with its amount beside it, as the text reads back (a space between them or none). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (label: string, amount: string) => new RegExp(`${literal(label)} ?${literal(amount)}`);
const pdf = async (id: number, lang: string) =>
  pdfText(
    (await t.app.inject({ url: `/api/v2/bookings/${id}/pdf?lang=${lang}`, headers: auth(traveler.token) })).rawPayload,
  );
const shortDay = (intl: string, day: string, month: 'short' | 'long') =>
  new Intl.DateTimeFormat(intl, { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe('a yen guide’s booking', () => {
  it('paid by Alipay: the price and the balance in yen, the deposit in the yuan charged, and the rate', async () => {
    // 2 h × ¥4,000 = ¥8,000; a deposit of ¥1,600, charged as 7,793 fen at 20.53.
    const made = await book(t, traveler, {
      guideId: yenGuide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      chargeCurrency: 'CNY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const pending = await pdf(id, 'en');
    expect(pending).toContain('Deposit due online');
    expect(pending).toContain('77.93 RMB');
    expect(pending).toContain('1 RMB = 20.53 JPY');

    await paidByAlipay(t, traveler, id);
    const asOf = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json().rate
      .asOf as string;

    const en = await pdf(id, 'en');
    expect(en).toMatch(row('Tour price', '¥8,000 (JPY)'));
    expect(en).toMatch(row('Deposit paid online', '77.93 RMB'));
    expect(en).toContain('Alipay');
    // What is handed to the guide in her yen, the traveler's yuan beside at the booking's rate (decision 179).
    expect(en).toMatch(/Still to pay your guide, .+, in person ?¥6,400 \(JPY, ≈ 311\.74 RMB\)/);
    expect(en).toContain(`On the day of the tour, ${shortDay('en-US', made.json().date, 'short')}.`);
    expect(en).toContain(
      `Paid online at the booking's rate: 1 RMB = 20.53 JPY (the rate of ${shortDay('en-US', asOf, 'short')}).`,
    );
    const zh = await pdf(id, 'zh-CN');
    expect(zh).toMatch(row('行程费用', '8,000 日元'));
    expect(zh).toMatch(row('已在线支付定金', '77.93 元'));
    expect(zh).toContain('6,400 日元（约 311.74 元）');
    expect(zh).toContain(
      `线上付款按预订时确定的汇率换算：1 元 = 20.53 日元（${shortDay('zh-CN', asOf, 'long')}的汇率）。`,
    );
    const ja = await pdf(id, 'ja');
    expect(ja).toMatch(row('ツアー料金', '8,000円'));
    expect(ja).toContain('77.93 元');
    expect(ja).toContain('6,400円（約 311.74 元）');
    expect(ja).toContain(`1元＝20.53円（${shortDay('ja-JP', asOf, 'long')}のレート）`);
  });

  it('paid by card in the yen the traveler saw: every amount in yen, no rate', async () => {
    const made = await book(t, traveler, {
      guideId: yenGuide.guideId,
      date: daysAhead(31),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      chargeCurrency: 'JPY',
    });
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    const en = await pdf(id, 'en');
    expect(en).toMatch(row('Deposit paid online', '¥1,600 (JPY)'));
    expect(en).toContain('¥6,400 (JPY)');
    expect(en).not.toContain('RMB');
  });

  it('refunds and extensions in the currency each was charged in, never added across currencies', async () => {
    const b = (
      await callAs(
        t,
        'GET',
        `/api/v2/bookings/${(await book(t, traveler, { guideId: yenGuide.guideId, date: daysAhead(32), startTime: '10:00', durationHours: 2, adults: 1, chargeCurrency: 'JPY' })).json().id}`,
        traveler,
      )
    ).json() as Booking;
    const base = {
      id: 1,
      kind: 'deposit' as const,
      method: 'card' as const,
      provider: 'simulated',
      status: 'succeeded' as const,
      refundedCents: 0,
      last4: '4242',
      proofUploadedByTraveler: false,
      verifiedByGuide: false,
      createdAt: new Date().toISOString(),
    };
    const shown: Booking = {
      ...b,
      status: 'cancelled',
      rate: { jpyPerCny: '20.53', asOf: '2026-11-27', source: 'admin' },
      payments: [
        { ...base, status: 'partially_refunded', amountCents: 1_600, currency: 'JPY', refundedCents: 800 },
        {
          ...base,
          id: 2,
          kind: 'extension',
          method: 'wechat',
          last4: null,
          status: 'refunded',
          amountCents: 19_483,
          currency: 'CNY',
          refundedCents: 19_483,
        },
      ],
    };
    const en = await pdfText(await renderBookingPdf(shown, 'en'));
    expect(en).toMatch(row('Deposit paid online', '¥1,600 (JPY)'));
    expect(en).toMatch(row('Extension paid online', '194.83 RMB'));
    expect(en).toMatch(row('Refunded', '−¥800 (JPY)'));
    expect(en).toMatch(row('Refunded', '−194.83 RMB'));
    expect(en).toMatch(row('Nothing to pay in person', '¥0 (JPY)'));
    expect(en).toContain('1 RMB = 20.53 JPY (the rate of Nov 27, 2026).');
    expect(en).not.toContain('\f'); // still one page
  });
});
