import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * "Instant confirmation" on a guide's card and profile (decision 153): the API's `instantBook`, false
 * while the guide's instant booking is paused, so the badge is never shown for a guide who must answer.
 */
export function InstantBadge({ on, className }: { on: boolean; className?: string }) {
  const { t } = useTranslation('guides');
  if (!on) return null;
  return (
    <span
      data-testid="instant-badge"
      title={t('instantBook.hint')}
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
        className,
      )}
    >
      <Zap className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('instantBook.badge')}
    </span>
  );
}
