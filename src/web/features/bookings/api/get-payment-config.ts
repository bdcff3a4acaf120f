import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/support';
import { apiRequest } from '../../../lib/api-client';

export interface PaymentConfig {
  provider: 'simulated' | 'stripe';
  /** The simulated provider: no money moves, and every place it shows says so. */
  demo: boolean;
  /** Stripe: the publishable key Stripe.js is loaded with (decision 042); null otherwise. */
  publishableKey: string | null;
  /**
   * The credit a guide's cancellation or absence gives the traveler for the next booking (decision 139), fen; 0 for
   * none.
   */
  travelCreditCents: number;
}

/**
 * Which payment provider this deployment uses, from GET /api/config/public (`simulated` is the
 * demo; with `stripe` the card is entered in Stripe Elements, loaded lazily with the publishable key).
 */
export async function getPaymentConfig(): Promise<PaymentConfig> {
  const config = await apiRequest<PublicConfig>('/api/config/public');
  const p = config.payments;
  return {
    provider: p.provider,
    demo: p.provider === 'simulated',
    publishableKey: p.provider === 'stripe' ? p.publishableKey : null,
    travelCreditCents: config.travelCreditCents ?? 0,
  };
}

export function usePaymentConfig() {
  return useQuery({ queryKey: ['config', 'public', 'payments'], queryFn: getPaymentConfig });
}
