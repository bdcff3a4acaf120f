import { randomBytes } from 'node:crypto';
import { amountOf, list, objectId, refuse, str, unixTime, type Answer, type StripeParams } from './stripe-protocol';

// The local Stripe's PaymentIntents (create, confirm with a wallet, search, cancel), apart from its refunds and from
// the server (stripe-server.ts) that keeps them.

type IntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** A PaymentIntent as the server keeps and answers it: the fields the adapter reads, and what identifies the charge. */
export interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  next_action: Record<string, unknown> | null;
  last_payment_error: { type: 'card_error'; code: string; message: string } | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

/** Currencies Stripe counts in whole units (zero-decimal): an amount of 4000 in `jpy` is ¥4,000. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
/** A few of the two-decimal currencies Stripe takes, in hundredths (cny: fen); another code is refused. */
const TWO_DECIMAL = new Set(['aud', 'cad', 'chf', 'cny', 'eur', 'gbp', 'hkd', 'myr', 'sgd', 'thb', 'usd']);
const METHODS = new Set(['card', 'alipay', 'wechat_pay']);
const CANCELLABLE = new Set<IntentStatus>(['requires_payment_method', 'requires_action']);

/**
 * `POST /v1/payment_intents`: a new intent in `intents`, confirmed at once for a wallet whose next step links to
 * `origin`.
 */
export function createIntent(intents: StripeIntent[], origin: string, params: StripeParams): Answer {
  const amount = amountOf(params, 'amount', true);
  if (typeof amount !== 'number') return amount;
  const currency = str(params, 'currency')?.toLowerCase();
  if (!currency)
    return refuse(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
  if (!ZERO_DECIMAL.has(currency) && !TWO_DECIMAL.has(currency))
    return refuse(400, `Invalid currency: ${currency}.`, { param: 'currency' });
  const types = list(params, 'allowed_payment_method_types') ?? list(params, 'payment_method_types') ?? ['card'];
  const unknown = types.find((t) => !METHODS.has(t));
  if (types.length === 0 || unknown)
    return refuse(400, `The payment method type "${unknown}" is invalid.`, { param: 'payment_method_types' });
  const metadata = params.metadata;
  const intentId = objectId('pi');
  const intent: StripeIntent = {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
    metadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v === 'string')) as Record<
            string,
            string
          >)
        : {},
    payment_method_types: types,
    next_action: null,
    last_payment_error: null,
    cancellation_reason: null,
    created: unixTime(),
    livemode: false,
  };
  if (str(params, 'confirm') === 'true') {
    const data = params.payment_method_data;
    const type = data && typeof data === 'object' && !Array.isArray(data) ? data.type : undefined;
    if (typeof type !== 'string' || !types.includes(type) || type === 'card') {
      return refuse(
        400,
        'This server confirms only an Alipay or WeChat Pay payment_method_data among the allowed types.',
        { param: 'payment_method_data[type]' },
      );
    }
    const returnUrl = str(params, 'return_url');
    if (type === 'alipay' && !returnUrl)
      return refuse(400, 'A return_url is required to confirm an Alipay PaymentIntent.', {
        code: 'parameter_missing',
        param: 'return_url',
      });
    intent.status = 'requires_action';
    intent.next_action =
      type === 'alipay'
        ? {
            type: 'alipay_handle_redirect',
            alipay_handle_redirect: { url: `${origin}/alipay/${intentId}`, return_url: returnUrl },
          }
        : {
            type: 'wechat_pay_display_qr_code',
            wechat_pay_display_qr_code: {
              hosted_instructions_url: `${origin}/wechat/${intentId}`,
              image_data_url: 'data:image/png;base64,',
            },
          };
  }
  intents.push(intent);
  return [200, intent];
}

/** `GET /v1/payment_intents/search`, newest first. */
export function searchIntents(intents: StripeIntent[], params: StripeParams): Answer {
  const query = str(params, 'query') ?? '';
  const clauses = query.split(/\s+AND\s+/);
  const tests: ((i: StripeIntent) => boolean)[] = [];
  for (const clause of clauses) {
    const meta = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause.trim());
    const status = /^status:'([a-z_]+)'$/.exec(clause.trim());
    if (meta) tests.push((i) => i.metadata[meta[1]!] === meta[2]);
    else if (status) tests.push((i) => i.status === status[1]);
    else return refuse(400, `This server cannot read the search query "${query}".`, { param: 'query' });
  }
  const limit = Number(str(params, 'limit') ?? 10);
  const found = intents.filter((i) => tests.every((t) => t(i))).reverse();
  return [
    200,
    {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      next_page: null,
    },
  ];
}

/** `POST /v1/payment_intents/:id/cancel`. */
export function cancelIntent(intent: StripeIntent): Answer {
  if (!CANCELLABLE.has(intent.status)) {
    return refuse(
      400,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      { code: 'payment_intent_unexpected_state' },
    );
  }
  Object.assign(intent, { status: 'canceled', next_action: null, cancellation_reason: 'requested_by_customer' });
  return [200, intent];
}
