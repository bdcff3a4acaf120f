import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { tourSteps, type TourSteps } from '../../test/booking-steps';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, type BookingCast, CARD_DECLINED, CARD_OK, newKey, pay, type Who } from './test-helpers';

/**
 * Extensions on tour, apart from the start and completion (tour.test.ts): fee, payment, approval,
 * rejection with refund, confirmation, the limit of 2, and an unpaid request withdrawn or lapsed;
 * every step's authorization and the ledger after each (a booking's entries sum to zero).
 */
let t: TestApp;
let { traveler, stranger, guide, otherGuide } = {} as BookingCast;
let {
  call,
  ledger,
  confirmStart,
  requestExtension,
  payExtension,
  markPaid,
  approve,
  reject,
  confirmExtension,
  complete,
  upcoming,
  onTourDay,
  ongoing,
} = {} as TourSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const cast = await bookingCast(t);
  ({ traveler, stranger, guide, otherGuide } = cast);
  ({
    call,
    ledger,
    confirmStart,
    requestExtension,
    payExtension,
    markPaid,
    approve,
    reject,
    confirmExtension,
    complete,
    upcoming,
    onTourDay,
    ongoing,
  } = tourSteps(t, cast));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

/** null: a visitor without a token. */
const visitor = null;

describe('extensions', () => {
  it('full run: fee on the server, pay, mark paid, approve, confirm; a rejection refunds; the limit is 2; the ledger sums to zero', async () => {
    const b = await ongoing(62);
    const id = b.id;

    // Who may ask: the traveler only; the hours are 0.25, 0.5, 1 or 2.
    expect((await requestExtension(id, 0.5, visitor)).statusCode).toBe(401);
    for (const who of [stranger, otherGuide]) expect((await requestExtension(id, 0.5, who)).statusCode).toBe(404);
    expect((await requestExtension(id, 0.5, guide)).statusCode).toBe(409);
    expect((await requestExtension(id, 0.75)).statusCode).toBe(400);

    // round(660 RMB / 2 h) = 330 RMB per hour; 0.5 h = 165 RMB, whatever the client says.
    const asked = await requestExtension(id, 0.5, traveler, { extensionPrice: 1 });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      status: 'extend_requested',
      extensionPrice: 165,
      extensionRateCents: 33_000,
      extensionsPaidCents: 0,
      extension: { hours: 0.5, priceCents: 16_500, status: 'requested' },
      extensionDetails: { hours: 0.5, price: 165, priceCents: 16_500 },
    });
    expect((await requestExtension(id, 1)).statusCode).toBe(409); // one open extension at a time
    const early = await approve(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('extension_not_paid');

    // Paying: the guide and strangers cannot; a declined card changes nothing.
    expect((await pay(t, guide, id, { ...CARD_OK, kind: 'extension' })).statusCode).toBe(404);
    const declined = await payExtension(id, CARD_DECLINED);
    expect(declined.statusCode).toBe(402);
    const key = newKey();
    const paid = await payExtension(id, CARD_OK, key);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payment).toMatchObject({
      kind: 'extension',
      status: 'succeeded',
      amountCents: 16_500,
      last4: '4242',
    });
    expect(paid.json().booking).toMatchObject({
      status: 'extend_requested',
      extensionPrice: null,
      extensionsPaidCents: 16_500,
      extension: { status: 'paid' },
    });
    // The same Idempotency-Key returns the same payment; a new one is refused.
    expect((await payExtension(id, CARD_OK, key)).json().payment.id).toBe(paid.json().payment.id);
    expect((await payExtension(id)).json().code).toBe('already_paid');
    expect((await ledger(id)).balance).toEqual({ traveler: -29_700, guide: 0, platform: 29_700, total: 0 });
    // The traveler's receipt (the guide is asked to answer).
    await expect
      .poll(
        async () =>
          (
            (await call('GET', '/api/v2/system-messages', traveler)).json().data.messages as {
              title: string;
              message: string;
            }[]
          ).find((m) => m.title === 'Extension payment received')?.message,
      )
      .toMatch(/We received 165 RMB to extend booking TG\d{4,} by/);

    // Marking paid answers with the booking, but only for the server's own succeeded payment.
    const paymentId = paid.json().payment.id as number;
    const marked = await markPaid(id, paymentId);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'extend_requested', extension: { status: 'paid' } });
    expect((await markPaid(id, 'tx-made-up')).statusCode).toBe(400);
    expect((await markPaid(id, paymentId, traveler, false)).json().code).toBe('extension_not_paid');
    for (const who of [stranger, otherGuide]) expect((await markPaid(id, paymentId, who)).statusCode).toBe(404);

    // The guide approves (the traveler cannot), the traveler confirms (the guide cannot).
    for (const who of [stranger, otherGuide, traveler]) expect((await approve(id, who)).statusCode).toBe(404);
    expect((await approve(id, visitor)).statusCode).toBe(401);
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'extend_confirmed', extension: { status: 'approved' } });
    expect((await confirmExtension(id, guide, 'guide')).statusCode).toBe(409);
    expect((await confirmExtension(id, traveler, 'guide')).statusCode).toBe(403);
    expect((await confirmExtension(id, stranger)).statusCode).toBe(404);
    const confirmed = await confirmExtension(id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'ongoing',
      extensionCount: 1,
      duration: 2.5,
      travelerConfirmedExtension: true,
      extension: null,
    });
    expect(Date.parse(confirmed.json().endsAt)).toBe(Date.parse(b.endsAt) + 30 * 60_000);

    // Second: 1 h at the same 330 RMB per hour (the base is the booked 2 h); the guide rejects and it is refunded.
    const second = await requestExtension(id, 1);
    expect(second.json().extensionDetails.priceCents).toBe(33_000);
    const secondPaid = await payExtension(id);
    expect(secondPaid.statusCode).toBe(201);
    for (const who of [stranger, traveler]) expect((await reject(id, who)).statusCode).toBe(404);
    const rejected = await reject(id);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'ongoing', extensionCount: 1, duration: 2.5, extension: null });
    const refundedPayment = rejected.json().payments.find((p: { id: number }) => p.id === secondPaid.json().payment.id);
    expect(refundedPayment).toMatchObject({ status: 'refunded', refundedCents: 33_000 });
    expect((await ledger(id)).balance).toEqual({ traveler: -29_700, guide: 0, platform: 29_700, total: 0 });

    // A rejection does not count: a second extension (2 h), then the limit.
    await requestExtension(id, 2);
    await payExtension(id);
    await approve(id);
    expect((await confirmExtension(id)).json()).toMatchObject({ status: 'ongoing', extensionCount: 2, duration: 4.5 });
    const limit = await requestExtension(id, 0.25);
    expect(limit.statusCode).toBe(409);
    expect(limit.json()).toMatchObject({ code: 'extension_limit_reached', message: 'Extension Limit Reached' });

    const l = await ledger(id);
    expect(l.balance).toEqual({ traveler: -95_700, guide: 0, platform: 95_700, total: 0 });
    expect(l.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'deposit',
      'deposit',
      'extension',
      'extension',
      'extension',
      'extension',
      'extension_release',
      'refund',
      'extension',
      'extension',
    ]);

    // Completion: the platform keeps 10% of the total and of the extensions; the rest is the guide's, pending.
    expect((await complete(id, stranger)).statusCode).toBe(404);
    expect((await complete(id, visitor)).statusCode).toBe(401);
    const done = await complete(id, traveler);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', refund: null });
    expect(done.json().completedAt).not.toBeNull();
    const after = await ledger(id);
    // Held 13,200 + 16,500 + 66,000 = 95,700; commission 6,600 + 8,250 = 14,850; guide 80,850.
    expect(after.balance).toEqual({ traveler: -95_700, guide: 80_850, platform: 14_850, total: 0 });
    const earnings = after.entries.find((e: { kind: string }) => e.kind === 'guide_earnings');
    expect(earnings).toMatchObject({ account: 'guide', userId: guide.id, amountCents: 80_850 });
    const now = t.app.bookings.now();
    const days = (Date.parse(earnings.availableAt) - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(5);
    expect(days).toBeLessThanOrEqual(9);
    // Completed is final for these steps.
    expect((await complete(id, guide)).statusCode).toBe(409);
    expect((await requestExtension(id, 1)).statusCode).toBe(409);
  });

  it('an unpaid request can be rejected without a refund; the limit counts only confirmed extensions', async () => {
    const b = await ongoing(63);
    await requestExtension(b.id, 1);
    const rejected = await reject(b.id);
    expect(rejected.json()).toMatchObject({ status: 'ongoing', extensionCount: 0, extensionPrice: null });
    expect((await ledger(b.id)).balance).toEqual({ traveler: -13_200, guide: 0, platform: 13_200, total: 0 });
    expect((await markPaid(b.id, 1)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('Alipay: pending until the provider’s webhook; marking it paid before that is 409', async () => {
    const b = await ongoing(67);
    await requestExtension(b.id, 0.25);
    const res = await payExtension(b.id, { method: 'alipay', alipayAccount: 'liwei@example.com' });
    expect(res.statusCode).toBe(201);
    const p = res.json().payment;
    expect(p).toMatchObject({ kind: 'extension', status: 'pending', amountCents: 8_250 }); // 330 RMB × 0.25 h = 82.50 RMB
    const early = await markPaid(b.id, p.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('payment_in_progress');
    const params = new URLSearchParams(String(p.approvalUrl).split('?')[1]);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhooks/simulated',
      headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: params.get('signature')! },
      payload: JSON.stringify({ type: 'payment.succeeded', ref: params.get('ref') }),
    });
    expect(hook.statusCode).toBe(200);
    expect((await markPaid(b.id, p.id)).json()).toMatchObject({
      status: 'extend_requested',
      extension: { status: 'paid' },
      extensionPrice: null,
    });
    expect((await ledger(b.id)).balance.total).toBe(0);
  });

  it('refuses an extension that would run into the guide’s next booking', async () => {
    const date = 64;
    const first = await upcoming(date, '10:00');
    // The next one after the guide's 30-minute buffer (decision 153); an extension's clash is the guide's own hours,
    // not the buffer.
    await upcoming(date, '12:30');
    onTourDay(first);
    await confirmStart(first.id, traveler, 'traveler');
    await confirmStart(first.id, guide, 'guide');
    const res = await requestExtension(first.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('slot_unavailable');
  });
});

describe('an unpaid extension request', () => {
  const withdraw = (id: number, who: Who = traveler) => call('POST', `/api/v2/bookings/${id}/extension/withdraw`, who);

  it('is withdrawn by the traveler only, while unpaid: the tour is ongoing again, nothing charged, the guide told', async () => {
    const b = await ongoing(80);
    expect((await requestExtension(b.id, 0.25)).json()).toMatchObject({
      status: 'extend_requested',
      actions: expect.arrayContaining(['withdraw_extension']),
    });
    expect((await withdraw(b.id, visitor)).statusCode).toBe(401);
    for (const who of [stranger, otherGuide, guide]) expect((await withdraw(b.id, who)).statusCode).toBe(404);

    const res = await withdraw(b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ongoing', extension: null, extensionPrice: null, extensionCount: 0 });
    expect((await withdraw(b.id)).json().code).toBe('invalid_transition');
    expect((await ledger(b.id)).entries.filter((e: { kind: string }) => e.kind.startsWith('extension'))).toEqual([]);
    // The guide is told, in words ("15 min", never "0.25 hours").
    await expect
      .poll(
        async () =>
          (
            (await call('GET', '/api/v2/system-messages', guide)).json().data.messages as {
              title: string;
              message: string;
            }[]
          ).find((m) => m.title === 'Extension withdrawn')?.message,
      )
      .toContain('by 15 min');
    // The traveler may ask again (a withdrawn request is not counted).
    expect((await requestExtension(b.id, 1)).statusCode).toBe(200);
  });

  it('cannot be withdrawn once paid (that is the guide’s to reject, with a refund)', async () => {
    const b = await ongoing(82);
    await requestExtension(b.id, 1);
    expect((await payExtension(b.id)).statusCode).toBe(201);
    const after = await call('GET', `/api/v2/bookings/${b.id}`, traveler);
    expect(after.json().actions).not.toContain('withdraw_extension');
    expect((await withdraw(b.id)).json().code).toBe('already_paid');
  });

  it('lapses when its payment window closes unpaid, and a paid one does not', async () => {
    const b = await ongoing(84);
    const asked = t.app.bookings.now().getTime();
    await requestExtension(b.id, 0.5);
    await t.app.jobs.tick(new Date(asked + 29 * 60_000));
    expect((await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json().status).toBe('extend_requested');
    await t.app.jobs.tick(new Date(asked + 31 * 60_000));
    const lapsed = (await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json();
    expect(lapsed).toMatchObject({ status: 'ongoing', extension: null, extensionCount: 0 });
    const l = await ledger(b.id);
    expect(l.balance.total).toBe(0);
    expect(l.entries.filter((e: { kind: string }) => e.kind.startsWith('extension'))).toEqual([]);

    // Asked again and paid in time: the lapse job of that request leaves it alone.
    const again = t.app.bookings.now().getTime();
    await requestExtension(b.id, 0.5);
    expect((await payExtension(b.id)).statusCode).toBe(201);
    await t.app.jobs.tick(new Date(again + 31 * 60_000));
    expect((await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json()).toMatchObject({
      status: 'extend_requested',
      extension: { status: 'paid' },
    });
  });
});
