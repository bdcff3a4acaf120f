import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { approveWallet, book, callAs, CARD_OK, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * A cancellation settles everything open (decision 194): a trip change paid and waiting for the guide's answer
 * is closed by the cancellation, its payment refunded whole beside the deposit's share, the quote shown before
 * says so, and the booking's ledger holds nothing for anyone afterwards.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

/** 300 yuan an hour for up to 6, days of 8 hours, who answers every change herself. */
async function answeringGuide() {
  const g = await guidePerson(t, { priceRmb: 300, maxPeople: 6 });
  await t.database.db
    .update(guides)
    .set({ minDurationHours: 2, maxDurationHours: 8, dayHours: 8, instantBook: false, minNoticeHours: 0 })
    .where(eq(guides.id, g.guideId));
  return g;
}

const get = (url: string, who: Person = traveler) => callAs(t, 'GET', url, who);

describe('a cancellation while a paid change waits', () => {
  it('refunds the change’s payment whole with the deposit, closes the change and leaves the ledger at zero', async () => {
    const g = await answeringGuide();
    const made = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(30),
      days: 3,
      dayStartTime: '09:00',
      dayHours: 8,
      adults: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    const asked = await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
      adults: 3,
      children: 0,
      infants: 0,
      days: 3,
    });
    expect(asked.json()).toMatchObject({ status: 'awaiting_payment', needsGuide: true });
    const paid = await pay(t, traveler, id, { ...CARD_OK, kind: 'change' });
    expect(paid.statusCode, paid.body).toBe(201);
    const changePaid = paid.json().payment.amountCents as number;
    expect((await get(`/api/v2/bookings/${id}/changes`)).json().changes[0]).toMatchObject({ status: 'requested' });

    // The dialog's figures: the deposit by the tier (all of it, a month ahead) and the change's payment whole.
    const quote = (await get(`/api/v2/bookings/${id}/cancellation-quote`)).json();
    const deposit = made.json().depositCents as number;
    // What comes back in all, the dialog's headline: the deposit and the open change's payment, both in yuan.
    expect(quote).toMatchObject({
      tier: 'more_than_7_days',
      refundCents: deposit,
      backPaidCents: deposit + changePaid,
    });
    expect(quote.refunds).toEqual([
      expect.objectContaining({ kind: 'deposit', amountCents: deposit, currency: 'CNY' }),
      expect.objectContaining({ kind: 'change', amountCents: changePaid, currency: 'CNY', open: true }),
    ]);

    const res = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      refund: { amountCents: deposit + changePaid, currency: 'CNY' },
    });
    const payments = res.json().payments as { kind: string; amountCents: number; refundedCents: number }[];
    expect(payments.map((p) => [p.kind, p.refundedCents])).toEqual(
      expect.arrayContaining([
        ['deposit', deposit],
        ['change', changePaid],
      ]),
    );
    expect((await get(`/api/v2/bookings/${id}/changes`)).json().changes[0]).toMatchObject({ status: 'cancelled' });
    const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
  });

  it('refunds a change’s wallet payment approved only after the cancellation', async () => {
    const g = await answeringGuide();
    const made = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(40),
      days: 2,
      dayStartTime: '09:00',
      dayHours: 8,
      adults: 2,
    });
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, {
      adults: 3,
      children: 0,
      infants: 0,
      days: 2,
    });
    const started = await pay(t, traveler, id, { kind: 'change', method: 'alipay', alipayAccount: 'liwei@example.cn' });
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json().payment as { id: number; approvalUrl: string; amountCents: number };

    // Cancelled while the wallet has not yet approved: nothing of the change is held, so the quote lists the deposit.
    const quote = (await get(`/api/v2/bookings/${id}/cancellation-quote`)).json();
    expect(quote.refunds.map((r: { kind: string }) => r.kind)).toEqual(['deposit']);
    const res = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/v2/bookings/${id}/changes`)).json().changes[0]).toMatchObject({ status: 'cancelled' });

    // The approval arrives later: the money goes straight back, and the ledger ends at zero.
    await approveWallet(t, attempt.approvalUrl);
    const payments = (await get(`/api/v2/bookings/${id}`)).json().payments as {
      id: number;
      status: string;
      refundedCents: number;
    }[];
    expect(payments.find((p) => p.id === attempt.id)).toMatchObject({
      status: 'refunded',
      refundedCents: attempt.amountCents,
    });
    const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
  });
});
