import type { FastifyRequest } from 'fastify';
import { localeTextLanguage, type TextLanguage } from '../../shared/guide-texts';
import { DEFAULT_LOCALE, LOCALE_COOKIE, matchLocale, type Locale } from '../../shared/locales';

/**
 * The one reader of a request's language (decisions 143, 187, 190): the `lang` it asks for, else the
 * language the reader chose in the app (the cookie it writes with the choice), else — for a signed-in
 * reader whose account is read — the account's choice (users.locale, saved with each switch), else the
 * best match of its Accept-Language header by q-value, else the default. A browser's header says what
 * the machine is set to; the account says what its owner picked, so it comes first. Interface texts,
 * guide texts and their translations all read it, so a page and its translations are in one language.
 * Written over matchLocale, so a language added to LOCALES is read here without a change; a document
 * printed in more languages than the interface (receipts) passes its own matcher and default.
 */

/** What a request says of its reader's language. */
export interface AskedLanguage {
  /** `lang` in the address or query. */
  lang?: string | null;
  /** The choice the app stored (`LOCALE_COOKIE`). */
  chosen?: string | null;
  acceptLanguage?: string | null;
}

/** The tags of an Accept-Language header, most wanted first (by q, then in order); q=0 means "not this". */
function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      // A q that is not a number (q=abc) is not read as 1: Number gives NaN, which the filter drops.
      const q = params.map((p) => /^\s*q\s*=\s*(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag?.trim() ?? '', q: q === undefined ? 1 : Number(q.trim() === '' ? NaN : q) };
    })
    .filter((a) => a.tag !== '' && a.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((a) => a.tag);
}

/** The most wanted language of an Accept-Language header that `match` knows (by default, an interface language). */
export function acceptedLanguage(header: string | undefined): Locale | undefined;
export function acceptedLanguage<L extends string>(
  header: string | undefined,
  match: (tag: string) => L | undefined,
): L | undefined;
export function acceptedLanguage(
  header: string | undefined,
  match: (tag: string) => string | undefined = matchLocale,
): string | undefined {
  for (const tag of acceptedTags(header)) {
    const found = match(tag);
    if (found) return found;
  }
  return undefined;
}

/** `lang` when the request names one, else Accept-Language's best match, else the default. */
export function requestLanguage(lang: Locale | undefined, acceptLanguage: string | undefined): Locale;
export function requestLanguage<L extends string>(
  lang: L | undefined,
  acceptLanguage: string | undefined,
  match: (tag: string) => L | undefined,
  fallback: L,
): L;
export function requestLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
  match: (tag: string) => string | undefined = matchLocale,
  fallback: string = DEFAULT_LOCALE,
): string {
  return lang ?? acceptedLanguage(acceptLanguage, match) ?? fallback;
}

/** The language the reader chose for this request: `lang`, else the app's stored choice; undefined when neither. */
function chosenLanguage(asked: AskedLanguage): Locale | undefined {
  return matchLocale(asked.lang) ?? matchLocale(asked.chosen);
}

/**
 * The language a request names (`lang`, the app's choice, Accept-Language by q), or undefined: where no account is read
 * (a consent given at sign-up).
 */
export function namedLanguage(asked: AskedLanguage): Locale | undefined {
  return chosenLanguage(asked) ?? acceptedLanguage(asked.acceptLanguage ?? undefined);
}

/**
 * The reader's language: their choice on this request, else the account's stored choice (users.locale), else
 * Accept-Language by q, else the default.
 */
export function readerLanguage(asked: AskedLanguage, account?: string | null): Locale {
  return (
    chosenLanguage(asked) ??
    matchLocale(account) ??
    acceptedLanguage(asked.acceptLanguage ?? undefined) ??
    DEFAULT_LOCALE
  );
}

/**
 * `readerLanguage` for a signed-in reader: `account` reads their stored language (one lookup), and
 * runs only when `lang` and the app's choice do not say already.
 */
export async function accountReaderLanguage(
  asked: AskedLanguage,
  account: () => Promise<string | null | undefined>,
): Promise<Locale> {
  return chosenLanguage(asked) ?? readerLanguage(asked, await account());
}

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`);

/**
 * What a Fastify request says of its reader's language: its `lang` query, the app's stored choice and Accept-Language.
 */
export function askedLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): AskedLanguage {
  const query = request.query as Record<string, unknown> | undefined;
  return {
    lang: typeof query?.lang === 'string' ? query.lang : undefined,
    chosen: LOCALE_COOKIE_VALUE.exec(request.headers.cookie ?? '')?.[1],
    acceptLanguage: request.headers['accept-language'],
  };
}

/**
 * The reader's language for a server-rendered page, a booking's lines and every reply in the
 * reader's language: a `lang` in the address (hreflang links), then the stored choice (the cookie the
 * app writes with it), then Accept-Language, then English. No account is read on these routes: after a
 * sign-in the web app takes the account's choice as its own and writes the cookie (adoptAccountLocale).
 */
export function readerLocale(request: Pick<FastifyRequest, 'query' | 'headers'>): Locale {
  return readerLanguage(askedLanguage(request));
}

/** The same reader as a text language (en, zh, ja): the language guide texts are picked and translated in. */
export function readerTextLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): TextLanguage {
  return localeTextLanguage(readerLocale(request));
}
