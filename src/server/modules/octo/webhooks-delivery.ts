import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hostPortOf, outwardLookup, outwardNow, outwardRefusal, OutwardRefused } from '../../lib/outward';

/**
 * One delivery of a webhook (decision 203): a POST on a reseller's behalf to the URL it registered, so it goes
 * only outward (`lib/outward.ts`): https unless the deployment allows the host, never to an address that is not
 * public (checked on the address the socket is given), no redirect followed (a 3xx is a failure: a receiver
 * answers where it is), 10 s in all. The body is signed: `Octo-Signature: sha256=<hex>` is the HMAC-SHA256 of
 * the raw body with the webhook's secret; `Octo-Delivery-Id` is the same on every attempt of one delivery.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'octo-signature';
export const DELIVERY_ID_HEADER = 'octo-delivery-id';

export type DeliveryProblem = 'address_refused' | 'http_error' | 'timeout' | 'unreachable';
export type DeliveryResult =
  { kind: 'delivered'; status: number } | { kind: 'failed'; problem: DeliveryProblem; detail: string };

/** Where a webhook may be sent: the hosts allowed although private (and over http), and whether https is a must. */
export interface OutwardRules {
  allowHosts: readonly string[];
  httpsOnly: boolean;
}

/** Why a URL a reseller typed will not be called, or null; the same rule at registration and at each delivery. */
export type UrlProblem = 'not_a_url' | 'credentials' | 'not_https' | 'private_address' | 'unresolvable';

function parsed(typed: string): URL | null {
  try {
    const url = new URL(typed.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The URL's problem without asking DNS: its shape, its scheme, a literal address that is not public. */
function shapeProblem(url: URL | null, rules: OutwardRules): UrlProblem | null {
  if (!url) return 'not_a_url';
  if (url.username || url.password) return 'credentials';
  const allowed = rules.allowHosts.includes(hostPortOf(url));
  if (url.protocol === 'http:' && rules.httpsOnly && !allowed) return 'not_https';
  return outwardRefusal(url, rules.allowHosts) ? 'private_address' : null;
}

/** The URL as it will be called, or its problem; asks DNS now for a name (the delivery asks again). */
export async function webhookUrl(typed: string, rules: OutwardRules): Promise<URL | UrlProblem> {
  const url = parsed(typed);
  const problem = shapeProblem(url, rules);
  if (problem || !url) return problem ?? 'not_a_url';
  const now = await outwardNow(url, rules.allowHosts);
  return now === 'not_public' ? 'private_address' : (now ?? url);
}

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body with the webhook's secret. */
export const signatureOf = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

export async function deliver(
  typed: string,
  body: string,
  sign: { secret: string; deliveryId: string },
  rules: OutwardRules & { timeoutMs?: number },
): Promise<DeliveryResult> {
  const url = parsed(typed);
  const problem = shapeProblem(url, rules);
  if (problem || !url) return { kind: 'failed', problem: 'address_refused', detail: problem ?? 'not_a_url' };
  const deadline = new AbortController();
  const timeoutMs = rules.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'TabiGuides-Webhooks/1',
    [SIGNATURE_HEADER]: signatureOf(sign.secret, body),
    [DELIVERY_ID_HEADER]: sign.deliveryId,
  };
  try {
    const res = await post(url, headers, body, rules.allowHosts.includes(hostPortOf(url)), deadline.signal);
    // Only the status is read: the body is never waited for, so a receiver that drips it holds nothing of ours.
    res.destroy();
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    const redirect = status >= 300 && status < 400 ? ' (a redirect is not followed)' : '';
    return { kind: 'failed', problem: 'http_error', detail: `HTTP ${status}${redirect}` };
  } catch (e) {
    if (deadline.signal.aborted) return { kind: 'failed', problem: 'timeout', detail: `no answer in ${timeoutMs} ms` };
    if (e instanceof OutwardRefused) return { kind: 'failed', problem: 'address_refused', detail: e.message };
    return { kind: 'failed', problem: 'unreachable', detail: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

function post(url: URL, headers: Record<string, string>, body: string, allowed: boolean, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        ...(allowed ? {} : { lookup: outwardLookup }),
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}
