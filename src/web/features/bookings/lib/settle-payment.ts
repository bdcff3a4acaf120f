import type { PaymentReply } from '../../../../shared/schemas/payments';

/** What the provider's browser step came to (Stripe.js confirming a card, a wallet's redirect or QR code). */
export type ConfirmOutcome =
  { kind: 'paid' } | { kind: 'failed'; code?: string } | { kind: 'network' } | { kind: 'handled' };

/** Where a payment stands once the server answered, and after the provider's browser step. */
export type PaymentNext = ConfirmOutcome | { kind: 'approval'; url: string } | { kind: 'unsupported' };

/**
 * The one place that decides what follows the server's reply to POST /api/v2/bookings/{id}/payments,
 * for the deposit (useCheckout) and an extension (the extension dialog) alike: paid at once (the demo
 * card), the provider's browser step when there is a client secret and a `confirm` (Stripe.js, decision
 * 042: a card is confirmed, Alipay leaves for its page, WeChat Pay shows its QR code), or the wallet's
 * approval page (the simulated provider's /payment-demo).
 */
export async function settlePayment(
  reply: PaymentReply,
  confirm?: (reply: PaymentReply) => Promise<ConfirmOutcome>,
): Promise<PaymentNext> {
  if (reply.payment.status === 'succeeded') return { kind: 'paid' };
  if (confirm && reply.payment.clientSecret) return confirm(reply);
  if (reply.payment.approvalUrl) return { kind: 'approval', url: reply.payment.approvalUrl };
  return { kind: 'unsupported' };
}
