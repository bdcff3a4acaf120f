import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cjkSpacing } from './cjk-spacing';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, matchLocale, type Locale } from '../../shared/locales';
import { whenSettled } from './hydration';
import { serverContext } from './server-context';
import { nextTask } from './next-task';
import { readSsrData } from './ssr-data';
import { storage, STORAGE_KEYS } from './storage-keys';

/**
 * Namespaces are JSON files per locale, loaded on demand so each page carries only its own words. Each
 * language's table of files is a chunk of its own too: the landing page's first JavaScript does not grow
 * with every language added (decision 144).
 */
type Files = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
const tables: Record<Locale, () => Promise<{ files: Files }>> = {
  en: () => import('./locale-files/en'),
  'zh-CN': () => import('./locale-files/zh-CN'),
  ja: () => import('./locale-files/ja'),
};

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const table = tables[language as Locale];
    if (!table) return callback(new Error(`No locale ${language}`), null);
    table()
      .then(({ files }) => {
        const load = files[`../../locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`No locale file ${language}/${namespace}`);
        return load();
      })
      .then(
        (m) => callback(null, m.default),
        (err: Error) => callback(err, null),
      );
  },
};

/** docs/rules/accounts-and-sessions.md: the stored locale, otherwise the browser language, otherwise English. */
export function detectLocale(): Locale {
  const stored = matchLocale(storage.get(STORAGE_KEYS.locale));
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/**
 * Stores the choice (local storage for the app, a cookie for the server) and switches to it, once a
 * server-rendered page has finished hydrating (lib/hydration.ts).
 */
export async function setLocale(locale: Locale): Promise<unknown> {
  storage.set(STORAGE_KEYS.locale, locale);
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  await whenSettled();
  return i18next.changeLanguage(locale);
}

/**
 * After a sign-in, the account's language (saved with each switch, lib/save-locale.ts) becomes this
 * device's when the device has no choice of its own: a reader who chose 中文 on their phone reads 中文
 * on a new laptop, as the server answers them (it reads the account's choice before the browser's
 * Accept-Language, decision 190). A choice made on this device stays.
 */
export function adoptAccountLocale(account: string | null | undefined): void {
  const chosen = matchLocale(account);
  if (chosen && !matchLocale(storage.get(STORAGE_KEYS.locale)) && chosen !== currentLocale()) void setLocale(chosen);
}

export function currentLocale(): Locale {
  return serverContext()?.locale ?? matchLocale(i18next.resolvedLanguage) ?? DEFAULT_LOCALE;
}

const ssr = typeof window === 'undefined' ? null : readSsrData();

// i18next does not set <html lang>; screen readers and the CJK line height depend on it. Only a real
// change is written: setting it, even to the same value, restyles the whole page (`:lang`), which
// on a phone costs a long task right after the server-rendered page appears.
if (typeof document !== 'undefined') {
  i18next.on('languageChanged', (lng) => {
    const lang = matchLocale(lng) ?? DEFAULT_LOCALE;
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  });
}

/**
 * In the browser: a server-rendered page starts in the language and with the words it was rendered
 * with (no flash, no wait), in a task of its own after the app's code is evaluated (on a phone, one
 * long task less before the page responds); other namespaces load on demand. The server entry
 * initialises the same instance itself, with every namespace of both languages.
 */
const initialise = () =>
  i18next
    .use(lazyJsonBackend)
    .use(initReactI18next)
    .use(cjkSpacing)
    .init({
      lng: ssr?.locale ?? detectLocale(),
      // Every key exists in both languages (locales.test.ts): no fallback language to load too.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ssr ? Object.keys(ssr.i18n) : ['common'],
      defaultNS: 'common',
      // With the page's words at hand, initialisation is synchronous and hydration need not wait.
      ...(ssr ? { resources: { [ssr.locale]: ssr.i18n }, partialBundledLanguages: true, initAsync: false } : {}),
      interpolation: { escapeValue: false }, // React escapes
      // VOICE.md: a Latin name put into a Chinese string gets its space (lib/cjk-spacing.ts).
      postProcess: ['cjkSpacing'],
      react: { useSuspense: true },
    });

export const i18nReady: Promise<unknown> =
  typeof window === 'undefined' ? Promise.resolve() : ssr ? nextTask().then(initialise) : initialise();

export { i18next };
