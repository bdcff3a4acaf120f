import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { StripeProvider } from '../payments/index';
import { book, daysAhead, guidePerson, newKey, person, type Person } from './test-helpers';

/**
 * An extension paid with PAYMENT_PROVIDER=stripe (decision 042, 'Extensions'): the same rules as the
 * deposit (a card is `{kind: 'extension', method: 'card'}` and confirmed with Stripe.js; card fields
 * are refused uncharged), the webhook makes it paid, and a wallet's return to /payment-success names
 * the extension's payment. Stripe is not reachable here: its client is stubbed, webhooks are signed offline.
 */
const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_offline_only',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_offline_only',
};
const signer = new StripeProvider('sk_test_offline_only', SECRET);

let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
const created: Record<string, unknown>[] = [];
/** PaymentIntents cancelled through the stub, and those the payer completed (Stripe refuses to cancel them). */
const cancelled: string[] = [];
const completed = new Set<string>();

const succeeded = (intentId: string, paymentId: number) =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        metadata: { paymentId: String(paymentId) },
        last_payment_error: null,
      },
    },
  });
const hook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }),
    },
    payload: body,
  });
const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who: Person | { token: string },
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...auth(who.token), ...headers }, ...(payload ? { payload } : {}) });
const payment = (id: number, payload: object) =>
  call('POST', `/api/v2/bookings/${id}/payments`, traveler, payload, { 'idempotency-key': newKey() });

beforeAll(async () => {
  t = await createTestApp({ env: STRIPE_ENV, seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  // 12 hours' notice (decision 153): `ongoing` leaves the clock on a tour day, and the next tour is the day after.
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4, minNoticeHours: 12 });
  const stripe = (t.app.paymentProvider as StripeProvider).stripe;
  (stripe.paymentIntents as unknown as { create: unknown }).create = async (params: Record<string, unknown>) => {
    created.push(params);
    const n = created.length;
    const alipay = (params.allowed_payment_method_types as string[])[0] === 'alipay';
    return {
      id: `pi_ext_${n}`,
      status: alipay ? 'requires_action' : 'requires_payment_method',
      client_secret: `pi_ext_${n}_secret`,
      next_action: alipay
        ? { type: 'alipay_handle_redirect', alipay_handle_redirect: { url: `https://pay.stripe.com/alipay/${n}` } }
        : null,
    };
  };
  const intents = stripe.paymentIntents as unknown as { cancel: unknown; retrieve: unknown };
  intents.cancel = async (id: string) => {
    if (completed.has(id))
      throw Object.assign(new Error('This PaymentIntent could not be canceled'), {
        code: 'payment_intent_unexpected_state',
      });
    cancelled.push(id);
    return { id, status: 'canceled', next_action: null };
  };
  intents.retrieve = async (id: string) => ({
    id,
    status: completed.has(id) ? 'succeeded' : 'canceled',
    next_action: null,
  });
});
afterAll(() => t.close());

/** A tour under way, its deposit paid through Stripe's webhook. */
async function ongoing(days: number) {
  const res = await book(t, traveler, {
    guideId: guide.guideId,
    date: daysAhead(days),
    startTime: '10:00',
    durationHours: 2,
    travelers: 2,
  });
  const id = res.json().id as number;
  const deposit = await payment(id, { kind: 'deposit', method: 'card' });
  expect(deposit.statusCode, deposit.body).toBe(201);
  expect((await hook(succeeded(`pi_ext_${created.length}`, deposit.json().payment.id))).statusCode).toBe(200);
  const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
  expect(accepted.statusCode, accepted.body).toBe(200);
  t.app.bookings.now = () => new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000);
  await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' });
  expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
    'ongoing',
  );
  return id;
}

describe('extension payments with PAYMENT_PROVIDER=stripe', () => {
  it('a card sends no card field and gets the client secret; card fields are refused uncharged; the webhook pays it', async () => {
    const id = await ongoing(70);
    expect(
      (await call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 0.5 })).statusCode,
    ).toBe(200);
    const before = created.length;
    const raw = await payment(id, {
      kind: 'extension',
      method: 'card',
      cardNumber: '4242424242424242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Li Wei',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe('validation_failed');
    expect(raw.body).not.toContain('4242');
    expect(created.length).toBe(before);

    const res = await payment(id, { kind: 'extension', method: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().payment;
    expect(p).toMatchObject({
      kind: 'extension',
      status: 'pending',
      provider: 'stripe',
      amountCents: 16_500,
      clientSecret: `pi_ext_${created.length}_secret`,
      last4: null,
    });
    expect(created.at(-1)).toMatchObject({
      amount: 16_500,
      allowed_payment_method_types: ['card'],
      metadata: { paymentId: String(p.id) },
    });
    expect(created.at(-1)).not.toHaveProperty('confirm');

    const markPaid = () =>
      call('PATCH', `/api/bookings/${id}/extension-payment`, traveler, {
        paid: true,
        paymentMethod: 'card',
        transactionData: {
          transactionId: String(p.id),
          transactionTime: new Date().toISOString(),
          amount: 165,
          currency: 'RMB',
          paymentMethod: 'card',
          status: 'succeeded',
        },
        paymentDetails: { cardHolder: 'Li Wei' },
      });
    expect((await markPaid()).json().code).toBe('payment_in_progress');
    expect((await hook(succeeded(`pi_ext_${created.length}`, p.id))).statusCode).toBe(200);
    const marked = await markPaid();
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'extend_requested', extension: { status: 'paid' } });
    const ledger = (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
    expect(ledger.balance.total).toBe(0);
  });

  it("Alipay returns to /payment-success naming the extension's payment (a deposit's return names the booking only)", async () => {
    const id = await ongoing(71);
    expect(created.find((c) => (c.return_url as string | undefined)?.includes(`booking=${id}`))).toBeUndefined();
    expect(
      (await call('POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 1 })).statusCode,
    ).toBe(200);
    const res = await payment(id, { kind: 'extension', method: 'alipay', alipayAccount: 'li@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().payment;
    expect(p).toMatchObject({
      kind: 'extension',
      method: 'alipay',
      status: 'pending',
      approvalUrl: `https://pay.stripe.com/alipay/${created.length}`,
    });
    expect(created.at(-1)).toMatchObject({
      confirm: true,
      return_url: `http://localhost:3000/payment-success?booking=${id}&payment=${p.id}`,
    });

    const deposit = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(72),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    const dep = await payment(deposit.json().id, {
      kind: 'deposit',
      method: 'alipay',
      alipayAccount: 'li@example.com',
    });
    expect(dep.statusCode, dep.body).toBe(201);
    expect(created.at(-1)!.return_url).toMatch(new RegExp(`/payment-success\\?booking=${deposit.json().id}$`));
  });
});

describe('one open attempt per deposit with PAYMENT_PROVIDER=stripe (decision 100)', () => {
  const ALIPAY = { kind: 'deposit', method: 'alipay', alipayAccount: 'li@example.com' };
  const intentOf = (p: { approvalUrl: string | null; clientSecret: string | null }) =>
    `pi_ext_${(p.clientSecret ?? '').split('_')[2] ?? ''}`;

  it('the same method again is the same PaymentIntent; another method cancels it at Stripe first', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(74),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const before = created.length;
    const first = (await payment(id, ALIPAY)).json().payment;
    const again = await payment(id, ALIPAY);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().payment).toMatchObject({ id: first.id, approvalUrl: first.approvalUrl, status: 'pending' });
    expect(created.length).toBe(before + 1);
    const card = await payment(id, { kind: 'deposit', method: 'card' });
    expect(card.statusCode, card.body).toBe(201);
    expect(cancelled).toContain(intentOf(first));
    expect(card.json().payment).toMatchObject({
      method: 'card',
      status: 'pending',
      clientSecret: `pi_ext_${created.length}_secret`,
    });
    // The card form opened twice: one PaymentIntent, one client secret.
    expect((await payment(id, { kind: 'deposit', method: 'card' })).json().payment).toMatchObject({
      id: card.json().payment.id,
      clientSecret: card.json().payment.clientSecret,
    });
    expect(created.length).toBe(before + 2);
  });

  it('a PaymentIntent the payer completed before the cancel is kept, once: the new attempt is 409 already_paid', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(75),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const first = (await payment(id, ALIPAY)).json().payment;
    completed.add(intentOf(first));
    const next = await payment(id, { kind: 'deposit', method: 'card' });
    expect(next.statusCode).toBe(409);
    expect(next.json().code).toBe('already_paid');
    const after = (await call('GET', `/api/v2/bookings/${id}`, traveler)).json();
    expect(after).toMatchObject({ status: 'confirmed', payments: [{ id: first.id, status: 'succeeded' }] });
    // Stripe's own webhook arrives later: the same end state.
    expect((await hook(succeeded(intentOf(first), first.id))).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json().entries).toHaveLength(2);
  });
});

describe('extension payments with the simulated provider', () => {
  it('the demo approval link names its payment (read by /payment-demo to tell an extension from the deposit)', async () => {
    const sim = await createTestApp({ seed: 'none' });
    try {
      const who = await person(sim);
      const g = await guidePerson(sim);
      const res = await book(sim, who, {
        guideId: g.guideId,
        date: daysAhead(73),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      });
      const paid = await sim.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${res.json().id}/payments`,
        headers: { ...auth(who.token), 'idempotency-key': newKey() },
        payload: { kind: 'deposit', method: 'wechat', wechatId: 'liwei_88' },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const params = new URLSearchParams(String(paid.json().payment.approvalUrl).split('?')[1]);
      expect(params.get('payment')).toBe(String(paid.json().payment.id));
      expect(params.get('booking')).toBe(String(res.json().id));
    } finally {
      await sim.close();
    }
  });
});
