import type { AppInstance } from '../../lib/types';
import { paymentProofsRoutes } from './payment-proofs.routes';
import { PaymentProofsService } from './payment-proofs.service';

export { PaymentProofsService } from './payment-proofs.service';

/**
 * Payment proofs (issue 12): the traveler's proof of the in-person final payment, the guide's check,
 * and the private file behind both. Needs `app.storage` and `app.notifications`.
 */
export async function registerPaymentProofs(app: AppInstance): Promise<void> {
  await app.register(paymentProofsRoutes(new PaymentProofsService(app)));
}
