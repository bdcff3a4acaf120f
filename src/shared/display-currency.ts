import type { Currency } from './currency';
import type { Locale } from './locales';

/**
 * The currency a reader sees prices in (decision 168), where both halves need it: the cookie the web
 * app writes with the reader's choice (read like the language's, so the server renders public pages
 * in it), and each language's own when they have chosen none: yuan in Chinese and English, yen in
 * Japanese. A module of its own, with no code beside it, for the landing page's first download.
 */
export const CURRENCY_COOKIE = 'tabi_currency';

export const defaultCurrency = (locale: Locale): Currency => (locale === 'ja' ? 'JPY' : 'CNY');
