import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { draftGroupSize, type BookableGuide, type BookingDraft } from '../lib/selection';

type Group = Pick<BookingDraft, 'adults' | 'children' | 'infants'>;
const AGES = ['adults', 'children', 'infants'] as const;

/**
 * The group of a booking (decision 152): adults, children (3–11) and infants (under 3), each with a
 * − and + button. Everyone, infants included, stays within the guide's min and max people, and there
 * is always an adult. Plain buttons, so Tab and Enter/Space work; the count is announced as it changes.
 */
export function GroupSteppers({
  guide,
  group,
  onChange,
  hint,
}: {
  guide: Pick<BookableGuide, 'minPeople' | 'maxPeople'>;
  group: Group;
  onChange: (patch: Partial<Group>) => void;
  hint?: string;
}) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const size = draftGroupSize(group);
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined} data-testid="group-steppers">
      <legend className="text-sm font-medium">{t('box.travelers')}</legend>
      <ul className="mt-1.5 divide-y divide-stone-100 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-700">
        {AGES.map((age) => {
          const n = group[age];
          const canLess = n > (age === 'adults' ? 1 : 0) && size > guide.minPeople;
          const canMore = size < guide.maxPeople;
          const label = t(`group.${age}`);
          return (
            <li key={age} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span id={`${id}-${age}`} className="block text-sm">
                  {label}
                </span>
                {age !== 'adults' && (
                  <span className="block text-xs text-stone-500 dark:text-stone-400">{t(`group.${age}Age`)}</span>
                )}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <StepButton
                  label={t('group.less', { who: label })}
                  disabled={!canLess}
                  onClick={() => onChange({ [age]: n - 1 })}
                >
                  <Minus className="h-4 w-4" aria-hidden />
                </StepButton>
                <output aria-labelledby={`${id}-${age}`} aria-live="polite" className="w-6 text-center tabular-nums">
                  {n}
                </output>
                <StepButton
                  label={t('group.more', { who: label })}
                  disabled={!canMore}
                  onClick={() => onChange({ [age]: n + 1 })}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                </StepButton>
              </span>
            </li>
          );
        })}
      </ul>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-9 w-9 items-center justify-center rounded-full border border-stone-300 text-stone-700 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-40 dark:border-stone-600 dark:text-stone-200 dark:hover:bg-stone-800"
    >
      {children}
    </button>
  );
}
