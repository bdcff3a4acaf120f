import { isCalendarDate } from '../../../shared/availability';
import { divideHalfUp, isUsableRate, RATE_PATTERN, rateMicros, trimRate } from '../../../shared/currency';
import type { FxFeedFailure } from '../../../shared/schemas/fx';

/** What one read of a feed gave: yen per yuan for a reference day, or why there is none. */
export type FeedReading =
  | { ok: true; jpyPerCny: string; asOf: string }
  | { ok: false; kind: Exclude<FxFeedFailure, 'late'>; detail: string; feedAsOf?: string };

/**
 * A source of daily rates (decision 165). It never throws for the feed's own trouble: a timeout, a
 * refusal or an unreadable answer is a reading like any other, which the service records. Whether
 * the rate is too old to use is the service's question (it knows the day).
 */
export interface FxFeed {
  readonly source: 'ecb';
  read(): Promise<FeedReading>;
}

/** The longest one read of the feed may take, headers and body together; the job tries again later. */
export const FEED_TIMEOUT_MS = 5_000;
/** The daily file is about 2 kB; anything near this is not the file we asked for. */
const MAX_FEED_BYTES = 1_000_000;

/** Micro-units (millionths) as a rate string, trimmed as a stored rate is: 20530000n → "20.53". */
const fromMicros = (micros: bigint): string =>
  trimRate(`${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`);

/**
 * Yen per yuan from the two euro reference rates: JPY per EUR ÷ CNY per EUR, rounded half up to six
 * places once, in integers (no floating point between the feed and the stored rate). Null when
 * either rate is not a positive decimal of the form a stored rate takes, or the cross is outside the
 * rates the product accepts (isUsableRate).
 */
export function crossRate(jpyPerEur: string, cnyPerEur: string): string | null {
  if (!RATE_PATTERN.test(jpyPerEur) || !RATE_PATTERN.test(cnyPerEur)) return null;
  const jpy = rateMicros(jpyPerEur);
  const cny = rateMicros(cnyPerEur);
  if (jpy === 0n || cny === 0n) return null;
  const rate = fromMicros(divideHalfUp(jpy * 1_000_000n, cny));
  return isUsableRate(rate) ? rate : null;
}

const CUBE_TAG = /<(?:[\w.-]+:)?Cube\b([^>]*)>/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributesOf(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(ATTRIBUTE)) out.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? '').trim());
  return out;
}

/**
 * The ECB's euro reference rates (eurofxref-daily.xml): `<Cube time="YYYY-MM-DD">` holding one
 * `<Cube currency="JPY" rate="…"/>` per currency. Read by its `Cube` elements alone, whatever their
 * namespace prefix, quotes, spacing, attribute order or the envelope around them; comments are
 * skipped. A file of several days (the ECB's 90-day history has the same shape) gives its newest.
 * Null fields say what is missing: no dated `Cube` at all, or no JPY or CNY rate on the newest day.
 */
export function parseEcbRates(xml: string): {
  asOf: string | null;
  jpyPerEur: string | null;
  cnyPerEur: string | null;
} {
  const days = new Map<string, Map<string, string>>();
  let day: Map<string, string> | undefined;
  for (const m of xml.replace(/<!--[\s\S]*?-->/g, '').matchAll(CUBE_TAG)) {
    const attributes = attributesOf(m[1]!);
    const time = attributes.get('time');
    if (time !== undefined) {
      day = isCalendarDate(time) ? (days.get(time) ?? new Map()) : undefined;
      if (day) days.set(time, day);
      continue;
    }
    const currency = attributes.get('currency')?.toUpperCase();
    const rate = attributes.get('rate');
    if (day && currency && rate !== undefined) day.set(currency, rate);
  }
  const asOf = [...days.keys()].sort().at(-1) ?? null;
  const rates = asOf ? days.get(asOf)! : new Map<string, string>();
  return { asOf, jpyPerEur: rates.get('JPY') ?? null, cnyPerEur: rates.get('CNY') ?? null };
}

/** A feed's text as a reading: the newest day's cross rate, or `broken` saying what was wrong. */
export function readingOf(xml: string): FeedReading {
  const { asOf, jpyPerEur, cnyPerEur } = parseEcbRates(xml);
  if (!asOf) return { ok: false, kind: 'broken', detail: 'no dated reference rates in the answer' };
  const missing = [jpyPerEur === null && 'JPY', cnyPerEur === null && 'CNY'].filter(Boolean);
  if (missing.length)
    return { ok: false, kind: 'broken', detail: `no ${missing.join(' or ')} rate for ${asOf}`, feedAsOf: asOf };
  const jpyPerCny = crossRate(jpyPerEur!, cnyPerEur!);
  if (!jpyPerCny)
    return {
      ok: false,
      kind: 'broken',
      detail: `unusable rates for ${asOf}: JPY ${jpyPerEur}, CNY ${cnyPerEur}`,
      feedAsOf: asOf,
    };
  return { ok: true, jpyPerCny, asOf };
}

/** The ECB's daily XML over HTTP (FX_ECB_URL), within `timeoutMs`. */
export function ecbFeed(opts: { url: string; timeoutMs?: number }): FxFeed {
  const timeoutMs = opts.timeoutMs ?? FEED_TIMEOUT_MS;
  return {
    source: 'ecb',
    async read() {
      let text: string;
      try {
        const res = await fetch(opts.url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/xml, text/xml' },
        });
        if (!res.ok) {
          await res.body?.cancel();
          return { ok: false, kind: 'http_error', detail: `HTTP ${res.status}` };
        }
        text = await res.text();
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'TimeoutError' || name === 'AbortError')
          return { ok: false, kind: 'timeout', detail: `no answer within ${timeoutMs / 1000} s` };
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        return {
          ok: false,
          kind: 'unreachable',
          detail: cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err)),
        };
      }
      if (text.length > MAX_FEED_BYTES)
        return { ok: false, kind: 'broken', detail: `an answer of ${text.length} characters` };
      return readingOf(text);
    },
  };
}
