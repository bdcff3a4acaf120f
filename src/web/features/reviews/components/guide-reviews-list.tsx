import { MessageSquareReply, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAllGuideReviews } from '../api/guide-reviews';
import { ReviewCard } from './review-card';

/**
 * The guide's own published reviews in one list (decision 134's reply, where the guide looks for
 * it): each card shows the guide's reply, or the one-time Reply button while there is none. Those
 * still waiting for a reply are counted at the top.
 */
export function GuideReviewsList({ guideId }: { guideId: number | undefined }) {
  const { t } = useTranslation('reviews');
  const reviews = useAllGuideReviews(guideId);
  if (reviews.isPending) return <Spinner />;
  if (reviews.isError) {
    return (
      <div
        role="alert"
        className="mt-6 rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 text-center dark:border-stone-800 dark:bg-stone-900"
      >
        <p>{t('mine.loadFailed')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void reviews.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const all = reviews.data.pages.flat();
  if (all.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-10 text-center dark:border-stone-700 dark:bg-stone-900">
        <Star className="h-10 w-10 text-primary-500" aria-hidden />
        <p className="mt-3 font-semibold">{t('mine.empty')}</p>
        <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{t('mine.emptyBody')}</p>
      </div>
    );
  }
  const unanswered = all.filter((r) => !r.reply).length;
  return (
    <section aria-labelledby="my-reviews-count" className="mt-4">
      <p
        id="my-reviews-count"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600 dark:text-stone-400"
      >
        <span>{t('mine.count', { count: all.length })}</span>
        {unanswered > 0 && (
          <span
            className="inline-flex items-center gap-1 font-medium text-accent-700 dark:text-accent-300"
            data-testid="unanswered"
          >
            <MessageSquareReply className="h-4 w-4" aria-hidden />
            {t('mine.unanswered', { count: unanswered })}
          </span>
        )}
      </p>
      <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
        {all.map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4"
          busy={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {t('mine.more')}
        </Button>
      )}
    </section>
  );
}
