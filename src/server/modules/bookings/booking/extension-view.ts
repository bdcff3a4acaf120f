import { ownAmountOf } from '../../../../shared/booking/charge';
import { toMajor } from '../../../../shared/currency';
import { PAYMENT_WINDOW_MINUTES } from '../../../../shared/booking/schedule';
import type { Actor } from '../../../../shared/booking/state-machine';
import type { BookingRow, ExtensionRow, PaymentRow } from './bookings.repository';

/** A booking's extensions as its view (`toBooking`, booking-view.ts) shows them. */

/**
 * What the traveler paid for extensions, in the booking's currency (decision 164): an extension charged
 * in another stands for its own amount, and is only ever refunded whole (a rejected or missed extension).
 */
export function extensionsPaidCents(b: Pick<BookingRow, 'currency'>, payments: PaymentRow[]): number {
  return payments
    .filter((p) => p.kind === 'extension' && (p.status === 'succeeded' || p.status === 'partially_refunded'))
    .reduce((sum, p) => sum + (p.currency === b.currency ? p.amountCents - p.refundedCents : ownAmountOf(p)), 0);
}

/**
 * The extension under way (requested, paid or approved), as `actor` sees it: its pay-by time, and the traveler's open
 * wallet payment.
 */
export function openExtensionView(
  open: ExtensionRow | undefined,
  b: Pick<BookingRow, 'days' | 'currency'>,
  payments: PaymentRow[],
  actor: Actor,
) {
  return open
    ? {
        id: open.id,
        day: open.day ?? b.days,
        hours: open.minutes / 60,
        price: toMajor(open.priceCents, b.currency),
        priceCents: open.priceCents,
        status: open.status,
        payBy:
          open.status === 'requested'
            ? new Date(open.requestedAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000).toISOString()
            : null,
        openPayment:
          open.status === 'requested' && actor === 'traveler'
            ? openWalletPayment(payments.find((p) => p.id === open.paymentId))
            : null,
      }
    : null;
}

/** An extension's wallet payment still waiting for the traveler's approval (decision 104), as the sheet resumes it. */
function openWalletPayment(p: PaymentRow | undefined) {
  const approvalUrl = p?.nextAction?.approvalUrl;
  if (!p || p.status !== 'pending' || p.method === 'card' || p.method === 'cash' || !approvalUrl) return null;
  return { id: p.id, method: p.method, amountCents: p.amountCents, approvalUrl };
}
