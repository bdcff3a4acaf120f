import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLocal, listenLocal, sendJson } from './local-server';
import { AppError } from '../lib/app-error';

/** A form or query as Stripe's client encodes it (`metadata[paymentId]=7`, `allowed_payment_method_types[0]=card`), decoded. */
export type StripeParam = string | StripeParam[] | StripeParams;
export interface StripeParams {
  [key: string]: StripeParam;
}

/** One request as the local Stripe received it, with what it answered. */
export interface StripeRequest {
  method: string;
  /** Without the query, e.g. `/v1/payment_intents`. */
  path: string;
  idempotencyKey: string | null;
  /** The form body of a POST, the query of a GET, as sent (every value a string: amounts too). */
  params: StripeParams;
  status: number;
  /** Answered from the result kept for its Idempotency-Key, as Stripe's `Idempotent-Replayed: true`. */
  replayed: boolean;
}

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

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface TestStripe {
  /** PAYMENT_PROVIDER=stripe, the three keys and STRIPE_API_URL for an app using this server. */
  env: Record<string, string>;
  secretKey: string;
  webhookSecret: string;
  url: string;
  /** Every request it received, in order (refused ones too). */
  received: StripeRequest[];
  /** The PaymentIntents it made, in order. */
  intents: StripeIntent[];
  refunds: StripeRefund[];
  /** The next `n` POSTs do their work and keep their result, then lose the answer (the connection is reset). */
  dropNext: number;
  /** The payer completed the intent (Stripe.js's card step, a wallet's approval): it succeeded. */
  succeed(id: string): StripeIntent;
  /** The payer's attempt was declined: back to requires_payment_method, with the error Stripe reports. */
  decline(id: string, code?: string, message?: string): StripeIntent;
  /** An event's JSON carrying the intent as it is now, for a webhook the test signs. */
  event(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', id: string): string;
  close(): Promise<void>;
}

/** Currencies Stripe counts in whole units (zero-decimal): an amount of 4000 in `jpy` is ¥4,000. */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
/** A few of the two-decimal currencies Stripe takes, in hundredths (cny: fen); another code is refused. */
const TWO_DECIMAL = new Set(['aud', 'cad', 'chf', 'cny', 'eur', 'gbp', 'hkd', 'myr', 'sgd', 'thb', 'usd']);
/** The largest amount Stripe takes, in the smallest unit of any currency: eight digits. */
const MAX_AMOUNT = 99_999_999;
const METHODS = new Set(['card', 'alipay', 'wechat_pay']);
const CANCELLABLE = new Set<IntentStatus>(['requires_payment_method', 'requires_action']);

type Answer = [status: number, body: unknown];
const refuse = (status: number, message: string, extra: { code?: string; param?: string; type?: string } = {}): Answer => [
  status,
  { error: { type: extra.type ?? 'invalid_request_error', message, ...(extra.code && { code: extra.code }), ...(extra.param && { param: extra.param }) } },
];

/**
 * A local server that speaks the part of Stripe's API the Stripe adapter uses, as the official
 * `stripe` client sends it (form-encoded bodies, bracketed keys, `Authorization: Bearer sk_…`; another
 * key is 401): `POST /v1/payment_intents`, `GET /v1/payment_intents/search` (the `metadata['k']:'v'`
 * and `status:'…'` clauses, joined by AND), `GET /v1/payment_intents/:id`,
 * `POST /v1/payment_intents/:id/cancel` and `POST /v1/refunds`. A POST's `Idempotency-Key` keeps the
 * result of the request that did its work: the same key answers it again, and with other parameters
 * it is refused (400 `idempotency_error`). It checks what would make Stripe refuse an amount: a
 * positive whole number of the currency's smallest unit (fen for cny; the yen itself for the
 * zero-decimal jpy), at most eight digits, in a currency it knows. It does not model Stripe's minimum
 * charge amounts, captures or disputes.
 */
export async function startTestStripe(secretKey = 'sk_test_local_stripe', webhookSecret = 'whsec_test_local_stripe_0123456789abcdef'): Promise<TestStripe> {
  const received: StripeRequest[] = [];
  const intents: StripeIntent[] = [];
  const refunds: StripeRefund[] = [];
  const refundedOf = new Map<string, number>();
  const kept = new Map<string, { fingerprint: string; answer: Answer }>();
  const state = { dropNext: 0, origin: '' };
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const intentById = (intentId: string) => intents.find((i) => i.id === intentId);
  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const request: StripeRequest = { method, path: url.pathname, idempotencyKey: key, params: decode(method === 'GET' ? url.search.slice(1) : raw), status: 0, replayed: false };
    received.push(request);
    const send = ([status, body]: Answer) => {
      request.status = status;
      if (request.replayed) res.setHeader('idempotent-replayed', 'true');
      sendJson(res, status, body);
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(refuse(401, 'Invalid API Key provided.'));
    if (method !== 'POST' || !key) return send(route(method, url.pathname, request.params));
    const fingerprint = `${url.pathname} ${raw}`;
    const before = kept.get(key);
    if (before && before.fingerprint !== fingerprint) {
      return send(refuse(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, { type: 'idempotency_error' }));
    }
    request.replayed = !!before;
    const answer = before?.answer ?? route(method, url.pathname, request.params);
    // Only a request that did its work is kept for its key; one refused for its parameters may be sent again corrected.
    if (!before && answer[0] < 300) kept.set(key, { fingerprint, answer });
    if (state.dropNext > 0) {
      state.dropNext--;
      request.status = -1;
      res.socket?.destroy();
      return;
    }
    send(answer);
  }

  function route(method: string, path: string, params: StripeParams): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return search(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const intent = intentById(decodeURIComponent(one[1]!));
      if (!intent) return refuse(404, `No such payment_intent: '${one[1]}'`, { code: 'resource_missing', param: 'intent' });
      if (method === 'GET' && !one[2]) return [200, intent];
      if (method === 'POST' && one[2]) return cancel(intent);
    }
    return refuse(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function createIntent(params: StripeParams): Answer {
    const amount = amountOf(params, 'amount', true);
    if (typeof amount !== 'number') return amount;
    const currency = str(params, 'currency')?.toLowerCase();
    if (!currency) return refuse(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (!ZERO_DECIMAL.has(currency) && !TWO_DECIMAL.has(currency)) return refuse(400, `Invalid currency: ${currency}.`, { param: 'currency' });
    const types = list(params, 'allowed_payment_method_types') ?? list(params, 'payment_method_types') ?? ['card'];
    const unknown = types.find((t) => !METHODS.has(t));
    if (types.length === 0 || unknown) return refuse(400, `The payment method type "${unknown}" is invalid.`, { param: 'payment_method_types' });
    const metadata = params.metadata;
    const intentId = id('pi');
    const intent: StripeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {},
      payment_method_types: types,
      next_action: null,
      last_payment_error: null,
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    if (str(params, 'confirm') === 'true') {
      const data = params.payment_method_data;
      const type = data && typeof data === 'object' && !Array.isArray(data) ? data.type : undefined;
      if (typeof type !== 'string' || !types.includes(type) || type === 'card') {
        return refuse(400, 'This server confirms only an Alipay or WeChat Pay payment_method_data among the allowed types.', { param: 'payment_method_data[type]' });
      }
      const returnUrl = str(params, 'return_url');
      if (type === 'alipay' && !returnUrl) return refuse(400, 'A return_url is required to confirm an Alipay PaymentIntent.', { code: 'parameter_missing', param: 'return_url' });
      intent.status = 'requires_action';
      intent.next_action =
        type === 'alipay'
          ? { type: 'alipay_handle_redirect', alipay_handle_redirect: { url: `${state.origin}/alipay/${intentId}`, return_url: returnUrl } }
          : { type: 'wechat_pay_display_qr_code', wechat_pay_display_qr_code: { hosted_instructions_url: `${state.origin}/wechat/${intentId}`, image_data_url: 'data:image/png;base64,' } };
    }
    intents.push(intent);
    return [200, intent];
  }

  function search(params: StripeParams): Answer {
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
    return [200, { object: 'search_result', url: '/v1/payment_intents/search', data: found.slice(0, limit), has_more: found.length > limit, next_page: null }];
  }

  function cancel(intent: StripeIntent): Answer {
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

  function createRefund(params: StripeParams): Answer {
    const intentId = str(params, 'payment_intent');
    if (!intentId) return refuse(400, 'Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' });
    const intent = intentById(intentId);
    if (!intent) return refuse(400, `No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'payment_intent' });
    if (intent.status !== 'succeeded') return refuse(400, `This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    const left = intent.amount_received - (refundedOf.get(intentId) ?? 0);
    if (left <= 0) return refuse(400, `The charge of ${intentId} has already been refunded.`, { code: 'charge_already_refunded' });
    const asked = params.amount === undefined ? left : amountOf(params, 'amount', false);
    if (typeof asked !== 'number') return asked;
    if (asked > left) return refuse(400, `Refund amount (${asked} ${intent.currency}) is greater than unrefunded amount on charge (${left} ${intent.currency})`, { param: 'amount' });
    refundedOf.set(intentId, (refundedOf.get(intentId) ?? 0) + asked);
    const refund: StripeRefund = { id: id('re'), object: 'refund', amount: asked, currency: intent.currency, payment_intent: intentId, status: 'succeeded', created: now() };
    refunds.push(refund);
    return [200, refund];
  }

  const known = (intentId: string) => {
    const intent = intentById(intentId);
    if (!intent) throw new AppError('internal', `The local Stripe has no PaymentIntent ${intentId}`);
    return intent;
  };
  state.origin = `http://127.0.0.1:${await listenLocal(server)}`;
  return {
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stripe', STRIPE_API_URL: state.origin },
    secretKey,
    webhookSecret,
    url: state.origin,
    received,
    intents,
    refunds,
    get dropNext() {
      return state.dropNext;
    },
    set dropNext(n: number) {
      state.dropNext = n;
    },
    succeed(intentId) {
      return Object.assign(known(intentId), { status: 'succeeded', next_action: null, last_payment_error: null, amount_received: known(intentId).amount });
    },
    decline(intentId, code = 'card_declined', message = 'Your card was declined.') {
      return Object.assign(known(intentId), { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code, message } });
    },
    event(type, intentId) {
      return JSON.stringify({ id: id('evt'), object: 'event', type, api_version: '2025-01-01', created: now(), data: { object: known(intentId) } });
    },
    close: () => closeLocal(server),
  };
}

/** An amount parameter as Stripe reads it: digits only, positive, at most eight of them. */
function amountOf(params: StripeParams, name: string, required: boolean): number | Answer {
  const value = str(params, name);
  if (value === undefined) return required ? refuse(400, `Missing required param: ${name}.`, { code: 'parameter_missing', param: name }) : refuse(400, `Invalid integer: ${name}`, { param: name });
  if (!/^\d+$/.test(value)) return refuse(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  const amount = Number(value);
  if (amount <= 0) return refuse(400, 'This value must be greater than or equal to 1.', { code: 'amount_too_small', param: name });
  if (amount > MAX_AMOUNT) return refuse(400, `Amount must be no more than ${MAX_AMOUNT} in the currency's smallest unit.`, { code: 'amount_too_large', param: name });
  return amount;
}

const str = (params: StripeParams, name: string): string | undefined => (typeof params[name] === 'string' ? params[name] : undefined);

function list(params: StripeParams, name: string): string[] | undefined {
  const value = params[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** `a[b][0]=x` into `{a: {b: ['x']}}`: objects whose keys are 0, 1, … become lists, as the client wrote them. */
function decode(encoded: string): StripeParams {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (typeof node[part] === 'object' && !Array.isArray(node[part]) ? node[part] : (node[part] = {})) as StripeParams;
    });
  }
  return listed(root) as StripeParams;
}

function listed(param: StripeParam): StripeParam {
  if (typeof param === 'string' || Array.isArray(param)) return param;
  const keys = Object.keys(param);
  const entries = keys.map((k) => [k, listed(param[k]!)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}
