import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SimulatedProvider, SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { PAYMENT_ATTEMPTS_PER_WINDOW } from './bookings.routes';
import {
  book,
  bookingCast,
  type BookingCast,
  CARD_DECLINED,
  CARD_OK,
  daysAhead,
  newKey,
  pay,
  type Person,
} from './test-helpers';

/**
 * Paying a booking's deposit (card, wallet and its webhook, idempotency) and the limit on card testing, apart from the
 * booking itself (bookings.test.ts).
 */
let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('paying the deposit', () => {
  it('confirms the booking with a test card, stores only the last four digits, and writes the ledger', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(41),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json().id;
    const res = await pay(t, traveler, id);
    expect(res.statusCode).toBe(201);
    const { payment, booking } = res.json();
    expect(payment).toMatchObject({
      kind: 'deposit',
      method: 'card',
      status: 'succeeded',
      last4: '4242',
      amountCents: 13_200,
      provider: 'simulated',
      demo: true,
    });
    expect(booking).toMatchObject({ status: 'confirmed', actions: ['cancel'] });
    expect(booking.respondBy).not.toBeNull();
    const rows = await t.database.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(rows[0]!.cardLast4).toBe('4242');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');
    expect(stored).not.toContain('12/34');

    const ledger = await get(`/api/admin/bookings/${id}/ledger`, admin);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().balance).toEqual({ traveler: -13_200, guide: 0, platform: 13_200, total: 0 });
    // Paying again: 409.
    const again = await pay(t, traveler, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_paid');
  });

  it('declines 4000 0000 0000 0002 with 402 payment_failed; the booking stays payable', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(42),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const key = newKey();
    const res = await pay(t, traveler, id, CARD_DECLINED, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'payment_failed',
      fields: [{ path: 'payment', message: 'card_declined' }],
    });
    // The same key again: the same answer, no second attempt.
    expect((await pay(t, traveler, id, CARD_DECLINED, key)).json().code).toBe('payment_failed');
    expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json().status).toBe('pending');
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
  });

  it('replays a retried request with the same key and refuses the key for another request', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(43),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const key = newKey();
    const first = await pay(t, traveler, id, CARD_OK, key);
    const second = await pay(t, traveler, id, CARD_OK, key);
    expect(second.statusCode).toBe(201);
    expect(second.json().payment).toEqual(first.json().payment);
    const other = await pay(t, traveler, id, { ...CARD_OK, cardNumber: '5555 5555 5555 4444' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
  });

  it('needs the Idempotency-Key header, the payer’s own booking and a complete form', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(44),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      headers: auth(traveler.token),
      payload: CARD_OK,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields[0].path).toBe('headers.idempotency-key');
    for (const who of [stranger, guide, otherGuide]) expect((await pay(t, who, id)).statusCode).toBe(404);
    const incomplete = await pay(t, traveler, id, { kind: 'deposit', method: 'card', cardNumber: '4242424242424242' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields.map((f: { message: string }) => f.message)).toContain(
      'Payment Information Required',
    );
  });

  it('takes Alipay through the demo approval page and the signed webhook; forged or repeated webhooks change nothing', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(45),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const res = await pay(t, traveler, id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' });
    expect(res.statusCode).toBe(201);
    const { payment } = res.json();
    expect(payment).toMatchObject({ status: 'pending', method: 'alipay', last4: null });
    expect(payment.approvalUrl).toMatch(/^\/payment-demo\?/);
    const params = new URLSearchParams(payment.approvalUrl.split('?')[1]);
    const hook = (body: unknown, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/payments/webhooks/simulated',
        headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signature },
        payload: JSON.stringify(body),
      });

    const forged = await hook({ type: 'payment.succeeded', ref: params.get('ref') }, 'a'.repeat(64));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    const otherSecret = new SimulatedProvider('not-the-app-secret-not-the-app-secret');
    expect(
      (
        await hook(
          { type: 'payment.succeeded', ref: params.get('ref') },
          otherSecret.sign('payment.succeeded', params.get('ref')!),
        )
      ).statusCode,
    ).toBe(400);
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json().status).toBe('pending');

    // Delivered three times, out of order: failed arrives between two successes.
    const failedSig = (t.app.paymentProvider as SimulatedProvider).sign('payment.failed', params.get('ref')!);
    for (const [body, sig] of [
      [{ type: 'payment.succeeded', ref: params.get('ref') }, params.get('signature')!],
      [{ type: 'payment.failed', ref: params.get('ref') }, failedSig],
      [{ type: 'payment.succeeded', ref: params.get('ref') }, params.get('signature')!],
    ] as const) {
      const r = await hook(body, sig);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ received: true });
    }
    const after = (await get(`/api/v2/bookings/${id}`, traveler)).json();
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ status: 'succeeded', method: 'alipay' }]);
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json().entries).toHaveLength(2);
  });

  it('refunds a wallet payment approved after its booking lapsed', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(46),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const { payment } = (await pay(t, traveler, id, { kind: 'deposit', method: 'wechat', wechatId: 'liwei88' })).json();
    await t.app.jobs.tick(new Date(Date.now() + 31 * 60_000));
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'payment_expired',
    });
    const params = new URLSearchParams(payment.approvalUrl.split('?')[1]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhooks/simulated',
      headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: params.get('signature')! },
      payload: JSON.stringify({ type: 'payment.succeeded', ref: params.get('ref') }),
    });
    expect(r.statusCode).toBe(200);
    const after = (await get(`/api/v2/bookings/${id}`, traveler)).json();
    expect(after.status).toBe('cancelled');
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedCents: 12_000 });
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json().balance).toEqual({
      traveler: 0,
      guide: 0,
      platform: 0,
      total: 0,
    });
  });
});

describe('card testing', () => {
  it('refuses payment attempts past 30 per address in 10 minutes with 429 rate_limited', async () => {
    const id = (
      await book(t, traveler, {
        guideId: otherGuide.guideId,
        date: daysAhead(40),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${id}/payments`,
        headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
        payload: CARD_DECLINED,
        remoteAddress: '10.250.0.9',
      });
    const codes: number[] = [];
    for (let i = 0; i < PAYMENT_ATTEMPTS_PER_WINDOW; i++) codes.push((await attempt()).statusCode);
    expect(codes.every((c) => c === 402)).toBe(true);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
  });
});
