import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SimulatedProvider } from './simulated-provider';
import { StripeProvider } from './stripe-provider';

export type { ChargeMethod, ChargeRequest, ChargeResult, PaymentProvider, ProviderName, RefundRequest, WebhookEvent } from './provider';
export { SIMULATED_SIGNATURE_HEADER, SimulatedProvider } from './simulated-provider';
export { StripeProvider } from './stripe-provider';

/** The provider PAYMENT_PROVIDER names (decision 040). */
export function createPaymentProvider(config: Config, appSecret: string): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe') return new StripeProvider(p.stripeSecretKey!, p.stripeWebhookSecret!);
  return new SimulatedProvider(appSecret);
}
