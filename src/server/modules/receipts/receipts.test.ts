import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-row';
import { DEVELOPMENT_OPERATOR } from '../../operator';
import { auth } from '../../test/guide-fixtures';
import { pdfText, drawnTexts, embeddedFonts, fontsOfChars } from '../../test/pdf-runs';
import type { TestApp } from '../../test/test-app';
import { book, confirmedBooking, daysAhead, pay, person, type Person } from '../bookings/test-helpers';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import type { Receipt } from '../../../shared/schemas/receipts';
import { receiptsSuite } from './test-helpers';

/**
 * A receipt for each payment received online, a credit note for each refund, who may read and rename them
 * and their PDF; how the numbers are issued is apart (numbering.test.ts).
 */
const suite = receiptsSuite();
const { get, receiptsOf } = suite;
let t: TestApp;
let traveler: Person;
let stranger: Person;
let guide: typeof suite.fixture.guide;
beforeAll(async () => {
  ({ t, traveler, guide } = suite.fixture);
  stranger = await person(t);
});
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const bookingOf = async (id: number) => (await get(`/api/v2/bookings/${id}`, traveler)).json();

/** The traveler approves a wallet link on the provider's page (the demo page posts this signed event). */
function approve(approvalUrl: string) {
  const q = new URLSearchParams(approvalUrl.split('?')[1]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/payments/webhooks/simulated',
    headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: q.get('signature')! },
    payload: JSON.stringify({ type: 'payment.succeeded', ref: q.get('ref') }),
  });
}

describe('a receipt for every payment received online', () => {
  it('a card deposit: a numbered receipt in the traveler’s name, the balance paid in person listed apart, the operator of the day', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(20));
    const booking = await bookingOf(id);
    const [receipt, ...more] = await receiptsOf(id);
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      receiptNumber: null,
      bookingId: id,
      bookingNumber: booking.bookingNumber,
      paymentKind: 'deposit',
      method: 'card',
      cardLast4: '4242',
      amountCents: booking.depositCents,
      inPersonCents: booking.balanceCents,
      currency: 'CNY',
      // One currency: the in-person balance in the booking's yuan, no rate (decision 164).
      inPersonCurrency: 'CNY',
      rate: null,
      addressee: expect.stringMatching(/^Test User \d+$/),
      operator: { name: DEVELOPMENT_OPERATOR.name, invoiceNumber: DEVELOPMENT_OPERATOR.invoiceNumber, fake: true },
    });
    expect(receipt!.number).toMatch(/^R-\d{8}$/);
    // Written in the payment's own statement: there before anyone reads the list.
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from receipts where booking_id = ${id}`),
    );
    expect(row!.n).toBe(1);
    // Reading again issues nothing more.
    expect(await receiptsOf(id)).toEqual([receipt]);
  });

  it('a wallet deposit approved by the provider’s webhook gets its receipt with the wallet named', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(21),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    const id = res.json().id as number;
    const started = await pay(t, traveler, id, {
      kind: 'deposit',
      method: 'alipay',
      alipayAccount: 'liwei@example.cn',
    });
    expect(started.statusCode).toBe(201);
    expect(started.json().payment.status).toBe('pending');
    const [row0] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from receipts where booking_id = ${id}`),
    );
    expect(row0!.n).toBe(0);
    expect((await approve(started.json().payment.approvalUrl)).statusCode).toBe(200);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from receipts where booking_id = ${id}`),
    );
    expect(row!.n).toBe(1);
    const [receipt] = await receiptsOf(id);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      paymentKind: 'deposit',
      method: 'alipay',
      cardLast4: null,
      amountCents: (await bookingOf(id)).depositCents,
    });
  });

  it('a cancellation’s refund gets a credit note of the refunded amount, naming the receipt; the receipt certifies what it did and owes nothing in person', async () => {
    const date = daysAhead(10);
    const id = await confirmedBooking(t, traveler, guide.guideId, date, '10:00', 3);
    await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) });
    const [before] = await receiptsOf(id);
    t.app.bookings.now = () => new Date(new Date(`${date}T01:00:00Z`).getTime() - 5 * 86_400_000); // 5 days before: 50 %
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    const refunded = res.json().payments[0].refundedCents as number;
    expect(refunded).toBeGreaterThan(0);
    const [receipt, note, ...more] = await receiptsOf(id);
    expect(more).toHaveLength(0);
    // What it certifies is as it was; the booking's statement, which it reads, owes nothing in person now
    // (decision 193).
    expect(before!.inPersonCents).toBeGreaterThan(0);
    expect(receipt).toEqual({ ...before, inPersonCents: 0, inPersonOn: [], inPersonAboutCents: null });
    expect(note).toMatchObject({
      kind: 'credit_note',
      receiptNumber: receipt!.number,
      amountCents: refunded,
      paymentKind: 'deposit',
      method: 'card',
      addressee: receipt!.addressee,
    });
    expect(note!.number).toMatch(/^C-\d{8}$/);
  });
});

describe('who may read and change a receipt', () => {
  let bookingId: number;
  let receipt: Receipt;
  beforeAll(async () => {
    bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(30));
    [receipt] = (await receiptsOf(bookingId)) as [Receipt];
  });

  it('only the traveler: the guide, a stranger and a visitor do not see them', async () => {
    expect((await get(`/api/v2/bookings/${bookingId}/receipts`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings/${bookingId}/receipts`, guide)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings/${bookingId}/receipts`)).statusCode).toBe(401);
    expect((await get(`/api/v2/bookings/99999999/receipts`, traveler)).statusCode).toBe(404);
    for (const url of [`/api/v2/receipts/${receipt.id}`, `/api/v2/receipts/${receipt.id}/pdf`]) {
      const res = await get(url, stranger);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/receipts/${receipt.id}`,
      headers: auth(stranger.token),
      payload: { addressee: 'Mallory' },
    });
    expect(patched.statusCode).toBe(404);
    expect((await get(`/api/v2/receipts/${receipt.id}`, traveler)).json().addressee).toBe(receipt.addressee);
  });

  it('the payer renames the addressee: stored in NFC without invisible characters; bidi overrides, controls, nothing visible or too long are refused', async () => {
    const patch = (addressee: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v2/receipts/${receipt.id}`,
        headers: auth(traveler.token),
        payload: { addressee },
      });
    const res = await patch('  株式会社\u200b旅行\u200e Cafe\u0301  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: receipt.id,
      number: receipt.number,
      amountCents: receipt.amountCents,
      addressee: '株式会社旅行 Café',
    });
    expect((await receiptsOf(bookingId))[0]!.addressee).toBe('株式会社旅行 Café');
    for (const bad of ['', '\u200b\u2066 ', 'x'.repeat(101), 42, 'A\u0007B', '旅行\u202eevil']) {
      const refused = await patch(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
    const extra = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/receipts/${receipt.id}`,
      headers: auth(traveler.token),
      payload: { addressee: 'A', amountCents: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('the PDF is a PDF with the number, the addressee, the amount and the operator, in English, Chinese and Japanese', async () => {
    const en = await get(`/api/v2/receipts/${receipt.id}/pdf?lang=en`, traveler);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe(`attachment; filename="Tabi-Guides-${receipt.number}.pdf"`);
    expect(en.headers['cache-control']).toBe('private, no-store');
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('Receipt');
    expect(enText).toContain('領収書');
    expect(enText).toContain(receipt.number);
    expect(enText).toContain('株式会社旅行 Café');
    expect(enText).toContain(`${(receipt.amountCents / 100).toFixed(2).replace(/\.00$/, '')} RMB`);
    expect(enText).toContain('not received by Tabi Guides');
    expect(enText).toContain(DEVELOPMENT_OPERATOR.invoiceNumber);
    expect(enText).toContain('fapiao');
    const zh = await pdfText((await get(`/api/v2/receipts/${receipt.id}/pdf?lang=zh-CN`, traveler)).rawPayload);
    expect(zh).toContain('收据');
    expect(zh).toContain(receipt.number);
    expect(zh).toContain('发票');
    const fallback = await pdfText((await get(`/api/v2/receipts/${receipt.id}/pdf`, traveler)).rawPayload);
    expect(fallback).toContain('Receipt'); // no lang, no Accept-Language: English
    const jaRes = await t.app.inject({
      url: `/api/v2/receipts/${receipt.id}/pdf`,
      headers: { ...auth(traveler.token), 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    const jaText = await pdfText(jaRes.rawPayload);
    expect(jaText).toContain('領収書');
    expect(jaText).toContain('株式会社旅行 Café 様');
    expect(jaText).toContain('登録番号');
    expect((await get(`/api/v2/receipts/${receipt.id}/pdf?lang=fr`, traveler)).statusCode).toBe(400);
  });

  it('in Japanese the receipt is set in Noto Sans JP, and a Chinese addressee’s name in Noto Sans SC, never a .notdef box (decision 174)', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v2/receipts/${receipt.id}`,
          headers: auth(traveler.token),
          payload: { addressee: '张伟' },
        })
      ).statusCode,
    ).toBe(200);
    const ja = (await get(`/api/v2/receipts/${receipt.id}/pdf?lang=ja`, traveler)).rawPayload;
    expect(embeddedFonts(ja)).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular', 'NotoSansSC-Bold']);
    const drawn = await drawnTexts(ja);
    expect(drawn.map((d) => d.text).join('')).toContain('张伟 様');
    // The addressee is bold; 登録番号 is Japanese.
    expect(fontsOfChars(drawn, '张伟登')).toEqual({
      张: ['NotoSansSC-Bold'],
      伟: ['NotoSansSC-Bold'],
      登: ['NotoSansJP-Regular'],
    });
    expect(drawn.filter((d) => d.notdef > 0)).toEqual([]);
    const zh = (await get(`/api/v2/receipts/${receipt.id}/pdf?lang=zh-CN`, traveler)).rawPayload;
    expect(embeddedFonts(zh)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
  });
});
