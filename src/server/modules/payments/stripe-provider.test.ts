import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, newKey, person, type Person } from '../bookings/test-helpers';
import { StripeProvider } from './index';

/** Stripe cannot be reached from here: signatures are made offline with generateTestHeaderString. */
const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const STRIPE_ENV = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_offline_only', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_offline_only' };
const provider = new StripeProvider('sk_test_offline_only', SECRET);
const header = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  provider.stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp });

const intentEvent = (type: string, intentId: string, metadata: Record<string, string> = {}, id = `evt_${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: 'payment_intent', metadata, last_payment_error: type.endsWith('failed') ? { code: 'card_declined' } : null } },
  });

const chargeEvent = (intentId: string, last4: string, id: string, captured = true) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'charge.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `ch_${id}`, object: 'charge', status: 'succeeded', captured, payment_intent: intentId, metadata: {}, payment_method_details: { type: 'card', card: { last4 } } } },
  });

describe('Stripe provider (offline)', () => {
  it('finds the PaymentIntent of a payment by its metadata for reconciliation', async () => {
    const offline = new StripeProvider('sk_test_offline_only', SECRET);
    const queries: string[] = [];
    const answer = (data: unknown[]) => (async (params: { query: string }) => {
      queries.push(params.query);
      return { data };
    }) as unknown as typeof offline.stripe.paymentIntents.search;
    offline.stripe.paymentIntents.search = answer([{ id: 'pi_ok', status: 'succeeded', metadata: { paymentId: '7' } }]);
    expect(await offline.findCharge('tabi-payment-7', 7)).toEqual({ status: 'succeeded', providerRef: 'pi_ok' });
    expect(queries).toEqual([`metadata['paymentId']:'7'`]);
    offline.stripe.paymentIntents.search = answer([{ id: 'pi_no', status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }]);
    expect(await offline.findCharge('tabi-payment-8', 8)).toEqual({ status: 'failed', providerRef: 'pi_no', failureCode: 'card_declined', message: 'Your card was declined.' });
    offline.stripe.paymentIntents.search = answer([]);
    expect(await offline.findCharge('tabi-payment-9', 9)).toBeNull();
  });


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
    expect(provider.verifyWebhook(Buffer.from(failed), { 'stripe-signature': header(failed) })).toMatchObject({ type: 'payment.failed', failureCode: 'card_declined' });
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
    const refuse = (raw: string, headers: Record<string, string>) => expect(() => provider.verifyWebhook(raw, headers)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
    refuse(body, { 'stripe-signature': header(body, { secret: 'whsec_someone_else' }) });
    refuse(body.replace('pi_123', 'pi_999'), { 'stripe-signature': header(body) });
    refuse(body, { 'stripe-signature': header(body, { timestamp: Math.floor(Date.now() / 1000) - 601 }) });
    refuse(body, {});
  });

  it('creates PaymentIntents with allowed_payment_method_types and the provider idempotency key', async () => {
    const calls: { params: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    const fake = new StripeProvider('sk_test_offline_only', SECRET);
    (fake.stripe.paymentIntents as unknown as { create: unknown }).create = async (params: Record<string, unknown>, options: Record<string, unknown>) => {
      calls.push({ params, options });
      const wechat = (params.allowed_payment_method_types as string[])[0] === 'wechat_pay';
      return {
        id: `pi_${calls.length}`,
        status: params.confirm ? 'requires_action' : 'requires_payment_method',
        client_secret: `pi_${calls.length}_secret`,
        next_action: params.confirm
          ? wechat
            ? { wechat_pay_display_qr_code: { hosted_instructions_url: 'https://pay.stripe.com/qr/1' } }
            : { alipay_handle_redirect: { url: 'https://pay.stripe.com/alipay/1' } }
          : null,
      };
    };
    const base = { paymentId: 7, bookingId: 3, amountCents: 12_000, currency: 'CNY', idempotencyKey: 'tabi-payment-7', returnUrl: 'http://localhost:3000/payment-success?booking=3' };
    expect(await fake.charge({ ...base, method: 'card' })).toEqual({ status: 'pending', providerRef: 'pi_1', approvalUrl: undefined, clientSecret: 'pi_1_secret' });
    expect(await fake.charge({ ...base, method: 'alipay' })).toMatchObject({ status: 'pending', approvalUrl: 'https://pay.stripe.com/alipay/1' });
    expect(await fake.charge({ ...base, method: 'wechat' })).toMatchObject({ status: 'pending', approvalUrl: 'https://pay.stripe.com/qr/1' });
    expect(calls[0]).toMatchObject({ params: { amount: 12_000, currency: 'cny', allowed_payment_method_types: ['card'], metadata: { paymentId: '7', bookingId: '3' } }, options: { idempotencyKey: 'tabi-payment-7' } });
    expect(calls[0]!.params).not.toHaveProperty('confirm');
    expect(calls[1]!.params).toMatchObject({ allowed_payment_method_types: ['alipay'], confirm: true, payment_method_data: { type: 'alipay' }, return_url: base.returnUrl });
    expect(calls[2]!.params).toMatchObject({ allowed_payment_method_types: ['wechat_pay'], payment_method_options: { wechat_pay: { client: 'web' } } });
  });
});

describe('Stripe webhooks through the API (PAYMENT_PROVIDER=stripe)', () => {
  let t: TestApp;
  let traveler: Person;
  let admin: Person;
  let guide: Awaited<ReturnType<typeof guidePerson>>;

  beforeAll(async () => {
    t = await createTestApp({ env: STRIPE_ENV });
    traveler = await person(t);
    admin = await person(t, { admin: true });
    guide = await guidePerson(t);
  });
  afterAll(() => t.close());

  const hook = (body: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/payments/webhooks/stripe', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload: body });

  it('confirms the booking once, however often and in whatever order the events arrive', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(8), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    // The card PaymentIntent is created through the provider (stubbed: Stripe is not reachable here).
    const stripe = (t.app.paymentProvider as StripeProvider).stripe;
    (stripe.paymentIntents as unknown as { create: unknown }).create = async () => ({ id: 'pi_api_1', status: 'requires_payment_method', client_secret: 'pi_api_1_secret', next_action: null });
    // The card is entered in Stripe Elements: the request carries no card field (decision 042).
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
      payload: { kind: 'deposit', method: 'card' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ status: 'pending', provider: 'stripe', clientSecret: 'pi_api_1_secret', demo: false, last4: null });

    const succeeded = intentEvent('payment_intent.succeeded', 'pi_api_1', { paymentId: String(res.json().payment.id) }, 'evt_ok');
    const failed = intentEvent('payment_intent.payment_failed', 'pi_api_1', {}, 'evt_fail');
    const charge = chargeEvent('pi_api_1', '4242', 'evt_charge');
    for (const body of [succeeded, failed, charge, succeeded, charge]) {
      const r = await hook(body, header(body));
      expect(r.statusCode, r.body).toBe(200);
    }
    const after = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ status: 'succeeded', last4: '4242' }]);
    const ledger = (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();
    expect(ledger.entries).toHaveLength(2);
    expect(ledger.balance.total).toBe(0);
  });

  it('refuses card fields sent to this server: the card goes to Stripe only, nothing is charged', async () => {
    const id = (await book(t, traveler, { guideId: guide.guideId, date: daysAhead(9), startTime: '10:00', durationHours: 2, travelers: 1 })).json().id;
    const stripe = (t.app.paymentProvider as StripeProvider).stripe;
    let created = 0;
    (stripe.paymentIntents as unknown as { create: unknown }).create = async () => {
      created++;
      return { id: 'pi_never', status: 'requires_payment_method', client_secret: 'pi_never_secret', next_action: null };
    };
    for (const payload of [
      { kind: 'deposit', method: 'card', cardNumber: '4242424242424242', expiryDate: '12/34', cvv: '123', cardHolder: 'Li Wei' },
      { kind: 'deposit', method: 'card', cardHolder: 'Li Wei' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/payments`, headers: { ...auth(traveler.token), 'idempotency-key': newKey() }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      expect(res.body).not.toContain('4242');
    }
    expect(created).toBe(0);
    const after = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
    expect(after).toMatchObject({ status: 'pending', payments: [] });
  });

  it('tells the browser the publishable key (never the secret) and opens the CSP to Stripe.js', async () => {
    const res = await t.app.inject({ url: '/api/config/public' });
    expect(res.json().payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_offline_only' });
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
    const simulated = await t.app.inject({ method: 'POST', url: '/api/v2/payments/webhooks/simulated', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(simulated.statusCode).toBe(404);
  });
});
