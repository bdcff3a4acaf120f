import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hostPortOf, outwardLookup, outwardRefusal, OutwardRefused } from '../../lib/outward';

/**
 * One read of a calendar address a guide typed: an outgoing call on a stranger's behalf, so it goes only
 * outward (decision 200, `lib/outward.ts`). Only http(s); every address it connects to — the first and each
 * redirect's, at most 3 — must resolve to a public one, checked on the address the socket is given (no second
 * lookup to rebind); credentials written in the address go to that origin alone; 10 s in all, 2 MB at most,
 * and the last good read's validators sent so an unchanged calendar answers 304.
 */
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export type FetchProblem = 'address_refused' | 'http_error' | 'timeout' | 'too_large' | 'unreachable';

export type FetchResult =
  | { kind: 'ok'; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'failed'; problem: FetchProblem; detail: string };

export interface FetchOptions {
  /** `host:port` entries that may resolve to private addresses (CALENDAR_IMPORT_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
}

/** A typed address as the one to read: `webcal://` is `https://`; anything but http(s) is null. */
export function calendarAddress(typed: string): URL | null {
  let url: URL;
  try {
    url = new URL(typed.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

export async function fetchCalendar(address: URL, opts: FetchOptions): Promise<FetchResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  const origin = address.origin;
  const credentials = address.username
    ? `${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`
    : null;
  try {
    let url = new URL(address.href);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const refusal = outwardRefusal(url, opts.allowHosts);
      if (refusal) return { kind: 'failed', problem: 'address_refused', detail: refusal };
      url.username = '';
      url.password = '';
      const headers: Record<string, string> = {
        accept: 'text/calendar, */*;q=0.5',
        'user-agent': 'TabiGuides-Calendar/1',
      };
      if (credentials && url.origin === origin)
        headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      if (opts.etag) headers['if-none-match'] = opts.etag;
      if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
      const allowed = opts.allowHosts.includes(hostPortOf(url));
      const res = await send(url, headers, allowed, deadline.signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
        res.resume();
        url = new URL(res.headers.location, url);
        continue;
      }
      if (status === 304) return (res.resume(), { kind: 'not_modified' });
      if (status < 200 || status >= 300)
        return (res.resume(), { kind: 'failed', problem: 'http_error', detail: `HTTP ${status}` });
      const body = await readCapped(res);
      if (body === null) return { kind: 'failed', problem: 'too_large', detail: `over ${MAX_BODY_BYTES} bytes` };
      return { kind: 'ok', body, etag: header(res, 'etag'), lastModified: header(res, 'last-modified') };
    }
    return { kind: 'failed', problem: 'http_error', detail: `more than ${MAX_REDIRECTS} redirects` };
  } catch (e) {
    if (deadline.signal.aborted)
      return { kind: 'failed', problem: 'timeout', detail: `no answer in ${opts.timeoutMs ?? FETCH_TIMEOUT_MS} ms` };
    if (e instanceof OutwardRefused) return { kind: 'failed', problem: 'address_refused', detail: e.message };
    return { kind: 'failed', problem: 'unreachable', detail: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

function send(url: URL, headers: Record<string, string>, allowed: boolean, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method: 'GET', headers, signal, ...(allowed ? {} : { lookup: outwardLookup }) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body as text, or null past MAX_BODY_BYTES (the download stops there). */
function readCapped(res: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

const header = (res: IncomingMessage, name: string): string | null => {
  const v = res.headers[name];
  return typeof v === 'string' ? v : null;
};
