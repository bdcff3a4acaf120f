/**
 * The one seam between the product and a payment provider (decision 040). The bookings service
 * charges, refunds and reads webhooks only through this interface; `simulated` (the default) and
 * `stripe` implement it.
 */
import { isCurrency, type Currency } from '../../../shared/currency';
import { AppError } from '../../lib/app-error';

export type ProviderName = 'simulated' | 'stripe';
export type ChargeMethod = 'card' | 'alipay' | 'wechat';

export interface ChargeRequest {
  paymentId: number;
  bookingId: number;
  /** In the currency's minor unit (`MINOR_PER_MAJOR` in src/shared/currency.ts): fen, or yen. */
  amountCents: number;
  currency: Currency;
  method: ChargeMethod;
  /**
   * Card fields as typed (the simulated provider only; with Stripe the card is entered in Stripe.js and never sent
   * here).
   */
  card?: { number: string; expiryDate: string; cvv: string; holder: string };
  /** The provider's own retry key: a repeated call never creates a second charge there. */
  idempotencyKey: string;
  /** Where a wallet's approval page sends the payer back to. */
  returnUrl: string;
}

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'pending'; providerRef: string; approvalUrl?: string; clientSecret?: string }
  | { status: 'failed'; providerRef?: string; failureCode: string; message: string };

export interface RefundRequest {
  providerRef: string;
  /** In the minor unit of the charge's currency, which `currency` names (the payment's, as it was charged). */
  amountCents: number;
  currency: Currency;
  idempotencyKey: string;
}

/**
 * A payment row's currency as a provider is asked in it. The column is text that the database does not
 * check, so anything but one of our currencies is a broken invariant: nothing is sent (decision 166).
 */
export function paymentCurrency(stored: string): Currency {
  if (!isCurrency(stored)) throw new AppError('internal', `A payment in an unknown currency: ${stored}`);
  return stored;
}

/** A verified webhook, reduced to what the product acts on. */
export interface WebhookEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'ignored';
  providerRef: string;
  /** Our payment id, when the provider echoes it (Stripe metadata): finds a payment whose ref is not stored yet. */
  paymentId?: number;
  failureCode?: string;
  /** A card's last four digits as the provider reports them (Stripe's charge.succeeded), when it does. */
  cardLast4?: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Idempotent by `idempotencyKey`: the same key returns the first charge's result, never a second charge. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of the charge made with this key (our payment `paymentId`), or null when the provider
   * never received it: reconciliation asks this for a payment whose answer a crash lost.
   */
  findCharge(idempotencyKey: string, paymentId: number): Promise<ChargeResult | null>;
  /**
   * Cancels a charge still waiting for the payer (a wallet's approval, a card's Stripe.js step), so that
   * it can never be charged afterwards (decision 100). Answers what the charge is now: failed with
   * `canceled` (or as it had failed), `succeeded` when the payer approved it first (a charge made is
   * never undone by a cancel), or `pending` when the provider is completing it and cannot stop it.
   * Idempotent: cancelling a cancelled charge answers the same.
   */
  cancel(providerRef: string): Promise<ChargeResult>;
  refund(req: RefundRequest): Promise<{ refundRef: string }>;
  /** Verifies the signature over the raw body; throws AppError('invalid_signature') otherwise. */
  verifyWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}
