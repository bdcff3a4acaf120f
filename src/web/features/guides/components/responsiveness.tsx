import { Clock, MessageCircleReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { responseTimeBand, type Responsiveness } from '../../../../shared/responsiveness';
import { cn } from '../../../lib/cn';

/**
 * A guide's response rate and typical response time over the last 30 days, or "New" when there are
 * too few requests (decision 077). Inline spans, for a flex row: the card's short words or the
 * profile's full ones.
 */
export function ResponsivenessLine({
  value,
  size,
  showNew = true,
  className,
}: {
  value: Responsiveness;
  size: 'card' | 'profile';
  /** False where the rating already calls the guide new: only the hint then. */
  showNew?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('guides');
  const icon = size === 'card' ? 'h-3.5 w-3.5' : 'h-4 w-4';
  const item = 'inline-flex items-center gap-1';
  if (value.isNew || value.rate === null) {
    return (
      <span className={cn('inline-flex flex-wrap items-center gap-x-2', className)} data-testid="responsiveness">
        {showNew && (
          <span className={cn(item, 'font-medium text-success-600 dark:text-green-400')}>
            <MessageCircleReply className={icon} aria-hidden />
            {t('responsiveness.new')}
          </span>
        )}
        <span className={size === 'card' ? 'sr-only' : 'text-stone-500 dark:text-stone-400'}>
          {t('responsiveness.newHint')}
        </span>
      </span>
    );
  }
  const band = value.typicalMinutes === null ? null : responseTimeBand(value.typicalMinutes);
  return (
    <span
      className={cn('inline-flex flex-wrap items-center gap-x-3 gap-y-0.5', className)}
      data-testid="responsiveness"
    >
      <span className={item}>
        <MessageCircleReply className={icon} aria-hidden />
        {t('responsiveness.rate', { rate: value.rate })}
      </span>
      {band && (
        <span className={item}>
          <Clock className={icon} aria-hidden />
          {t(size === 'card' ? `responsiveness.short.${band}` : `responsiveness.full.${band}`)}
        </span>
      )}
    </span>
  );
}
