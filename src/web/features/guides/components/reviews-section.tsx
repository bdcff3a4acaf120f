import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReviewCard } from '../../reviews';
import { useGuideReviews } from '../api/get-guide-reviews';

/** Rating summary (average, count, 5→1 star bars) and the published reviews, newest first. */
export function ReviewsSection({
  guideId,
  rating,
  count,
  distribution,
}: {
  guideId: number;
  rating: number;
  count: number;
  distribution: number[];
}) {
  const { t } = useTranslation('guides');
  const reviews = useGuideReviews(guideId);
  const max = Math.max(1, ...distribution);
  return (
    <div>
      {count > 0 ? (
        <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="text-center sm:pr-6">
            <p className="text-4xl font-bold">{rating.toFixed(1)}</p>
            <p className="mt-1 flex justify-center" aria-hidden>
              {[1, 2, 3, 4, 5].map((i) => (
                <Star
                  key={i}
                  className={
                    i <= Math.round(rating) ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4 text-stone-300'
                  }
                />
              ))}
            </p>
            <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">{t('profile.ratingSummary', { count })}</p>
          </div>
          <ul className="space-y-1.5">
            {[5, 4, 3, 2, 1].map((stars) => (
              <li key={stars} className="flex items-center gap-2 text-sm">
                <span className="w-12 shrink-0 text-stone-600 dark:text-stone-400">
                  {t('profile.stars', { count: stars })}
                </span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700">
                  <span
                    className="block h-full rounded-full bg-amber-400"
                    style={{ width: `${(distribution[stars - 1]! / max) * 100}%` }}
                  />
                </span>
                <span className="w-6 shrink-0 text-right tabular-nums text-stone-500 dark:text-stone-400">
                  {distribution[stars - 1]}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-stone-600 dark:text-stone-400">{t('profile.noReviews')}</p>
      )}
      {reviews.isPending && count > 0 && (
        <div className="mt-6 space-y-3" aria-hidden>
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" />
          ))}
        </div>
      )}
      {reviews.isError && (
        <p role="alert" className="mt-4 text-sm text-danger-600">
          {t('profile.reviewsError')}
        </p>
      )}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="mt-6 divide-y divide-stone-200 dark:divide-stone-800">
          {reviews.data.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
