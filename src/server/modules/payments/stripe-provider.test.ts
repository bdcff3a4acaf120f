import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { startTestStripe, type TestStripe } from '../../test/stripe-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, newKey, person, type Person } from '../bookings/test-helpers';
import { StripeProvider } from './index';

/**
 * Stripe's webhooks are signed here with the client's own generateTestHeaderString; the API's
 * requests go to the local server speaking Stripe's API (src/server/test/stripe-server.ts), never to Stripe.
 */
const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const provider = new StripeProvider('sk_test_offline_only', SECRET);
const header = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  provider.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp,
  });

const intentEvent = (
  type: string,
  intentId: string,
  metadata: Record<string, string> = {},
  id = `evt_${Math.random().toString(36).slice(2)}`,
) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        metadata,
        last_payment_error: type.endsWith('failed') ? { code: 'card_declined' } : null,
      },
    },
  });

const chargeEvent = (intentId: string, last4: string, id: string, captured = true) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'charge.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_${id}`,
        object: 'charge',
        status: 'succeeded',
        captured,
        payment_intent: intentId,
        metadata: {},
        payment_method_details: { type: 'card', card: { last4 } },
      },
    },
  });

describe('Stripe webhooks (signed here)', () => {
  it('verifies webhooks on the raw body and reduces them to our events', () => {
    const body = intentEvent('payment_intent.succeeded', 'pi_123', { paymentId: '42' }, 'evt_1');
    expect(provider.verifyWebhook(body, { 'stripe-signature': header(body) })).toEqual({
      id: 'evt_1',
      type: 'payment.succeeded',
      providerRef: 'pi_123',
      paymentId: 42,
      failureCode: undefined,
    });
    const failed = intentEvent('payment_intent.payment_failed', 'pi_123');
    expect(provider.verifyWebhook(Buffer.from(failed), { 'stripe-signature': header(failed) })).toMatchObject({
      type: 'payment.failed',
      failureCode: 'card_declined',
    });
    const charge = chargeEvent('pi_123', '4242', 'evt_c');
    expect(provider.verifyWebhook(charge, { 'stripe-signature': header(charge) })).toEqual({
      id: 'evt_c',
      type: 'payment.succeeded',
      providerRef: 'pi_123',
      paymentId: undefined,
      cardLast4: '4242',
    });
    const uncaptured = chargeEvent('pi_123', '4242', 'evt_u', false);
    expect(provider.verifyWebhook(uncaptured, { 'stripe-signature': header(uncaptured) }).type).toBe('ignored');
    const other = intentEvent('charge.refunded', 'ch_1');
    expect(provider.verifyWebhook(other, { 'stripe-signature': header(other) }).type).toBe('ignored');
  });

  it('refuses a wrong secret, a changed body, an old signature and a missing header', () => {
    const body = intentEvent('payment_intent.succeeded', 'pi_123');
    const refuse = (raw: string, headers: Record<string, string>) =>
      expect(() => provider.verifyWebhook(raw, headers)).toThrow(
        expect.objectContaining({ code: 'invalid_signature' }),
      );
    refuse(body, { 'stripe-signature': header(body, { secret: 'whsec_someone_else' }) });
    refuse(body.replace('pi_123', 'pi_999'), { 'stripe-signature': header(body) });
    refuse(body, { 'stripe-signature': header(body, { timestamp: Math.floor(Date.now() / 1000) - 601 }) });
    refuse(body, {});
  });
});

describe('Stripe through the API (PAYMENT_PROVIDER=stripe, the local Stripe)', () => {
  let stripe: TestStripe;
  let t: TestApp;
  let traveler: Person;
  let admin: Person;
  let guide: Awaited<ReturnType<typeof guidePerson>>;

  beforeAll(async () => {
    stripe = await startTestStripe('sk_test_local_stripe', SECRET);
    t = await createTestApp({ env: stripe.env });
    traveler = await person(t);
    admin = await person(t, { admin: true });
    guide = await guidePerson(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const hook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });
  const view = async (id: number) =>
    (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();

  /** A booking whose card deposit Stripe has: its PaymentIntent at the local server, the payer not yet done. */
  async function cardDeposit(days: number) {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(days),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id as number;
    // The card is entered in Stripe Elements: the request carries no card field (decision 042).
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
      payload: { kind: 'deposit', method: 'card' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id, payment: res.json().payment, intent: stripe.intents.at(-1)! };
  }

  /** The payer completed the card step, and Stripe's webhook says so. */
  async function completed(intentId: string) {
    stripe.succeed(intentId);
    const body = stripe.event('payment_intent.succeeded', intentId);
    expect((await hook(body, header(body))).statusCode).toBe(200);
  }

  it('asks Stripe for the deposit in fen and confirms the booking once, however often and in whatever order the events arrive', async () => {
    const { id, payment, intent } = await cardDeposit(8);
    const booking = await view(id);
    expect(intent).toMatchObject({
      amount: booking.depositCents,
      currency: 'cny',
      payment_method_types: ['card'],
      metadata: { paymentId: String(payment.id), bookingId: String(id) },
    });
    expect(payment).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      clientSecret: intent.client_secret,
      demo: false,
      last4: null,
    });

    stripe.succeed(intent.id);
    const succeeded = stripe.event('payment_intent.succeeded', intent.id);
    const failed = intentEvent('payment_intent.payment_failed', intent.id, {}, 'evt_fail');
    const charge = chargeEvent(intent.id, '4242', 'evt_charge');
    for (const body of [succeeded, failed, charge, succeeded, charge]) {
      const r = await hook(body, header(body));
      expect(r.statusCode, r.body).toBe(200);
    }
    const after = await view(id);
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ status: 'succeeded', last4: '4242' }]);
    const ledger = (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();
    expect(ledger.entries).toHaveLength(2);
    expect(ledger.balance.total).toBe(0);
  });

  it("refunds a cancelled booking's deposit through Stripe in the payment's unit: all of it, or the tier's part", async () => {
    const full = await cardDeposit(20);
    await completed(full.intent.id);
    const cancel = (id: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}/status`,
        headers: auth(traveler.token),
        payload: { status: 'cancelled' },
      });
    expect((await cancel(full.id)).json().payments[0]).toMatchObject({
      status: 'refunded',
      refundedCents: full.intent.amount,
    });
    expect(
      stripe.refunds.filter((r) => r.payment_intent === full.intent.id).map((r) => [r.amount, r.currency]),
    ).toEqual([[full.intent.amount, 'cny']]);

    const part = await cardDeposit(21);
    await completed(part.intent.id);
    const start = new Date(`${daysAhead(21)}T01:00:00Z`).getTime();
    t.app.bookings.now = () => new Date(start - 5 * 86_400_000); // 5 days before: half back
    try {
      const res = await cancel(part.id);
      const refunded = res.json().refund.amountCents as number;
      expect(refunded).toBe(part.intent.amount / 2);
      expect(res.json().payments[0]).toMatchObject({ status: 'partially_refunded', refundedCents: refunded });
      const sent = stripe.received.filter(
        (r) => r.path === '/v1/refunds' && r.params.payment_intent === part.intent.id,
      );
      expect(sent.map((r) => [r.params.amount, r.idempotencyKey])).toEqual([
        [String(refunded), `tabi-refund-${part.payment.id}`],
      ]);
      expect(
        stripe.refunds.filter((r) => r.payment_intent === part.intent.id).map((r) => [r.amount, r.currency]),
      ).toEqual([[refunded, 'cny']]);
    } finally {
      t.app.bookings.now = () => new Date();
    }
  });

  it('refuses card fields sent to this server: the card goes to Stripe only, nothing is charged', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(9),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const asked = stripe.received.length;
    for (const payload of [
      {
        kind: 'deposit',
        method: 'card',
        cardNumber: '4242424242424242',
        expiryDate: '12/34',
        cvv: '123',
        cardHolder: 'Li Wei',
      },
      { kind: 'deposit', method: 'card', cardHolder: 'Li Wei' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${id}/payments`,
        headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      expect(res.body).not.toContain('4242');
    }
    expect(stripe.received.length).toBe(asked);
    expect(await view(id)).toMatchObject({ status: 'pending', payments: [] });
  });

  it('tells the browser the publishable key (never the secret) and opens the CSP to Stripe.js', async () => {
    const res = await t.app.inject({ url: '/api/config/public' });
    expect(res.json().payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_local_stripe' });
    expect(res.body).not.toContain('sk_test');
    expect(res.body).not.toContain('whsec_');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it('answers 400 invalid_signature to a forged event and 404 on the simulated route', async () => {
    const body = intentEvent('payment_intent.succeeded', 'pi_api_1');
    const forged = await hook(body, header(body, { secret: 'whsec_forger' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    const simulated = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/webhooks/simulated',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(simulated.statusCode).toBe(404);
  });
});
