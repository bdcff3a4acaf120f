import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, matchLocale, type Locale } from '../../shared/locales';

/**
 * The one reader of a request's language (decision 143): the `lang` it asks for, else the best match of
 * its Accept-Language header, else the default. Written over matchLocale, so a language added to
 * LOCALES is read here without a change; a document printed in more languages than the interface
 * (receipts) passes its own matcher and default.
 */

/** The tags of an Accept-Language header, most wanted first (by q, then in order); q=0 means "not this". */
function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag?.trim() ?? '', q: q === undefined ? 1 : Number(q) };
    })
    .filter((a) => a.tag !== '' && a.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((a) => a.tag);
}

/** The most wanted language of an Accept-Language header that `match` knows (by default, an interface language). */
export function acceptedLanguage(header: string | undefined): Locale | undefined;
export function acceptedLanguage<L extends string>(header: string | undefined, match: (tag: string) => L | undefined): L | undefined;
export function acceptedLanguage(header: string | undefined, match: (tag: string) => string | undefined = matchLocale): string | undefined {
  for (const tag of acceptedTags(header)) {
    const found = match(tag);
    if (found) return found;
  }
  return undefined;
}

/** `lang` when the request names one, else Accept-Language's best match, else the default. */
export function requestLanguage(lang: Locale | undefined, acceptLanguage: string | undefined): Locale;
export function requestLanguage<L extends string>(lang: L | undefined, acceptLanguage: string | undefined, match: (tag: string) => L | undefined, fallback: L): L;
export function requestLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
  match: (tag: string) => string | undefined = matchLocale,
  fallback: string = DEFAULT_LOCALE,
): string {
  return lang ?? acceptedLanguage(acceptLanguage, match) ?? fallback;
}

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`);

/**
 * The reader's language for a server-rendered page, and for the labels of a booking's lines: a
 * `lang` in the address (hreflang links), then the stored choice (the cookie the app writes with it),
 * then Accept-Language, then English.
 */
export function readerLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? matchLocale(query.lang) : undefined;
  if (fromQuery) return fromQuery;
  const cookie = LOCALE_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1];
  const fromCookie = matchLocale(cookie);
  if (fromCookie) return fromCookie;
  return acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
