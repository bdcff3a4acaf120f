/** Supported interface languages (docs/rules/messaging.md). English is the fallback. */
export const LOCALES = ['en', 'zh-CN', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader who cannot read the current one still finds their own. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', 'zh-CN': '简体中文', ja: '日本語' };

/**
 * Names kept in several languages: Chinese in zh-CN, Japanese in ja where the item has one (the service
 * cities and the service catalogue do, decision 144), English otherwise. Here rather
 * than with the web app's formatters so the landing page can name its cities without loading those.
 */
export const localName = (item: { nameEn: string; nameCn: string; nameJa?: string }, locale: Locale) =>
  locale === 'zh-CN' ? item.nameCn : locale === 'ja' ? (item.nameJa ?? item.nameEn) : item.nameEn;

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
  if (lower.startsWith('ja')) return 'ja';
  return undefined;
}
