import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { ConfirmOutcome } from './settle-payment';

/**
 * The one seam between the checkout and Stripe.js (decision 042). Stripe.js is fetched from
 * js.stripe.com only when the deployment's provider is `stripe`: `@stripe/stripe-js/pure` is imported
 * dynamically (its own small chunk, never in the initial bundle) and injects the script on the first
 * `loadStripe`. Tests replace the loader with a fake `Stripe` object (`setStripeLoader`), and the
 * page change to a wallet's approval page (`setPageLeaver`).
 */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

const defaultLoader: StripeLoader = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
};

let loader: StripeLoader = defaultLoader;
const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for this publishable key, loaded once (a failed load is tried again on the next call). */
export function loadStripeClient(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loader(publishableKey).then((stripe) => {
      if (!stripe) loaded.delete(publishableKey);
      return stripe;
    });
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Tests: use this loader instead of Stripe.js (null restores the real one). */
export function setStripeLoader(next: StripeLoader | null): void {
  loader = next ?? defaultLoader;
  loaded.clear();
}

/** Polling of the booking while a Stripe payment waits for its webhook (WeChat Pay's QR code, /payment-success). */
export const PAYMENT_POLL_MS = 3000;

let leavePage = (url: string) => window.location.assign(url);

/** Goes to a page outside the app (Alipay's approval page). */
export function leaveForPayment(url: string): void {
  leavePage(url);
}

/** Tests: record the page change instead of making it (null restores the real one). */
export function setPageLeaver(next: ((url: string) => void) | null): void {
  leavePage = next ?? ((url: string) => window.location.assign(url));
}

/**
 * Confirms the PaymentIntent with the card typed into Stripe Elements: the card goes from the
 * browser to Stripe, never to this server. 3-D Secure, when the bank asks for it, opens in Stripe's
 * frame inside this call. `processing` counts as paid: the webhook settles it, and /payment-success
 * waits for it.
 */
export async function confirmCard(
  stripe: Stripe,
  clientSecret: string,
  card: StripeCardElement,
  holder: string,
): Promise<ConfirmOutcome> {
  let result;
  try {
    result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: holder } },
    });
  } catch {
    return { kind: 'network' };
  }
  if (result.error) {
    if (result.error.type === 'api_connection_error') return { kind: 'network' };
    return { kind: 'failed', code: result.error.decline_code ?? result.error.code ?? result.error.type };
  }
  const status = result.paymentIntent?.status;
  return status === 'succeeded' || status === 'processing' ? { kind: 'paid' } : { kind: 'failed', code: status };
}

/**
 * WeChat Pay: the QR code of a PaymentIntent the server confirmed (next_action.wechat_pay_display_qr_code), as an image
 * URL.
 */
export async function wechatQrImage(stripe: Stripe, clientSecret: string): Promise<string | null> {
  try {
    const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
    return paymentIntent?.next_action?.wechat_pay_display_qr_code?.image_data_url ?? null;
  } catch {
    return null;
  }
}
