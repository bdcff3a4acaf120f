import type { AppInstance } from '../../lib/types';
import { paymentProofsRoutes } from './payment-proofs.routes';
import { PaymentProofsService, type PaymentProofsNeeds } from './payment-proofs.service';

export { PaymentProofsService } from './payment-proofs.service';

/**
 * Payment proofs: the traveler's proof of the in-person final payment, the guide's check,
 * and the private file behind both.
 */
export async function registerPaymentProofs(app: AppInstance, needs: PaymentProofsNeeds): Promise<void> {
  await app.register(paymentProofsRoutes(new PaymentProofsService(app, needs)));
}
