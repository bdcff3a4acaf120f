import type { Currency } from '../../shared/currency';
import type { Locale } from '../../shared/locales';

/**
 * What a server-side render knows about the request it is rendering (decision 074). Code shared by
 * both sides asks here first: the locale (one process renders pages in both languages at once) and
 * how to reach the API (in-process, no network). In the browser there is no server context.
 */
export interface ServerContext {
  locale: Locale;
  /** The display currency the reader chose (its cookie), else none: the locale's default (decision 168). */
  currency?: Currency;
  fetch: typeof fetch;
  /** The page's full title, as the page sets it while rendering. */
  title?: string;
  /** Set by a page that found nothing to show (an unknown guide): the answer is a 404. */
  notFound?: boolean;
  /** The date formats the page used (lib/intl.ts), for the browser to build before it hydrates. */
  dateFormats: Map<string, DateFormatSpec>;
}

/** The arguments of one Intl.DateTimeFormat. */
export type DateFormatSpec = [locales: string | string[] | undefined, options: Intl.DateTimeFormatOptions];

let read: () => ServerContext | undefined = () => undefined;

export function serverContext(): ServerContext | undefined {
  return read();
}

/** The server entry registers how to find the context of the render in progress. */
export function setServerContextReader(reader: () => ServerContext | undefined): void {
  read = reader;
}

/** A page saying "not found" calls this while rendering, so the server answers 404 (no-op in the browser). */
export function markNotFound(): void {
  const context = read();
  if (context) context.notFound = true;
}
