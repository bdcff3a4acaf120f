import { randomBytes } from 'node:crypto';

// Stripe's wire format as the local Stripe (stripe-server.ts) reads and answers it: the decoded form, its parameters
// and amounts, an error answer, ids and times; apart from what it serves.

/**
 * A form or query as Stripe's client encodes it (`metadata[paymentId]=7`, `allowed_payment_method_types[0]=card`),
 * decoded.
 */
export type StripeParam = string | StripeParam[] | StripeParams;
export interface StripeParams {
  [key: string]: StripeParam;
}

/** A status and the JSON body the local Stripe answers with. */
export type Answer = [status: number, body: unknown];
export const refuse = (
  status: number,
  message: string,
  extra: { code?: string; param?: string; type?: string } = {},
): Answer => [
  status,
  {
    error: {
      type: extra.type ?? 'invalid_request_error',
      message,
      ...(extra.code && { code: extra.code }),
      ...(extra.param && { param: extra.param }),
    },
  },
];

/** An id of the kind Stripe gives its objects (`pi_…`, `re_…`, `evt_…`). */
export const objectId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** A Stripe timestamp: seconds since the epoch. */
export const unixTime = () => Math.floor(Date.now() / 1000);

/** The largest amount Stripe takes, in the smallest unit of any currency: eight digits. */
const MAX_AMOUNT = 99_999_999;

/** An amount parameter as Stripe reads it: digits only, positive, at most eight of them. */
export function amountOf(params: StripeParams, name: string, required: boolean): number | Answer {
  const value = str(params, name);
  if (value === undefined)
    return required
      ? refuse(400, `Missing required param: ${name}.`, { code: 'parameter_missing', param: name })
      : refuse(400, `Invalid integer: ${name}`, { param: name });
  if (!/^\d+$/.test(value))
    return refuse(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  const amount = Number(value);
  if (amount <= 0)
    return refuse(400, 'This value must be greater than or equal to 1.', { code: 'amount_too_small', param: name });
  if (amount > MAX_AMOUNT)
    return refuse(400, `Amount must be no more than ${MAX_AMOUNT} in the currency's smallest unit.`, {
      code: 'amount_too_large',
      param: name,
    });
  return amount;
}

export const str = (params: StripeParams, name: string): string | undefined =>
  typeof params[name] === 'string' ? params[name] : undefined;

export function list(params: StripeParams, name: string): string[] | undefined {
  const value = params[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** `a[b][0]=x` into `{a: {b: ['x']}}`: objects whose keys are 0, 1, … become lists, as the client wrote them. */
export function decode(encoded: string): StripeParams {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else
        node = (
          typeof node[part] === 'object' && !Array.isArray(node[part]) ? node[part] : (node[part] = {})
        ) as StripeParams;
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
