import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import { cn } from '../../../lib/cn';

const TONE: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  confirmed: 'bg-primary-50 text-primary-800 dark:bg-primary-900/40 dark:text-primary-100',
  upcoming: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  awaiting_start: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  start_confirmed: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  ongoing: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  extend_requested: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  extend_confirmed: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  completed: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
  disputed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  cancelled: 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
  awaiting_replacement: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
};

/**
 * A booking's status in words (docs/rules/booking-lifecycle.md names, in the interface language). `labelKey`: a trips
 * key to say instead, when the clock has overtaken the status (`statusKey` in lib/trips.ts).
 */
export function StatusBadge({ status, labelKey }: { status: BookingStatus; labelKey?: string }) {
  const { t } = useTranslation('trips');
  // A tour whose planned time came with nobody confirming the start is not going well: amber, never green.
  const tone = labelKey?.startsWith('statusTime.') ? TONE.pending : TONE[status];
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tone)}>
      {t(labelKey ?? `status.${status}`)}
    </span>
  );
}
