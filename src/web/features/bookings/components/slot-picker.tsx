import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotsReply } from '../../../../shared/schemas/slots';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { bracketed, viewerTime } from '../../../lib/format';

/**
 * The bookable start times of the chosen day as a radio group of chips (arrow keys move between
 * them). Times are in the guide's zone; the selected one also shows the traveler's own time when
 * it differs.
 */
export function SlotPicker({
  reply,
  value,
  onChange,
  zoneLabel,
  error,
  groupRef,
}: {
  reply: SlotsReply;
  value: string | null;
  onChange: (startTime: string) => void;
  zoneLabel: string;
  error?: string | null;
  groupRef?: React.Ref<HTMLFieldSetElement>;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const name = useId();
  const errorId = `${name}-error`;
  const selected = reply.slots.find((s) => s.startTime === value);
  const own = selected ? viewerTime(selected.startsAt, reply.date, selected.startTime, locale) : null;
  return (
    <fieldset
      ref={groupRef}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      className="min-w-0 focus:outline-none"
    >
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('box.startTime')}
        <span className="font-normal text-stone-500 dark:text-stone-400">{bracketed(zoneLabel, locale)}</span>
      </legend>
      <div className="mt-1.5 grid grid-cols-4 gap-1.5">
        {reply.slots.map((s) => (
          <label
            key={s.startTime}
            className={cn(
              'relative flex h-9 cursor-pointer items-center justify-center rounded-lg border text-sm tabular-nums transition',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500 has-[:focus-visible]:ring-offset-1',
              s.startTime === value
                ? 'border-primary-600 bg-primary-600 font-semibold text-white dark:border-primary-400 dark:bg-primary-500'
                : 'border-stone-300 bg-white hover:border-primary-400 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-primary-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={s.startTime}
              checked={s.startTime === value}
              onChange={() => onChange(s.startTime)}
              className="sr-only"
            />
            {s.startTime}
          </label>
        ))}
      </div>
      {own && (
        <p className="mt-1.5 text-xs text-stone-600 dark:text-stone-400">
          {own.date ? t('box.yourTimeOn', { time: own.time, date: own.date }) : t('box.yourTime', { time: own.time })}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
