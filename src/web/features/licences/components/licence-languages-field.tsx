import { useTranslation } from 'react-i18next';
import { LICENCE_LANGUAGES } from '../../../../shared/licences';
import { CheckboxField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { languageName } from './profile-licence';

/**
 * The languages a guide licence is for, chosen among the national examination's ten by their names
 * in the reader's language (中国語, 英語 …), never typed as codes: the licence form and the application's
 * declared licence both ask it so.
 */
export function LicenceLanguagesField({
  value,
  onChange,
  hint,
  error,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  hint?: string;
  error?: string | null;
}) {
  const { t } = useTranslation('licences');
  const locale = currentLocale();
  const errorId = 'licence-languages-error';
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('editor.languages')}</legend>
      {hint && <p className="text-xs text-stone-600 dark:text-stone-400">{hint}</p>}
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {LICENCE_LANGUAGES.map((code) => (
          <CheckboxField
            key={code}
            label={languageName(code, locale, t)}
            checked={value.includes(code)}
            onChange={(e) => onChange(e.currentTarget.checked ? [...value, code] : value.filter((l) => l !== code))}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
