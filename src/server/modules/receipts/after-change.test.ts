import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money-format';
import { bookingSchema, type Booking } from '../../../shared/schemas/bookings';
import type { Receipt } from '../../../shared/schemas/receipts';
import { guides } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { pdfPages } from '../../test/pdf-runs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, CARD_OK, daysAhead, pay, person, yenGuide, type Person } from '../bookings/test-helpers';

/**
 * A yen family's three days paid in yuan, then an adult added and a day dropped (decision 193): the
 * deposit's receipt says what the booking says is left to hand the guide — the same total, the same
 * share each day, in yen and in yuan — not the figure of the trip as it was when the receipt was issued;
 * and the booking PDF's refund line counts the change's refund with the deposit's, as the trip card does.
 */
let t: TestApp;
let traveler: Person;
let id: number;
let booking: Booking;
let deposit: Receipt;
const RATE = '20.5';

const receiptsOf = async (): Promise<Receipt[]> =>
  (await callAs(t, 'GET', `/api/v2/bookings/${id}/receipts`, traveler)).json().receipts;
const pdfText = async (url: string) =>
  (await pdfPages((await t.app.inject({ url, headers: auth(traveler.token) })).rawPayload)).text;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  const guide = await yenGuide(t, { name: '佐藤由衣' });
  await t.database.db.update(guides).set({ instantBook: true, minNoticeHours: 0 }).where(eq(guides.id, guide.guideId));
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: RATE })).statusCode).toBe(200);
  // Day 3 is 6 days away: dropping it gives back part of its share of the deposit.
  const made = await book(t, traveler, {
    guideId: guide.guideId,
    date: daysAhead(4),
    days: 3,
    dayStartTime: '09:00',
    adults: 2,
    children: 1,
    infants: 1,
    chargeCurrency: 'CNY',
  });
  expect(made.statusCode, made.body).toBe(201);
  id = made.json().id;
  expect((await pay(t, traveler, id)).statusCode).toBe(201);
  const more = await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
    adults: 3,
    children: 1,
    infants: 1,
    days: 3,
  });
  expect(more.json(), more.body).toMatchObject({ status: 'awaiting_payment' });
  expect((await pay(t, traveler, id, { ...CARD_OK, kind: 'change' })).statusCode).toBe(201);
  const fewer = await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
    adults: 3,
    children: 1,
    infants: 1,
    days: 2,
  });
  expect(fewer.json(), fewer.body).toMatchObject({ status: 'applied' });
  booking = bookingSchema.parse((await callAs(t, 'GET', `/api/v2/bookings/${id}`, traveler)).json());
  deposit = (await receiptsOf()).find((r) => r.kind === 'receipt' && r.paymentKind === 'deposit')!;
});
afterAll(() => t.close());

describe('a receipt issued before a trip change', () => {
  it('says what is left to hand the guide as the booking says it now, in yen and in yuan, a share each day', () => {
    expect(booking.days).toBe(2);
    expect(deposit.inPersonCents).toBe(booking.dueInPersonCents);
    expect(deposit.inPersonAboutCents).toBe(booking.dueInPersonChargeCents);
    expect(deposit.inPersonOn).toEqual(
      booking.dueInPersonOn!.map((d) => ({ day: d.day, date: d.date, cents: d.cents, aboutCents: d.chargeCents })),
    );
  });

  it('prints it so in its PDF', async () => {
    const text = await pdfText(`/api/v2/receipts/${deposit.id}/pdf?lang=en`);
    expect(text).toContain(`¥${booking.dueInPersonCents!.toLocaleString('en-US')} (JPY`);
    expect(text).not.toMatch(/Days 1–3/);
  });

  it('leaves the change’s receipt and the credit notes without an in-person part', async () => {
    const others = (await receiptsOf()).filter((r) => r.id !== deposit.id);
    expect(others.map((r) => r.kind).sort()).toEqual(['credit_note', 'credit_note', 'receipt']);
    for (const r of others) expect([r.inPersonCents, r.inPersonOn]).toEqual([0, []]);
  });
});

describe('the booking PDF after the change', () => {
  it('lists the change’s payment and refunds what the trip card refunds, the change’s included', async () => {
    const online = booking.payments.filter((p) => p.kind !== 'final_payment');
    const change = online.find((p) => p.kind === 'change')!;
    expect(change.refundedCents).toBeGreaterThan(0);
    const refunded = online.reduce((s, p) => s + p.refundedCents, 0);
    const text = await pdfText(`/api/v2/bookings/${id}/pdf?lang=zh-CN`);
    expect(text).toContain(`行程更改已在线支付 ${formatMoney(change.amountCents, 'CNY', 'zh-CN')}`);
    expect(text).toContain(`已退款 −${formatMoney(refunded, 'CNY', 'zh-CN')}`);
  });
});
