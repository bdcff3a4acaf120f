import type { StripeIntent } from './stripe-intents';
import { amountOf, objectId, refuse, str, unixTime, type Answer, type StripeParams } from './stripe-protocol';

// The local Stripe's refunds of succeeded PaymentIntents, apart from the intents themselves and from the server
// (stripe-server.ts) that keeps them.

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

/** What a refund reads and writes: the intents, the refunds made and how much of each intent they gave back. */
export interface RefundBooks {
  intents: StripeIntent[];
  refunds: StripeRefund[];
  refundedOf: Map<string, number>;
}

/** `POST /v1/refunds`: all of what is left of a succeeded intent, or the `amount` asked if no more than that. */
export function createRefund({ intents, refunds, refundedOf }: RefundBooks, params: StripeParams): Answer {
  const intentId = str(params, 'payment_intent');
  if (!intentId)
    return refuse(400, 'Missing required param: payment_intent.', {
      code: 'parameter_missing',
      param: 'payment_intent',
    });
  const intent = intents.find((i) => i.id === intentId);
  if (!intent)
    return refuse(400, `No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'payment_intent' });
  if (intent.status !== 'succeeded')
    return refuse(400, `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
  const left = intent.amount_received - (refundedOf.get(intentId) ?? 0);
  if (left <= 0)
    return refuse(400, `The charge of ${intentId} has already been refunded.`, { code: 'charge_already_refunded' });
  const asked = params.amount === undefined ? left : amountOf(params, 'amount', false);
  if (typeof asked !== 'number') return asked;
  if (asked > left)
    return refuse(
      400,
      `Refund amount (${asked} ${intent.currency}) is greater than unrefunded amount on charge (${left} ${intent.currency})`,
      { param: 'amount' },
    );
  refundedOf.set(intentId, (refundedOf.get(intentId) ?? 0) + asked);
  const refund: StripeRefund = {
    id: objectId('re'),
    object: 'refund',
    amount: asked,
    currency: intent.currency,
    payment_intent: intentId,
    status: 'succeeded',
    created: unixTime(),
  };
  refunds.push(refund);
  return [200, refund];
}
