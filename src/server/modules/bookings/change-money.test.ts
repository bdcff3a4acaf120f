import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor } from '../../../shared/currency';
import { bookingSchema } from '../../../shared/schemas/bookings';
import type { Receipt } from '../../../shared/schemas/receipts';
import { guides } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, CARD_OK, daysAhead, pay, person, yenGuide, type Person } from './test-helpers';

/**
 * A yen family's trip changed and paid by a card in yuan (decisions 164, 177, 179): what is left to
 * hand the guide reads in yuan as the change's sheet read it (the deposit moved by the change
 * converted, not the checkout's yuan deposit taken off), and the change's payment has its receipt and
 * its refund a credit note, so the traveler's documents add up to what the card was charged and given back.
 * e2e/family-trip.spec.ts found both on the trip card and the receipts.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof yenGuide>>;
// An odd rate, so a yuan figure taken from the wrong deposit cannot round into the right one.
const RATE = '20.5';

const view = async (id: number) =>
  bookingSchema.parse((await callAs(t, 'GET', `/api/v2/bookings/${id}`, traveler)).json());
const receiptsOf = async (id: number): Promise<Receipt[]> =>
  (await callAs(t, 'GET', `/api/v2/bookings/${id}/receipts`, traveler)).json().receipts;
const yuan = (yen: number) => convertMinor(yen, 'JPY', 'CNY', RATE);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  guide = await yenGuide(t);
  await t.database.db.update(guides).set({ instantBook: true, minNoticeHours: 0 }).where(eq(guides.id, guide.guideId));
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: RATE })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a yen family’s trip changed, paid in yuan', () => {
  it('owes the guide in yuan what the change said, and has a receipt for the change’s payment and credit notes for every refund', async () => {
    // Day 3 is 6 days away: dropping it gives back half of its share of the deposit.
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
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);

    // One adult more: the difference of deposit paid by card, in yuan.
    const more = (
      await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
        adults: 3,
        children: 1,
        infants: 1,
        days: 3,
      })
    ).json();
    expect(more).toMatchObject({ status: 'awaiting_payment' });
    const paid = await pay(t, traveler, id, { ...CARD_OK, kind: 'change' });
    expect(paid.statusCode, paid.body).toBe(201);
    let b = await view(id);
    expect(b).toMatchObject({
      adults: 3,
      totalPriceCents: more.to.totalCents,
      dueInPersonCents: more.to.inPersonCents,
    });
    // The sheet said the in-person part in yuan at the booking's rate; the card says the same.
    expect(b.dueInPersonChargeCents).toBe(yuan(more.to.totalCents) - yuan(more.to.depositCents));
    expect(b.dueInPersonOn!.reduce((s, d) => s + d.chargeCents!, 0)).toBe(b.dueInPersonChargeCents);
    const change = b.payments.find((p) => p.kind === 'change')!;
    expect(change).toMatchObject({ currency: 'CNY', amountCents: more.money.payNowChargeCents, status: 'succeeded' });
    // Convert once, then add (decision 193): the deposit's yuan and the change's add up to the new deposit converted
    // once, so the total less what was paid online is what is left to hand over, to the fen.
    const paidYuan = b.payments.filter((p) => p.kind !== 'final_payment').reduce((s, p) => s + p.amountCents, 0);
    expect(paidYuan).toBe(yuan(more.to.depositCents));
    expect(yuan(more.to.totalCents) - paidYuan).toBe(b.dueInPersonChargeCents);
    let receipts = await receiptsOf(id);
    expect(receipts.filter((r) => r.kind === 'receipt').map((r) => [r.paymentKind, r.amountCents])).toEqual([
      ['deposit', b.payments.find((p) => p.kind === 'deposit')!.amountCents],
      ['change', change.amountCents],
    ]);

    // The third day dropped: half its share back, from the change's payment first, then the deposit's.
    const fewer = (
      await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
        adults: 3,
        children: 1,
        infants: 1,
        days: 2,
      })
    ).json();
    expect(fewer).toMatchObject({ status: 'applied', money: { tier: 'days_3_to_7' } });
    b = await view(id);
    expect(b.dueInPersonChargeCents).toBe(yuan(fewer.to.totalCents) - yuan(fewer.to.depositCents));
    const refunded = b.payments.reduce((s, p) => s + p.refundedCents, 0);
    // The change named what its refund returns, to the fen (decision 193), not the refund converted again.
    expect(fewer.money.refunds).toEqual([{ currency: 'CNY', cents: refunded }]);
    receipts = await receiptsOf(id);
    const notes = receipts.filter((r) => r.kind === 'credit_note');
    expect(notes.map((r) => r.paymentKind).sort()).toEqual(['change', 'deposit']);
    expect(notes.reduce((s, r) => s + r.amountCents, 0)).toBe(refunded);
  });
});
