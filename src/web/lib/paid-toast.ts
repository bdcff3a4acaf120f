import type { Booking } from '../../shared/schemas/bookings';
import { i18next } from './i18n';
import { showToast } from './toast';

/**
 * What a successful payment paid, as its toast says it (decision 104): a deposit of a request the guide
 * still answers, a deposit of a booking the guide already agreed to (an offer), an extension, or a trip
 * change's difference (decision 177).
 */
export type Paid = 'deposit' | 'depositAccepted' | 'extension' | 'change';

/** A paid deposit's booking: `confirmed` waits for the guide's answer; from an offer it is already accepted. */
export const depositPaid = (booking: Pick<Booking, 'status'>): Paid =>
  booking.status === 'confirmed' ? 'deposit' : 'depositAccepted';

/**
 * The one success toast of every payment (checkout, the wallet's approval page, the extension sheet):
 * SPEC's 'Payment Successful' with what was paid and what happens next.
 */
export async function showPaidToast(paid: Paid): Promise<void> {
  await i18next.loadNamespaces('payments').catch(() => undefined);
  showToast({
    title: i18next.t('paid.title', { ns: 'payments' }),
    description: i18next.t(`paid.${paid}`, { ns: 'payments' }),
    variant: 'success',
  });
}
