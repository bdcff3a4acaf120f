import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Currency } from '../../../../shared/currency';

/** Yen first: most guides live and are paid in Japan. */
const CHOICES: readonly Currency[] = ['JPY', 'CNY'];

/**
 * The currency every price of the rates form is in (decision 164). Changing it converts nothing: a
 * number typed as yuan is not a yen price, so once the choice differs from what is saved the form says
 * that the prices below are now read in the new currency and asks the guide to check them.
 */
export function CurrencyChoice({
  value,
  saved,
  onChange,
}: {
  value: Currency;
  saved: Currency;
  onChange: (c: Currency) => void;
}) {
  const { t } = useTranslation('guideBusiness');
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('rates.currency.legend')}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2 sm:max-w-md">
        {CHOICES.map((c) => (
          <label
            key={c}
            className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50 dark:border-stone-700 dark:bg-stone-900 dark:has-[:checked]:bg-primary-900/40"
          >
            <input
              type="radio"
              name={name}
              value={c}
              checked={value === c}
              onChange={() => onChange(c)}
              className="h-4 w-4 shrink-0 accent-primary-600"
            />
            <span className="min-w-0">{t(`rates.currency.${c}`)}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-stone-600 dark:text-stone-400">
        {t('rates.currency.hint')}
      </p>
      {value !== saved && (
        <p
          role="status"
          className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('rates.currency.changed', { currency: t(`rates.currency.${value}`) })}
        </p>
      )}
    </fieldset>
  );
}
