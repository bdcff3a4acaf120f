/** Supported interface languages (docs/rules/messaging.md). English is the fallback. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the web app writes with the reader's stored choice, so server-rendered pages use it. */
export const LOCALE_COOKIE = 'tabi_locale';

/** The id of the JSON block a server-rendered page carries for its hydration (decision 074). */
export const SSR_DATA_ID = 'ssr-data';

/** Maps a browser or stored language tag to a supported locale, or undefined when none fits. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}
