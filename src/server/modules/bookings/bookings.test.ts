import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { addException, auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setGuideServices } from '../guides/index';
import { SimulatedProvider, SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { PAYMENT_ATTEMPTS_PER_WINDOW } from './bookings.routes';
import { book, bookingCast, type BookingCast, CARD_DECLINED, CARD_OK, confirmedBooking, daysAhead, guidePerson, newKey, pay, person, type Person } from './test-helpers';

let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('slots', () => {
  it('lists half-hourly starts in the guide’s zone for visitors, without taken times or their buffer', async () => {
    const date = daysAhead(20);
    const res = await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=4`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ guideId: guide.guideId, date, timeZone: 'Asia/Tokyo', durationHours: 4, leadTimeHours: 24, bufferMinutes: 30, instantBook: false });
    expect(body.slots.map((s: { startTime: string }) => s.startTime)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
    expect(body.slots[0].startsAt).toBe(`${date}T00:00:00.000Z`);

    expect((await book(t, traveler, { guideId: guide.guideId, date, startTime: '11:00', durationHours: 2, travelers: 1 })).statusCode).toBe(201);
    const after = (await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`)).json();
    expect(after.slots.map((s: { startTime: string }) => s.startTime)).toEqual(['13:30', '14:00', '14:30', '15:00']);
  });

  it('is empty on a day off and refuses durations outside the guide’s range', async () => {
    const date = daysAhead(21);
    await addException(t.database.db, guide.guideId, date, false);
    expect((await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`)).json().slots).toEqual([]);
    const tooLong = await get(`/api/v2/guides/${guide.guideId}/slots?date=${daysAhead(22)}&durationHours=12`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('duration_out_of_range');
    expect((await get(`/api/v2/guides/999999/slots?date=${date}&durationHours=2`)).statusCode).toBe(404);
    expect((await get(`/api/v2/guides/${guide.guideId}/slots?date=2026-02-30&durationHours=2`)).json().code).toBe('validation_failed');
  });
});

describe('creating a booking', () => {
  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/bookings', payload: { guideId: guide.guideId, date: daysAhead(30), startTime: '10:00', durationHours: 2, travelers: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('prices on the server from the guide’s rates and ignores a client price', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 3,
      travelers: 3,
      totalPrice: 1,
      totalPriceCents: 100,
      depositCents: 1,
      meetingAddress: 'Hachiko exit, Shibuya Station',
      meetingPostalCode: '1500043',
      notes: 'Vegetarian lunch, please',
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    // (300 + 2 × 30) RMB × 3 h = 1080 RMB; 20% deposit = 216 RMB.
    expect(b).toMatchObject({
      status: 'pending',
      totalPrice: 1080,
      totalPriceCents: 108_000,
      depositCents: 21_600,
      balanceCents: 86_400,
      unitPriceCents: 30_000,
      additionalPerPersonCents: 3_000,
      currency: 'CNY',
      scheduledStartTime: '10:00',
      duration: 3,
      travelers: 3,
      meetingPostalCode: '150-0043',
      traveler: { id: traveler.id },
      guide: { id: guide.guideId, userId: guide.id, timeZone: 'Asia/Tokyo' },
      actions: ['cancel'],
      cancelledBy: null,
    });
    expect(b.bookingNumber).toBe(`TG${String(b.id).padStart(4, '0')}`);
    expect(new Date(b.paymentDueAt).getTime() - new Date(b.createdAt).getTime()).toBe(30 * 60_000);
  });

  it('uses the chosen service’s own price, and refuses a service the guide does not offer', async () => {
    const db = t.database.db;
    const [food, walk] = [await subcategoryIdBySlug(db, 'food-tour'), await subcategoryIdBySlug(db, 'city-walk')].map(Number);
    const g = await guidePerson(t, { priceRmb: 200 });
    await setGuideServices(db, g.guideId, [{ subcategoryId: food!, priceCents: 45_000 }]);
    const res = await book(t, traveler, { guideId: g.guideId, date: daysAhead(31), startTime: '10:00', durationHours: 2, travelers: 2, subcategoryId: food });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ unitPriceCents: 45_000, totalPriceCents: (45_000 + 3_000) * 2, subcategory: { id: food } });
    const other = await book(t, traveler, { guideId: g.guideId, date: daysAhead(32), startTime: '10:00', durationHours: 2, travelers: 2, subcategoryId: walk });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('service_not_offered');
  });

  it('refuses the guide’s own listing, group sizes and durations out of range', async () => {
    const own = await book(t, guide, { guideId: guide.guideId, date: daysAhead(33), startTime: '10:00', durationHours: 2, travelers: 1 });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_listing');
    const big = await book(t, traveler, { guideId: guide.guideId, date: daysAhead(33), startTime: '10:00', durationHours: 2, travelers: 5 });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('group_size_out_of_range');
    const short = await book(t, traveler, { guideId: guide.guideId, date: daysAhead(33), startTime: '10:00', durationHours: 1, travelers: 1 });
    expect(short.json().code).toBe('duration_out_of_range');
    expect((await book(t, traveler, { guideId: 999_999, date: daysAhead(33), startTime: '10:00', durationHours: 2, travelers: 1 })).statusCode).toBe(404);
  });

  it('answers 409 slot_unavailable for a taken, overlapping or closed time (too soon and buffer: instant-booking.test.ts)', async () => {
    const date = daysAhead(34);
    expect((await book(t, traveler, { guideId: guide.guideId, date, startTime: '10:00', durationHours: 3, travelers: 1 })).statusCode).toBe(201);
    for (const [start, when] of [
      ['10:00', date],
      ['12:30', date],
      ['09:00', date],
      ['16:00', date], // 16:00 + 2 h runs past 17:00
      ['07:00', date], // before the day's hours
      ['10:15', date], // off the half-hour grid
      ['10:00', daysAhead(400)], // beyond the horizon
    ] as const) {
      const res = await book(t, stranger, { guideId: guide.guideId, date: when, startTime: start, durationHours: 2, travelers: 1 });
      expect(res.statusCode, `${when} ${start}`).toBe(409);
      expect(res.json().code).toBe('slot_unavailable');
    }
    // After the first booking and the guide's 30-minute buffer (decision 153) is fine.
    expect((await book(t, stranger, { guideId: guide.guideId, date, startTime: '13:30', durationHours: 2, travelers: 1 })).statusCode).toBe(201);
  });

  it('validates the body with field paths', async () => {
    const res = await book(t, traveler, { guideId: guide.guideId, date: '2026-13-01', startTime: '25:00', durationHours: 2.25, travelers: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.date', 'body.startTime', 'body.durationHours', 'body.travelers']));
  });
});

describe('reading a booking', () => {
  it('is for its traveler and its guide only', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(40), startTime: '10:00', durationHours: 2, travelers: 2 })).json().id;
    expect((await get(`/api/v2/bookings/${id}`, traveler)).statusCode).toBe(200);
    const asGuide = await get(`/api/v2/bookings/${id}`, guide);
    expect(asGuide.statusCode).toBe(200);
    expect(asGuide.json().actions).toEqual([]);
    for (const who of [stranger, otherGuide, admin]) {
      const res = await get(`/api/v2/bookings/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await get(`/api/v2/bookings/${id}`)).statusCode).toBe(401);
    expect((await get(`/api/v2/bookings/99999999`, traveler)).statusCode).toBe(404);
  });
});

describe('paying the deposit', () => {
  it('confirms the booking with a test card, stores only the last four digits, and writes the ledger', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(41), startTime: '10:00', durationHours: 2, travelers: 2 })).json().id;
    const res = await pay(t, traveler, id);
    expect(res.statusCode).toBe(201);
    const { payment, booking } = res.json();
    expect(payment).toMatchObject({ kind: 'deposit', method: 'card', status: 'succeeded', last4: '4242', amountCents: 13_200, provider: 'simulated', demo: true });
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
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(42), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const key = newKey();
    const res = await pay(t, traveler, id, CARD_DECLINED, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_failed', fields: [{ path: 'payment', message: 'card_declined' }] });
    // The same key again: the same answer, no second attempt.
    expect((await pay(t, traveler, id, CARD_DECLINED, key)).json().code).toBe('payment_failed');
    expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json().status).toBe('pending');
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
  });

  it('replays a retried request with the same key and refuses the key for another request', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(43), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
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
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(44), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const noKey = await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/payments`, headers: auth(traveler.token), payload: CARD_OK });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields[0].path).toBe('headers.idempotency-key');
    for (const who of [stranger, guide, otherGuide]) expect((await pay(t, who, id)).statusCode).toBe(404);
    const incomplete = await pay(t, traveler, id, { kind: 'deposit', method: 'card', cardNumber: '4242424242424242' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields.map((f: { message: string }) => f.message)).toContain('Payment Information Required');
  });

  it('takes Alipay through the demo approval page and the signed webhook; forged or repeated webhooks change nothing', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(45), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const res = await pay(t, traveler, id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' });
    expect(res.statusCode).toBe(201);
    const { payment } = res.json();
    expect(payment).toMatchObject({ status: 'pending', method: 'alipay', last4: null });
    expect(payment.approvalUrl).toMatch(/^\/payment-demo\?/);
    const params = new URLSearchParams(payment.approvalUrl.split('?')[1]);
    const hook = (body: unknown, signature: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/payments/webhooks/simulated', headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signature }, payload: JSON.stringify(body) });

    const forged = await hook({ type: 'payment.succeeded', ref: params.get('ref') }, 'a'.repeat(64));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    const otherSecret = new SimulatedProvider('not-the-app-secret-not-the-app-secret');
    expect((await hook({ type: 'payment.succeeded', ref: params.get('ref') }, otherSecret.sign('payment.succeeded', params.get('ref')!))).statusCode).toBe(400);
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
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(46), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const { payment } = (await pay(t, traveler, id, { kind: 'deposit', method: 'wechat', wechatId: 'liwei88' })).json();
    await t.app.jobs.tick(new Date(Date.now() + 31 * 60_000));
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json()).toMatchObject({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'payment_expired' });
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
    expect((await get(`/api/admin/bookings/${id}/ledger`, admin)).json().balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
  });
});

describe('card testing', () => {
  it('refuses payment attempts past 30 per address in 10 minutes with 429 rate_limited', async () => {
    const id = (await book(t, traveler, { guideId: otherGuide.guideId, date: daysAhead(40), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
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

describe('the guide’s answer', () => {
  it('accept: only the guide of the booking; the trip becomes upcoming and an event goes out', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(50));
    const seen: number[] = [];
    const off = t.app.bookings.events.on('booking.accepted', (e) => void seen.push(e.bookingId));
    for (const who of [traveler, stranger, otherGuide]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(who.token) });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'upcoming', actions: ['start_confirm', 'cancel'] });
    await t.app.jobs.settled(); // the event is written with the change and dispatched after the commit (decision 085)
    expect(seen).toEqual([id]);
    off();
    const twice = await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('invalid_transition');
    expect((await get(`/api/v2/bookings/${id}`, traveler)).json().actions).toEqual(['start_confirm', 'cancel']);
  });

  it('decline: needs a reason, refunds the whole deposit and balances the ledger', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(51));
    const events: unknown[] = [];
    const off = t.app.bookings.events.on('booking.declined', (e) => void events.push(e));
    const url = `/api/v2/bookings/${id}/decline`;
    expect((await t.app.inject({ method: 'POST', url, headers: auth(guide.token), payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, headers: auth(otherGuide.token), payload: { reason: 'Busy' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, headers: auth(traveler.token), payload: { reason: 'Busy' } })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url, headers: auth(guide.token), payload: { reason: 'I am at a family wedding that day' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide', cancelReason: 'I am at a family wedding that day' });
    expect(res.json().payments[0]).toMatchObject({ status: 'refunded', refundedCents: 13_200 });
    await t.app.jobs.settled(); // dispatched after the commit (decision 085)
    expect(events).toEqual([{ bookingId: id, travelerId: traveler.id, guideUserId: guide.id, reason: 'I am at a family wedding that day', refundCents: 13_200, currency: 'CNY' }]);
    off();
    const ledger = (await get(`/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
    expect(ledger.entries.map((e: { kind: string }) => e.kind)).toEqual(['deposit', 'deposit', 'deposit_release', 'refund']);
  });
});

describe('trips lists', () => {
  it('show the traveler’s own trips with tab counts; another user id is 404', async () => {
    const me = await person(t);
    const g = await guidePerson(t);
    const pending = (await book(t, me, { guideId: g.guideId, date: daysAhead(60), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const confirmed = await confirmedBooking(t, me, g.guideId, daysAhead(61));
    const upcoming = await confirmedBooking(t, me, g.guideId, daysAhead(62));
    await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${upcoming}/accept`, headers: auth(g.token) });
    const res = await get(`/api/v2/bookings-new/traveler/${me.id}`, me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ 'pending-requests': 2, upcoming: 1, ongoing: 0, past: 0 });
    expect(body.data.map((b: { id: number }) => b.id).sort()).toEqual([pending, confirmed, upcoming].sort());
    const upcomingTab = (await get(`/api/v2/bookings-new/traveler/${me.id}?tab=upcoming`, me)).json();
    expect(upcomingTab.data.map((b: { id: number }) => b.id)).toEqual([upcoming]);
    expect((await get(`/api/v2/bookings-new/traveler/${me.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings-new/traveler/${me.id}`)).statusCode).toBe(401);

    // The guide's requests: paid bookings only, with the traveler's name, date, time, group and price.
    const requests = await get(`/api/v2/bookings-new/guide/${g.id}?tab=pending-requests`, g);
    expect(requests.statusCode).toBe(200);
    expect(requests.json().data).toHaveLength(1);
    expect(requests.json().data[0]).toMatchObject({ id: confirmed, status: 'confirmed', traveler: { id: me.id }, scheduledStartTime: '10:00', travelers: 2, totalPriceCents: 66_000, actions: ['accept', 'decline'] });
    expect((await get(`/api/v2/bookings-new/guide/${g.id}`, otherGuide)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings-new/guide/${me.id}`, me)).statusCode).toBe(404);
  });
});
