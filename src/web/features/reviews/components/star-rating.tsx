import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * Stars 1–5 as a radio group: Tab reaches it, arrow keys move between stars (native radios), Space
 * or a click picks one. Each star has its name read out ('4 stars').
 */
export function StarRating({
  value,
  onChange,
  invalid,
  describedBy,
  label,
  size = 'md',
}: {
  size?: 'md' | 'sm';
  value: number;
  onChange: (v: number) => void;
  invalid?: boolean;
  describedBy?: string;
  label: string;
}) {
  const { t } = useTranslation('reviews');
  const name = useId();
  return (
    <fieldset
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={size === 'sm' ? 'flex flex-wrap items-center justify-between gap-x-3' : undefined}
    >
      <legend
        className={size === 'sm' ? 'float-left text-sm text-stone-700 dark:text-stone-300' : 'text-sm font-medium'}
      >
        {label}
      </legend>
      <div className={cn('flex gap-1', size === 'md' && 'mt-1')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="group relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span className="sr-only">{t('stars', { count: n })}</span>
            <Star
              aria-hidden
              className={cn(
                size === 'sm' ? 'h-6 w-6 transition-colors' : 'h-8 w-8 transition-colors',
                n <= value
                  ? 'fill-amber-400 text-amber-500'
                  : 'text-stone-300 group-hover:text-amber-300 dark:text-stone-600',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
