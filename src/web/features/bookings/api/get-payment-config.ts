import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/schemas/support';
import { apiRequest } from '../../../lib/api-client';

export interface PaymentConfig {
  provider: 'simulated' | 'stripe';
  /** The simulated provider: no money moves, and every place it shows says so. */
  demo: boolean;
}

/**
 * Which payment provider this deployment uses, from GET /api/config/public (`simulated` is the
 * demo; a Stripe deployment needs Stripe.js for cards, which is not built yet).
 */
export async function getPaymentConfig(): Promise<PaymentConfig> {
  const config = await apiRequest<PublicConfig>('/api/config/public');
  const provider = config.payments.provider;
  return { provider, demo: provider === 'simulated' };
}

export function usePaymentConfig() {
  return useQuery({ queryKey: ['config', 'public', 'payments'], queryFn: getPaymentConfig });
}
