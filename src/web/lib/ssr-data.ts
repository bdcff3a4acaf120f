import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Currency } from '../../shared/currency';
import { SSR_DATA_ID, type Locale } from '../../shared/locales';
import type { DateFormatSpec } from './server-context';

/**
 * What a server-rendered page hands to the browser so the first client render matches the HTML:
 * the language and its words, the API replies the page was rendered from, the router's state.
 */
export interface SsrData {
  locale: Locale;
  /** The display currency the page was rendered in when the reader had chosen one (decision 168). */
  currency?: Currency;
  /** The namespaces the page used, in its locale: namespace → resources. */
  i18n: Record<string, Record<string, unknown>>;
  queries: DehydratedState;
  router: HydrationState;
  /** The date formats the page was rendered with: the browser builds them before hydrating. */
  dateFormats: DateFormatSpec[];
}

let cached: SsrData | null | undefined;

/** The page's server data, or null when it was not rendered on the server (private pages). */
export function readSsrData(): SsrData | null {
  if (cached !== undefined) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById(SSR_DATA_ID);
  try {
    cached = el?.textContent ? (JSON.parse(el.textContent) as SsrData) : null;
  } catch {
    cached = null;
  }
  return cached;
}
