import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { SCORE_BANDS, SCORE_MAX, SCORE_MIN } from '../../../../shared/schemas/guide-applications';
import { scoreBandOf, type ScoreKey } from '../form';

/** A group of checkboxes (cities, languages, target groups, services) with its legend, hint and error. */
export function CheckboxGroup<T extends string | number>({
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  columns = 'sm:grid-cols-3',
  field,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: { value: T; label: ReactNode }[];
  value: T[];
  onChange: (next: T[]) => void;
  columns?: string;
  field?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset data-field={field} aria-describedby={describedBy} className="min-w-0">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      )}
      <div className={cn('mt-2 grid grid-cols-2 gap-2', columns)}>
        {options.map((o) => {
          const checked = value.includes(o.value);
          return (
            <label
              key={String(o.value)}
              className={cn(
                'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
                checked
                  ? 'border-primary-500 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-900/40 dark:text-primary-100'
                  : 'border-stone-300 bg-white hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800',
              )}
            >
              <input
                type="checkbox"
                className="h-4 w-4 shrink-0 rounded border-stone-300 accent-primary-600"
                checked={checked}
                onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
              <span className="min-w-0 break-words">{o.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Page 2 (docs/rules/guides-and-licences.md): a score from 1 to 9 as radio buttons, with its three bands and what each
 * means.
 */
export function ScoreField({
  score,
  value,
  onChange,
  error,
}: {
  score: ScoreKey;
  value: number | null;
  onChange: (v: number) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('guideApplication');
  const id = useId();
  const band = scoreBandOf(value);
  const describedBy = [`${id}-question`, `${id}-bands`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset data-field={`${score}Score`} aria-describedby={describedBy} className="min-w-0">
      <legend className="text-base font-semibold">{t(`fields.${score}Score`)}</legend>
      <p id={`${id}-question`} className="mt-0.5 text-sm text-stone-600 dark:text-stone-400">
        {t(`scores.${score}.question`)}
      </p>
      <div className="mt-3 grid grid-cols-9 gap-1 sm:gap-2">
        {Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => i + SCORE_MIN).map((n) => (
          <label key={n} className="relative">
            <input
              type="radio"
              name={`${id}-score`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span
              aria-hidden
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold tabular-nums transition-colors',
                'border-stone-300 bg-white hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800',
                'peer-checked:border-primary-600 peer-checked:bg-primary-600 peer-checked:text-white',
                'peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600',
              )}
            >
              {n}
            </span>
            <span className="sr-only">{n}</span>
          </label>
        ))}
      </div>
      <ul id={`${id}-bands`} className="mt-3 grid gap-2 sm:grid-cols-3">
        {SCORE_BANDS.map((b) => (
          <li
            key={b.band}
            className={cn(
              'rounded-lg border p-2.5 text-xs',
              band?.band === b.band
                ? 'border-primary-500 bg-primary-50 dark:border-primary-400 dark:bg-primary-900/40'
                : 'border-stone-200 dark:border-stone-800',
            )}
          >
            <p className="font-semibold text-stone-800 dark:text-stone-100">{t(`scores.bands.${b.band}`)}</p>
            <p className="mt-0.5 text-stone-600 dark:text-stone-300">{t(`scores.descriptions.${score}.${b.band}`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm font-medium" aria-live="polite">
        {value === null
          ? t('scores.notChosen')
          : t('scores.selected', { score: value, band: t(`scores.bands.${band!.band}`) })}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
