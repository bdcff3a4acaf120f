import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, matchLocale, type Locale } from '../../shared/locales';
import { storage, STORAGE_KEYS } from './storage-keys';

/** Namespaces are JSON files per locale, loaded on demand so each page carries only its own words. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No locale file ${language}/${namespace}`), null);
    load().then((m) => callback(null, m.default), (err: Error) => callback(err, null));
  },
};

/** SPEC §1: the stored locale, otherwise the browser language, otherwise English. */
export function detectLocale(): Locale {
  const stored = matchLocale(storage.get(STORAGE_KEYS.locale));
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export function setLocale(locale: Locale): Promise<unknown> {
  storage.set(STORAGE_KEYS.locale, locale);
  return i18next.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return matchLocale(i18next.resolvedLanguage) ?? DEFAULT_LOCALE;
}

// i18next does not set <html lang>; screen readers and the CJK line height depend on it.
i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = matchLocale(lng) ?? DEFAULT_LOCALE;
});

export const i18nReady = i18next
  .use(lazyJsonBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
  });

export { i18next };
