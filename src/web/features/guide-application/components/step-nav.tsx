import { Check, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * The wizard's pages as numbered buttons: the current one marked; one before it ticked only when it holds all that
 * submitting asks of it (`incomplete`, decision 198), else marked as needing answers.
 */
export function StepNav({
  step,
  total,
  goTo,
  incomplete,
}: {
  step: number;
  total: number;
  goTo: (n: number) => void;
  incomplete: (n: number) => boolean;
}) {
  const { t } = useTranslation('guideApplication');
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {Array.from({ length: total }, (_, i) => i + 1).map((n) => {
          const current = n === step;
          const before = n < step;
          const done = before && !incomplete(n);
          const missing = before && !done;
          return (
            <li key={n} className="min-w-0">
              <button
                type="button"
                onClick={() => goTo(n)}
                aria-current={current ? 'step' : undefined}
                className={cn(
                  'flex w-full min-w-0 flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-center text-xs sm:flex-row sm:gap-2 sm:px-2 sm:text-left sm:text-sm',
                  current
                    ? 'font-semibold text-primary-800 dark:text-primary-200'
                    : 'text-stone-600 hover:bg-stone-100 dark:text-stone-400 dark:hover:bg-stone-800',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    current
                      ? 'border-primary-600 bg-primary-600 text-white'
                      : done
                        ? 'border-primary-600 bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200'
                        : missing
                          ? 'border-warning-500 bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-200'
                          : 'border-stone-300 dark:border-stone-700',
                  )}
                >
                  {done ? <Check className="h-3.5 w-3.5" /> : missing ? <CircleAlert className="h-3.5 w-3.5" /> : n}
                </span>
                {/* Phones show the numbers only (the page heading names the step); wider screens the names too. */}
                <span className="sr-only min-w-0 sm:not-sr-only sm:leading-tight">
                  <span className="sr-only">{t('steps.of', { n, total })}: </span>
                  {t(`steps.${n}`)}
                  {done && <span className="sr-only"> ({t('steps.done')})</span>}
                  {missing && <span className="sr-only"> ({t('steps.incomplete')})</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
