import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { MINOR_PER_MAJOR, type Currency } from '../../../shared/currency';
import { AppError } from '../../lib/app-error';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, WebhookEvent } from './provider';

// The stripe package (~0.5 s to load) is required by the first StripeProvider, so a server on the
// simulated provider never loads it (decision 086).
const requireStripe = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

const STRIPE_METHOD = { card: 'card', alipay: 'alipay', wechat: 'wechat_pay' } as const;

/**
 * Stripe's code for each of our currencies and how many of its amount units make one yuan or one yen.
 * Stripe counts in a currency's smallest unit, and the yen is zero-decimal there: ¥4,000 is 4000.
 */
const STRIPE_CURRENCY: Record<Currency, { code: 'cny' | 'jpy'; unitsPerMajor: number }> = {
  CNY: { code: 'cny', unitsPerMajor: 100 },
  JPY: { code: 'jpy', unitsPerMajor: 1 },
};

/**
 * An amount in our minor unit as Stripe takes it (decision 166). For both our currencies Stripe's unit
 * is ours (fen, and the yen itself), so the number passes unchanged; that is checked here rather than
 * assumed, and a currency without an entry, or whose units differ, is refused before anything is sent.
 */
export function stripeAmount(amountMinor: number, currency: Currency): { amount: number; currency: 'cny' | 'jpy' } {
  const stripe = Object.hasOwn(STRIPE_CURRENCY, currency) ? STRIPE_CURRENCY[currency] : undefined;
  if (!stripe || stripe.unitsPerMajor !== MINOR_PER_MAJOR[currency]) {
    throw new AppError('internal', `No Stripe amount is defined for the currency ${String(currency)}`);
  }
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new AppError('internal', `A Stripe amount is a positive whole number of minor units, not ${amountMinor}`);
  }
  return { amount: amountMinor, currency: stripe.code };
}

/** Where the client sends its requests instead of Stripe's API (STRIPE_API_URL: the tests' local server). */
function apiOrigin(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe: a PaymentIntent per payment (`allowed_payment_method_types`, stripe ≥ 23). Cards are
 * entered in Stripe Elements and confirmed in the browser with Stripe.js (the reply carries the
 * client secret; no card field reaches this server, decision 042); Alipay and WeChat Pay are confirmed
 * here and reply with the redirect or QR page. Webhooks are verified on the raw body.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl?: string,
  ) {
    const StripeClient = requireStripe();
    this.stripe = new StripeClient(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...apiOrigin(apiUrl) });
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const type = STRIPE_METHOD[req.method];
    const wallet = req.method !== 'card';
    const intent = await this.stripe.paymentIntents.create(
      {
        ...stripeAmount(req.amountCents, req.currency),
        allowed_payment_method_types: [type],
        metadata: { bookingId: String(req.bookingId), paymentId: String(req.paymentId) },
        ...(wallet && {
          confirm: true,
          payment_method_data: { type },
          return_url: req.returnUrl,
          ...(req.method === 'wechat' && { payment_method_options: { wechat_pay: { client: 'web' as const } } }),
        }),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    return resultOf(intent);
  }

  /**
   * The PaymentIntent made for our payment, found by its metadata (Stripe's search; an intent can take
   * up to a minute to become searchable, which reconciliation's 90 s wait covers).
   */
  async findCharge(_idempotencyKey: string, paymentId: number): Promise<ChargeResult | null> {
    const found = await this.stripe.paymentIntents.search({ query: `metadata['paymentId']:'${paymentId}'`, limit: 1 });
    const intent = found.data[0];
    if (!intent) return null;
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      return {
        status: 'failed',
        providerRef: intent.id,
        failureCode: intent.last_payment_error.code ?? 'payment_failed',
        message: intent.last_payment_error.message ?? 'The payment failed.',
      };
    }
    return resultOf(intent);
  }

  /**
   * Cancels the PaymentIntent (decision 100). Stripe refuses to cancel one that succeeded, is being
   * processed or is cancelled already (`payment_intent_unexpected_state`): then the intent as it is.
   */
  async cancel(providerRef: string): Promise<ChargeResult> {
    try {
      return resultOf(await this.stripe.paymentIntents.cancel(providerRef));
    } catch (err) {
      if ((err as { code?: string }).code !== 'payment_intent_unexpected_state') throw err;
      return resultOf(await this.stripe.paymentIntents.retrieve(providerRef));
    }
  }

  async refund(req: RefundRequest): Promise<{ refundRef: string }> {
    // A partial refund's amount is in the charge's unit, as the charge's was; Stripe takes no currency here.
    const { amount } = stripeAmount(req.amountCents, req.currency);
    const refund = await this.stripe.refunds.create(
      { payment_intent: req.providerRef, amount },
      { idempotencyKey: req.idempotencyKey },
    );
    return { refundRef: refund.id };
  }

  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    let event: Stripe.Event;
    try {
      if (!signature) throw new AppError('invalid_signature', 'no signature');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError('invalid_signature', 'The webhook signature is missing or wrong');
    }
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
        providerRef: intent.id,
        paymentId: Number(intent.metadata?.paymentId) || undefined,
        failureCode: intent.last_payment_error?.code ?? undefined,
      };
    }
    if (event.type === 'charge.succeeded') {
      // The card's last four digits are on the charge, not on the PaymentIntent event (decision 042).
      // A captured charge of one of our PaymentIntents means that intent succeeded: the same end state.
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (intentId && charge.status === 'succeeded' && charge.captured) {
        return {
          id: event.id,
          type: 'payment.succeeded',
          providerRef: intentId,
          paymentId: Number(charge.metadata?.paymentId) || undefined,
          cardLast4: charge.payment_method_details?.card?.last4 ?? undefined,
        };
      }
    }
    return { id: event.id, type: 'ignored', providerRef: '' };
  }
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
  if (intent.status === 'canceled')
    return { status: 'failed', providerRef: intent.id, failureCode: 'canceled', message: 'The payment was cancelled.' };
  const next = intent.next_action;
  const approvalUrl =
    next?.alipay_handle_redirect?.url ??
    next?.wechat_pay_display_qr_code?.hosted_instructions_url ??
    next?.redirect_to_url?.url ??
    undefined;
  return {
    status: 'pending',
    providerRef: intent.id,
    approvalUrl: approvalUrl ?? undefined,
    clientSecret: intent.client_secret ?? undefined,
  };
}
