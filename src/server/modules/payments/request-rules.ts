import type { CreatePaymentBody } from '../../../shared/schemas/payments';
import { AppError } from '../../lib/app-error';
import type { ProviderName } from './provider';

const CARD_FIELDS = ['cardNumber', 'expiryDate', 'cvv', 'cardHolder'] as const;

/**
 * Which card fields a payment request carries depends on the provider (decision 042). The body schema
 * accepts a card payment either with all of docs/rules/money-and-cancellation.md's card fields or with none of them:
 * - `simulated` reads the typed card, so none of them is not enough: 400 `validation_failed` with the
 *   same fields and 'Payment Information Required' the schema gives for a half-filled card;
 * - `stripe` takes the card in Stripe Elements in the browser, so a raw card sent here is refused
 *   (400) and never reaches the provider, a log or the database.
 */
export function assertPaymentDetails(
  provider: ProviderName,
  body: Pick<CreatePaymentBody, 'method' | (typeof CARD_FIELDS)[number]>,
): void {
  if (body.method !== 'card') return;
  const sent = CARD_FIELDS.filter((f) => body[f] !== undefined);
  if (provider === 'simulated' && sent.length === 0) {
    throw new AppError(
      'validation_failed',
      'The request is not valid',
      CARD_FIELDS.map((f) => ({ path: `body.${f}`, message: 'Payment Information Required' })),
    );
  }
  if (provider === 'stripe' && sent.length > 0) {
    throw new AppError(
      'validation_failed',
      'Card details are entered in the card form of the payment provider and must not be sent to this server',
      sent.map((f) => ({ path: `body.${f}`, message: 'Not accepted: the card is confirmed with Stripe.js' })),
    );
  }
}
