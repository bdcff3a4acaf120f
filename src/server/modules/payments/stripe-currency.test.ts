import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Currency } from '../../../shared/currency';
import { loadConfig } from '../../config';
import { startTestStripe, type TestStripe } from '../../test/stripe-server';
import { paymentCurrency, StripeProvider, type ChargeRequest } from './index';
import { stripeAmount } from './stripe-provider';

/**
 * The Stripe adapter in yen and yuan (decision 166), through the official client against the local
 * server speaking Stripe's API (src/server/test/stripe-server.ts): what arrives there is what Stripe
 * would be sent.
 */
let stripe: TestStripe;
let provider: StripeProvider;
let n = 0;
const internal = expect.objectContaining({ code: 'internal' });

beforeAll(async () => {
  stripe = await startTestStripe();
  provider = new StripeProvider(stripe.secretKey, stripe.webhookSecret, stripe.url);
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.received.length = 0;
  stripe.dropNext = 0;
});

function request(amountCents: number, currency: Currency, method: ChargeRequest['method'] = 'card'): ChargeRequest {
  n++;
  return {
    paymentId: 1000 + n,
    bookingId: 500 + n,
    amountCents,
    currency,
    method,
    idempotencyKey: `tabi-payment-${1000 + n}`,
    returnUrl: `http://localhost:3000/payment-success?booking=${500 + n}`,
  };
}
const posted = (path: string) => stripe.received.filter((r) => r.method === 'POST' && r.path === path);

describe('an amount as Stripe takes it', () => {
  it('is our minor unit for both currencies: yen as yen (zero-decimal), yuan in fen', () => {
    expect(stripeAmount(4_000, 'JPY')).toEqual({ amount: 4_000, currency: 'jpy' });
    expect(stripeAmount(40_000, 'CNY')).toEqual({ amount: 40_000, currency: 'cny' });
  });

  it('refuses a currency it has no unit for, and an amount that is not a positive whole number, as internal', () => {
    expect(() => stripeAmount(4_000, 'USD' as Currency)).toThrow(internal);
    expect(() => stripeAmount(4_000, 'toString' as Currency)).toThrow(internal);
    for (const amount of [40.5, 0, -100, Number.NaN]) expect(() => stripeAmount(amount, 'CNY')).toThrow(internal);
  });

  it("reads a payment row's currency only when it is one of ours", () => {
    expect(paymentCurrency('JPY')).toBe('JPY');
    expect(paymentCurrency('CNY')).toBe('CNY');
    for (const stored of ['jpy', 'USD', '']) expect(() => paymentCurrency(stored)).toThrow(internal);
  });

  it('sends nothing to Stripe for a charge in an unknown currency', async () => {
    await expect(provider.charge(request(4_000, 'EUR' as Currency))).rejects.toThrow(internal);
    expect(stripe.received).toEqual([]);
  });
});

describe('charges through the client against the local Stripe', () => {
  it('sends ¥4,000 as amount 4000 in jpy', async () => {
    const req = request(4_000, 'JPY');
    const result = await provider.charge(req);
    const [sent] = posted('/v1/payment_intents');
    expect(sent).toMatchObject({
      status: 200,
      idempotencyKey: req.idempotencyKey,
      params: { amount: '4000', currency: 'jpy', allowed_payment_method_types: ['card'] },
    });
    expect(sent!.params).not.toHaveProperty('confirm');
    const intent = stripe.intents.at(-1)!;
    expect(intent).toMatchObject({
      amount: 4_000,
      currency: 'jpy',
      metadata: { paymentId: String(req.paymentId), bookingId: String(req.bookingId) },
    });
    expect(result).toEqual({
      status: 'pending',
      providerRef: intent.id,
      approvalUrl: undefined,
      clientSecret: intent.client_secret,
    });
  });

  it('sends 400 元 as amount 40000 in cny, confirming Alipay here with its return URL', async () => {
    const req = request(40_000, 'CNY', 'alipay');
    const result = await provider.charge(req);
    expect(posted('/v1/payment_intents')[0]!.params).toMatchObject({
      amount: '40000',
      currency: 'cny',
      allowed_payment_method_types: ['alipay'],
      confirm: 'true',
      payment_method_data: { type: 'alipay' },
      return_url: req.returnUrl,
    });
    expect(result).toMatchObject({
      status: 'pending',
      approvalUrl: `${stripe.url}/alipay/${stripe.intents.at(-1)!.id}`,
    });
  });

  it('asks WeChat Pay for its web QR page, in yen as in yuan', async () => {
    const result = await provider.charge(request(12_500, 'JPY', 'wechat'));
    expect(posted('/v1/payment_intents')[0]!.params).toMatchObject({
      amount: '12500',
      currency: 'jpy',
      allowed_payment_method_types: ['wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web' } },
    });
    expect(result).toMatchObject({
      status: 'pending',
      approvalUrl: `${stripe.url}/wechat/${stripe.intents.at(-1)!.id}`,
    });
  });

  it('makes one intent however often the same charge is asked for, and when an answer is lost', async () => {
    const req = request(4_000, 'JPY');
    const before = stripe.intents.length;
    const first = await provider.charge(req);
    expect(await provider.charge(req)).toEqual(first);
    expect(stripe.intents.length).toBe(before + 1);
    expect(posted('/v1/payment_intents').map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [req.idempotencyKey, false],
      [req.idempotencyKey, true],
    ]);

    // The intent is made and the connection reset before the answer: the client asks again with the same key.
    stripe.received.length = 0;
    stripe.dropNext = 1;
    const lost = request(40_000, 'CNY');
    const answered = await provider.charge(lost);
    expect(stripe.intents.length).toBe(before + 2);
    expect(answered).toMatchObject({ status: 'pending', providerRef: stripe.intents.at(-1)!.id });
    expect(posted('/v1/payment_intents').map((r) => [r.idempotencyKey, r.status, r.replayed])).toEqual([
      [lost.idempotencyKey, -1, false],
      [lost.idempotencyKey, 200, true],
    ]);
  });

  it('is refused by Stripe when a key is used again for another amount: nothing more is made', async () => {
    const req = request(4_000, 'JPY');
    await provider.charge(req);
    const made = stripe.intents.length;
    await expect(provider.charge({ ...req, amountCents: 40_000 })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    expect(stripe.intents.length).toBe(made);
  });

  it('finds the intent of a payment by its metadata for reconciliation', async () => {
    const paid = request(4_000, 'JPY');
    const ref = (await provider.charge(paid)).providerRef!;
    stripe.succeed(ref);
    expect(await provider.findCharge(paid.idempotencyKey, paid.paymentId)).toEqual({
      status: 'succeeded',
      providerRef: ref,
    });
    expect(stripe.received.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/search',
      params: { query: `metadata['paymentId']:'${paid.paymentId}'`, limit: '1' },
    });

    const declined = request(40_000, 'CNY');
    const declinedRef = (await provider.charge(declined)).providerRef!;
    stripe.decline(declinedRef, 'insufficient_funds', 'Your card has insufficient funds.');
    expect(await provider.findCharge(declined.idempotencyKey, declined.paymentId)).toEqual({
      status: 'failed',
      providerRef: declinedRef,
      failureCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(await provider.findCharge('tabi-payment-never', 999_999)).toBeNull();
  });
});

describe('refunds and cancels through the client against the local Stripe', () => {
  async function paid(amountCents: number, currency: Currency) {
    const ref = (await provider.charge(request(amountCents, currency))).providerRef!;
    stripe.succeed(ref);
    stripe.received.length = 0;
    return ref;
  }

  it('refunds 400 元 in full in fen, once per key', async () => {
    const ref = await paid(40_000, 'CNY');
    const refund = {
      providerRef: ref,
      amountCents: 40_000,
      currency: 'CNY' as const,
      idempotencyKey: `tabi-refund-${ref}`,
    };
    const { refundRef } = await provider.refund(refund);
    expect(await provider.refund(refund)).toEqual({ refundRef });
    expect(posted('/v1/refunds').map((r) => r.params)).toEqual([
      { payment_intent: ref, amount: '40000' },
      { payment_intent: ref, amount: '40000' },
    ]);
    expect(stripe.refunds.filter((r) => r.payment_intent === ref)).toEqual([
      expect.objectContaining({ id: refundRef, amount: 40_000, currency: 'cny' }),
    ]);
  });

  it('refunds part of ¥4,000 in yen, and Stripe refuses more than is left', async () => {
    const ref = await paid(4_000, 'JPY');
    await provider.refund({
      providerRef: ref,
      amountCents: 1_500,
      currency: 'JPY',
      idempotencyKey: `tabi-refund-a-${ref}`,
    });
    await provider.refund({
      providerRef: ref,
      amountCents: 2_500,
      currency: 'JPY',
      idempotencyKey: `tabi-refund-b-${ref}`,
    });
    expect(posted('/v1/refunds').map((r) => r.params.amount)).toEqual(['1500', '2500']);
    expect(stripe.refunds.filter((r) => r.payment_intent === ref).map((r) => [r.amount, r.currency])).toEqual([
      [1_500, 'jpy'],
      [2_500, 'jpy'],
    ]);
    await expect(
      provider.refund({ providerRef: ref, amountCents: 1, currency: 'JPY', idempotencyKey: `tabi-refund-c-${ref}` }),
    ).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('cancels a waiting intent once, and answers a completed one as it is', async () => {
    const waiting = (await provider.charge(request(4_000, 'JPY'))).providerRef!;
    const cancelled = {
      status: 'failed',
      providerRef: waiting,
      failureCode: 'canceled',
      message: 'The payment was cancelled.',
    };
    expect(await provider.cancel(waiting)).toEqual(cancelled);
    // Stripe refuses to cancel a cancelled intent; the adapter reads it instead and answers the same.
    expect(await provider.cancel(waiting)).toEqual(cancelled);
    expect(stripe.received.slice(-3).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', `/v1/payment_intents/${waiting}/cancel`, 200],
      ['POST', `/v1/payment_intents/${waiting}/cancel`, 400],
      ['GET', `/v1/payment_intents/${waiting}`, 200],
    ]);
    const done = await paid(40_000, 'CNY');
    expect(await provider.cancel(done)).toEqual({ status: 'succeeded', providerRef: done });
  });
});

describe('STRIPE_API_URL', () => {
  const env = {
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  };
  it('is unset by default (the client then talks to Stripe itself)', () => {
    expect(loadConfig(env).payments.stripeApiUrl).toBeUndefined();
  });

  // That the client reaches the origin it is given is what every test above shows: the local server records each call.
  it('takes another origin, and refuses an address with a path', () => {
    expect(loadConfig({ ...env, STRIPE_API_URL: stripe.url }).payments.stripeApiUrl).toBe(stripe.url);
    expect(() => loadConfig({ ...env, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...env, STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_URL/);
  });
});
