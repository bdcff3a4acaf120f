import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCast, type BookingCast, callAs, CARD_DECLINED, CARD_OK, confirmedBooking, daysAhead, guidePerson, type Method, newKey, pay, type Who } from './test-helpers';

/**
 * On tour: confirming the start, extensions (fee, payment, approval, rejection with
 * refund, confirmation, the limit of 2), completion with the guide's pending earnings; every step's
 * authorization and the ledger after each (a booking's entries sum to zero).
 */
let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

/** null: a visitor without a token. */
const visitor = null;
const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const confirmStart = (id: number, who: Who, userType: 'traveler' | 'guide') => call('PATCH', `/api/bookings/${id}/confirm-start`, who, { userType });
const requestExtension = (id: number, hours: number, who: Who = traveler, extra: object = {}) =>
  call('POST', `/api/bookings/${id}/request-extension`, who, { extensionHours: hours, ...extra });
const payExtension = (id: number, body: object = CARD_OK, key = newKey()) => pay(t, traveler, id, { ...body, kind: 'extension' }, key);
const markPaid = (id: number, paymentId: number | string, who: Who = traveler, paid = true) =>
  call('PATCH', `/api/bookings/${id}/extension-payment`, who, {
    paid,
    paymentMethod: 'card',
    transactionData: { transactionId: String(paymentId), transactionTime: new Date().toISOString(), amount: 1, currency: 'RMB', paymentMethod: 'card', status: 'succeeded' },
    paymentDetails: { lastFourDigits: '4242', cardHolder: 'Li Wei' },
  });
const approve = (id: number, who: Who = guide) => call('POST', `/api/v2/bookings/${id}/extension/approve`, who);
const reject = (id: number, who: Who = guide) => call('POST', `/api/v2/bookings/${id}/extension/reject`, who);
const confirmExtension = (id: number, who: Who = traveler, userType: 'traveler' | 'guide' = 'traveler') =>
  call('PATCH', `/api/bookings/${id}/confirm-extension`, who, { userType });
const complete = (id: number, who: Who) => call('PATCH', `/api/bookings/${id}/status`, who, { status: 'completed' });

/** A booking the guide accepted (2 travelers × 2 h at 300 + 30 RMB: 660 RMB, deposit 132 RMB). */
async function upcoming(days: number, startTime = '10:00') {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days), startTime);
  const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
  expect(accepted.statusCode).toBe(200);
  return accepted.json() as { id: number; startsAt: string; endsAt: string; date: string };
}
/** Moves the server's clock to the tour's start. */
const onTourDay = (b: { startsAt: string }) => {
  t.app.bookings.now = () => new Date(Date.parse(b.startsAt) + 10 * 60_000);
};
async function ongoing(days: number, startTime = '10:00') {
  const b = await upcoming(days, startTime);
  onTourDay(b);
  expect((await confirmStart(b.id, traveler, 'traveler')).statusCode).toBe(200);
  expect((await confirmStart(b.id, guide, 'guide')).json().status).toBe('ongoing');
  return b;
}

describe('confirming the start', () => {
  it('needs both sides on the tour day; the second confirmation makes it ongoing; the other side is told', async () => {
    const b = await upcoming(60);
    const early = await confirmStart(b.id, traveler, 'traveler');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('too_early');

    onTourDay(b);
    expect((await confirmStart(b.id, visitor, 'traveler')).statusCode).toBe(401);
    for (const who of [stranger, otherGuide]) expect((await confirmStart(b.id, who, 'traveler')).statusCode).toBe(404);
    const wrongSide = await confirmStart(b.id, traveler, 'guide');
    expect(wrongSide.statusCode).toBe(403);

    const first = await confirmStart(b.id, traveler, 'traveler');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'start_confirmed', travelerConfirmedStart: true, guideConfirmedStart: false, actions: [] });
    // Confirming again changes nothing: still waiting for the guide.
    expect((await confirmStart(b.id, traveler, 'traveler')).json().status).toBe('start_confirmed');
    const guideView = (await call('GET', `/api/v2/bookings/${b.id}`, guide)).json();
    expect(guideView.actions).toContain('start_confirm');
    // The guide was told (a system message, pushed to their open tabs, created after the commit: decision 085).
    await t.app.jobs.settled();
    const notices = (await call('GET', '/api/v2/system-messages', guide)).json().data.messages as { title: string; relatedEntityId: number | null }[];
    expect(notices.some((m) => m.title === 'The traveler is ready to start' && m.relatedEntityId === b.id)).toBe(true);

    const second = await confirmStart(b.id, guide, 'guide');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'ongoing', guideConfirmedStart: true });
    expect((await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json().actions.sort()).toEqual(['dispute', 'request_extension', 'service_complete']);
    // An ongoing tour is in the traveler's ongoing tab.
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=ongoing`, traveler)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('a tour whose start came while the guide has not confirmed it is counted and listed under ongoing, not upcoming', async () => {
    const b = await upcoming(70);
    onTourDay(b);
    await confirmStart(b.id, traveler, 'traveler');
    const upcomingTab = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=upcoming`, traveler)).json();
    expect(upcomingTab.data.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const ongoingTab = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=ongoing`, traveler)).json();
    expect(ongoingTab.data.find((x: { id: number }) => x.id === b.id)).toMatchObject({ status: 'start_confirmed', guideConfirmedStart: false });
    // The tabs' counts follow the same rule.
    const { counts } = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}`, traveler)).json();
    expect(counts).toMatchObject({ upcoming: upcomingTab.data.length, ongoing: ongoingTab.data.length });
  });

  it('a start-confirmed booking shows under upcoming, so the traveler sees that the guide is awaited', async () => {
    const b = await upcoming(61);
    onTourDay(b);
    await confirmStart(b.id, guide, 'guide');
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=upcoming`, traveler)).json();
    expect(list.data.find((x: { id: number }) => x.id === b.id)).toMatchObject({ status: 'start_confirmed', travelerConfirmedStart: false, actions: ['start_confirm'] });
  });
});

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
    expect(paid.json().payment).toMatchObject({ kind: 'extension', status: 'succeeded', amountCents: 16_500, last4: '4242' });
    expect(paid.json().booking).toMatchObject({ status: 'extend_requested', extensionPrice: null, extensionsPaidCents: 16_500, extension: { status: 'paid' } });
    // The same Idempotency-Key returns the same payment; a new one is refused.
    expect((await payExtension(id, CARD_OK, key)).json().payment.id).toBe(paid.json().payment.id);
    expect((await payExtension(id)).json().code).toBe('already_paid');
    expect((await ledger(id)).balance).toEqual({ traveler: -29_700, guide: 0, platform: 29_700, total: 0 });
    // The traveler's receipt (the guide is asked to answer).
    await expect
      .poll(async () => ((await call('GET', '/api/v2/system-messages', traveler)).json().data.messages as { title: string; message: string }[]).find((m) => m.title === 'Extension payment received')?.message)
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
    expect(confirmed.json()).toMatchObject({ status: 'ongoing', extensionCount: 1, duration: 2.5, travelerConfirmedExtension: true, extension: null });
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
      'deposit', 'deposit',
      'extension', 'extension',
      'extension', 'extension', 'extension_release', 'refund',
      'extension', 'extension',
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
    expect((await markPaid(b.id, p.id)).json()).toMatchObject({ status: 'extend_requested', extension: { status: 'paid' }, extensionPrice: null });
    expect((await ledger(b.id)).balance.total).toBe(0);
  });

  it('refuses an extension that would run into the guide’s next booking', async () => {
    const date = 64;
    const first = await upcoming(date, '10:00');
    // The next one after the guide's 30-minute buffer (decision 153); an extension's clash is the guide's own hours, not the buffer.
    await upcoming(date, '12:30');
    onTourDay(first);
    await confirmStart(first.id, traveler, 'traveler');
    await confirmStart(first.id, guide, 'guide');
    const res = await requestExtension(first.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('slot_unavailable');
  });
});

describe('completing', () => {
  it('the guide may complete too; only an ongoing tour; the earnings are the deposit less the commission', async () => {
    const b = await upcoming(65);
    onTourDay(b);
    expect((await complete(b.id, traveler)).statusCode).toBe(409);
    await confirmStart(b.id, traveler, 'traveler');
    await confirmStart(b.id, guide, 'guide');
    const done = await complete(b.id, guide);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    // 13,200 deposit − 6,600 commission.
    expect((await ledger(b.id)).balance).toEqual({ traveler: -13_200, guide: 6_600, platform: 6_600, total: 0 });
    const list = (await call('GET', `/api/v2/bookings-new/traveler/${traveler.id}?tab=past`, traveler)).json();
    expect(list.data.map((x: { id: number }) => x.id)).toContain(b.id);
  });

  it('other statuses stay closed on the status route', async () => {
    const b = await upcoming(66);
    const res = await call('PATCH', `/api/bookings/${b.id}/status`, traveler, { status: 'ongoing' });
    expect(res.statusCode).toBe(409);
  });
});

/** An extension request cannot get stuck: withdrawn by the traveler, or lapsed unpaid. */
describe('an unpaid extension request', () => {
  const withdraw = (id: number, who: Who = traveler) => call('POST', `/api/v2/bookings/${id}/extension/withdraw`, who);

  it('is withdrawn by the traveler only, while unpaid: the tour is ongoing again, nothing charged, the guide told', async () => {
    const b = await ongoing(80);
    expect((await requestExtension(b.id, 0.25)).json()).toMatchObject({ status: 'extend_requested', actions: expect.arrayContaining(['withdraw_extension']) });
    expect((await withdraw(b.id, visitor)).statusCode).toBe(401);
    for (const who of [stranger, otherGuide, guide]) expect((await withdraw(b.id, who)).statusCode).toBe(404);

    const res = await withdraw(b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ongoing', extension: null, extensionPrice: null, extensionCount: 0 });
    expect((await withdraw(b.id)).json().code).toBe('invalid_transition');
    expect((await ledger(b.id)).entries.filter((e: { kind: string }) => e.kind.startsWith('extension'))).toEqual([]);
    // The guide is told, in words ("15 min", never "0.25 hours").
    await expect
      .poll(async () => ((await call('GET', '/api/v2/system-messages', guide)).json().data.messages as { title: string; message: string }[]).find((m) => m.title === 'Extension withdrawn')?.message)
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
    expect((await call('GET', `/api/v2/bookings/${b.id}`, traveler)).json()).toMatchObject({ status: 'extend_requested', extension: { status: 'paid' } });
  });
});

describe('in Japanese', () => {
  it("tells a guide whose stored locale is ja of the tour's steps in Japanese, durations in words", async () => {
    const jaGuide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, jaGuide.id));
    const id = await confirmedBooking(t, traveler, jaGuide.guideId, daysAhead(86));
    const b = (await call('POST', `/api/v2/bookings/${id}/accept`, jaGuide)).json() as { id: number; startsAt: string };
    onTourDay(b);
    expect((await confirmStart(b.id, traveler, 'traveler')).statusCode).toBe(200);
    expect((await confirmStart(b.id, jaGuide, 'guide')).json().status).toBe('ongoing');
    expect((await requestExtension(b.id, 0.25)).statusCode).toBe(200);
    const inbox = async () => (await call('GET', '/api/v2/system-messages', jaGuide)).json().data.messages as { title: string; message: string }[];
    await expect.poll(async () => (await inbox()).find((m) => m.title === '延長のリクエストがありました')?.message).toContain('15分延長');
    expect((await inbox()).some((m) => m.title === '旅行者が開始を確認しました')).toBe(true);
  });
});
