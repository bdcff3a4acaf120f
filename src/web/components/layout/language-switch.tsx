import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, matchLocale, type Locale } from '../../../shared/locales';
import { currentLocale, setLocale } from '../../lib/i18n';
import { buttonClass } from '../ui/button';

/** Switches the interface, and a signed-in reader's account with it (lib/save-locale.ts). */
function choose(locale: Locale) {
  void setLocale(locale);
  import('../../lib/save-locale').then(
    (m) => m.saveLocale(locale),
    () => undefined,
  );
}

/**
 * The interface language: the system's own list of the three, each named in itself (decision 144), so
 * a phone opens its native picker and a keyboard moves with the arrows.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = currentLocale();
  return (
    <label className={buttonClass('ghost', 'sm', className)}>
      <Languages className="h-4 w-4" aria-hidden />
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={current}
        onChange={(e) => choose(matchLocale(e.target.value) ?? current)}
        className="cursor-pointer appearance-none bg-transparent"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
