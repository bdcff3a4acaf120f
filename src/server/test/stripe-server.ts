import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLocal, listenLocal, sendJson } from './local-server';
import { AppError } from '../lib/app-error';
import { cancelIntent, createIntent, searchIntents, type StripeIntent } from './stripe-intents';
import { decode, objectId, refuse, unixTime, type Answer, type StripeParams } from './stripe-protocol';
import { createRefund, type StripeRefund } from './stripe-refunds';

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
export async function startTestStripe(
  secretKey = 'sk_test_local_stripe',
  webhookSecret = 'whsec_test_local_stripe_0123456789abcdef',
): Promise<TestStripe> {
  const received: StripeRequest[] = [];
  const intents: StripeIntent[] = [];
  const refunds: StripeRefund[] = [];
  const refundedOf = new Map<string, number>();
  const kept = new Map<string, { fingerprint: string; answer: Answer }>();
  const state = { dropNext: 0, origin: '' };
  const intentById = (intentId: string) => intents.find((i) => i.id === intentId);
  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const request: StripeRequest = {
      method,
      path: url.pathname,
      idempotencyKey: key,
      params: decode(method === 'GET' ? url.search.slice(1) : raw),
      status: 0,
      replayed: false,
    };
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
      return send(
        refuse(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          { type: 'idempotency_error' },
        ),
      );
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
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(intents, state.origin, params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return searchIntents(intents, params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund({ intents, refunds, refundedOf }, params);
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const intent = intentById(decodeURIComponent(one[1]!));
      if (!intent)
        return refuse(404, `No such payment_intent: '${one[1]}'`, { code: 'resource_missing', param: 'intent' });
      if (method === 'GET' && !one[2]) return [200, intent];
      if (method === 'POST' && one[2]) return cancelIntent(intent);
    }
    return refuse(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const known = (intentId: string) => {
    const intent = intentById(intentId);
    if (!intent) throw new AppError('internal', `The local Stripe has no PaymentIntent ${intentId}`);
    return intent;
  };
  state.origin = `http://127.0.0.1:${await listenLocal(server)}`;
  return {
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stripe',
      STRIPE_API_URL: state.origin,
    },
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
      return Object.assign(known(intentId), {
        status: 'succeeded',
        next_action: null,
        last_payment_error: null,
        amount_received: known(intentId).amount,
      });
    },
    decline(intentId, code = 'card_declined', message = 'Your card was declined.') {
      return Object.assign(known(intentId), {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: { type: 'card_error', code, message },
      });
    },
    event(type, intentId) {
      return JSON.stringify({
        id: objectId('evt'),
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: unixTime(),
        data: { object: known(intentId) },
      });
    },
    close: () => closeLocal(server),
  };
}
