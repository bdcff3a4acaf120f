import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** A star and the average, or "New guide" while a guide has no reviews. */
export function Rating({ rating, count, className }: { rating: number; count: number; className?: string }) {
  const { t } = useTranslation('guides');
  if (count === 0) {
    return (
      <span className={cn('text-sm font-medium text-success-600 dark:text-green-400', className)}>
        {t('card.newGuide')}
      </span>
    );
  }
  return (
    <span
      role="img"
      className={cn('inline-flex items-center gap-1 text-sm', className)}
      aria-label={t('card.ratingLabel', { rating: rating.toFixed(1), count })}
    >
      <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
      <span className="font-semibold" aria-hidden>
        {rating.toFixed(1)}
      </span>
      <span className="text-stone-500 dark:text-stone-400" aria-hidden>
        {t('card.reviewCount', { count })}
      </span>
    </span>
  );
}
