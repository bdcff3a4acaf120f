import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PublicConfig } from '../../../shared/schemas/support';
import type { PaymentProvider } from './provider';
import { SimulatedProvider } from './simulated-provider';
import { StripeProvider } from './stripe-provider';

export type {
  ChargeMethod,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderName,
  RefundRequest,
  WebhookEvent,
} from './provider';
export { paymentCurrency } from './provider';
export { SIMULATED_SIGNATURE_HEADER, SimulatedProvider } from './simulated-provider';
export { StripeProvider } from './stripe-provider';
export { assertPaymentDetails } from './request-rules';

/** The provider PAYMENT_PROVIDER names (decision 040). */
export function createPaymentProvider(config: Config, appSecret: string, db: Database): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe') return new StripeProvider(p.stripeSecretKey!, p.stripeWebhookSecret!, p.stripeApiUrl);
  return new SimulatedProvider(appSecret, db);
}

/** What the browser may know about the provider: its name, and Stripe's publishable key (never a secret). */
export function publicPaymentConfig(config: Config): PublicConfig['payments'] {
  const p = config.payments;
  return p.provider === 'stripe'
    ? { provider: 'stripe', publishableKey: p.stripePublishableKey! }
    : { provider: 'simulated' };
}
