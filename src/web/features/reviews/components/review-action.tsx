import { Hourglass, MessageSquareQuote, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { BookingReview } from '../../../../shared/schemas/reviews';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useEligibility } from '../api/get-eligibility';
import { ReplyDialog } from './reply-dialog';
import { ReviewDialog } from './review-dialog';
import { ReviewPhotos } from './review-photos';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import { htmlLang } from '../../../components/ui/machine-translated';

const REVIEWABLE = ['completed', 'disputed'];

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={
            n <= rating ? 'h-4 w-4 fill-amber-400 text-amber-500' : 'h-4 w-4 text-stone-300 dark:text-stone-600'
          }
        />
      ))}
    </span>
  );
}

/** A review on the booking's card, with its photos and reply; the reviewed guide may reply once (decision 134). */
function ReviewQuote({
  review,
  title,
  author,
  mayReply = false,
}: {
  review: BookingReview;
  title: string;
  author: string;
  mayReply?: boolean;
}) {
  const { t } = useTranslation('reviews');
  const [replying, setReplying] = useState(false);
  return (
    <figure className="w-full rounded-lg bg-stone-50 px-3 py-2 text-sm dark:bg-stone-800/60">
      <figcaption className="flex flex-wrap items-center gap-2 font-medium">
        {title} <Stars rating={review.rating} label={t('stars', { count: review.rating })} />
      </figcaption>
      {review.content && (
        <blockquote
          className="mt-1 whitespace-pre-line break-words text-stone-700 dark:text-stone-300"
          lang={htmlLang(detectTextLanguage(review.content))}
        >
          {review.content}
        </blockquote>
      )}
      <ReviewPhotos photos={review.photos} alt={(n) => t('card.photo', { n, name: author })} />
      {review.reply && (
        <p className="mt-2 border-l-4 border-primary-300 pl-2 dark:border-primary-700">
          <span className="me-1 font-medium">{t('card.reply')}</span>
          <span className="whitespace-pre-line break-words">{review.reply.text}</span>
        </p>
      )}
      {mayReply && !review.reply && review.publishedAt && (
        <>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setReplying(true)}>
            {t('card.replyAction')}
          </Button>
          <ReplyDialog reviewId={review.id} reviewerName={author} open={replying} onOpenChange={setReplying} />
        </>
      )}
    </figure>
  );
}

/**
 * Reviews on a finished booking's card, for either side (eligibility per booking, dual-blind,
 * docs/rules/money-and-cancellation.md): a button to write one; after writing, the "waiting for the other side" state
 * until both have reviewed or 7 days pass; then both reviews.
 */
export function ReviewAction({ booking, side }: { booking: Booking; side: 'traveler' | 'guide' }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const enabled = REVIEWABLE.includes(booking.status);
  const q = useEligibility(booking.id, enabled);
  useFailureToast(enabled && q.isError, t('eligibilityFailed'));
  if (!enabled) return null;
  const otherName = side === 'traveler' ? booking.guide.fullName : booking.traveler.fullName;

  if (q.isPending)
    return (
      <div
        aria-busy="true"
        aria-label={t('checking')}
        className="h-9 w-40 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800"
      />
    );
  if (q.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800 dark:text-red-200">
        {t('states.error', { ns: 'common' })}
        <Button variant="ghost" size="sm" onClick={() => void q.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  const e = q.data;
  const until = e.myReview && !e.otherReview ? new Date(Date.parse(e.myReview.submittedAt) + 7 * 86_400_000) : null;
  return (
    <div className="flex w-full flex-col gap-2" data-testid={`review-${booking.id}`}>
      {e.canReview && (
        <div>
          <Button variant="accent" size="sm" onClick={() => setOpen(true)}>
            <MessageSquareQuote className="h-4 w-4" aria-hidden />
            {side === 'traveler' ? t('writeGuide') : t('writeTraveler')}
          </Button>
          {e.otherSubmitted && (
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('otherWaiting', { name: otherName })}</p>
          )}
        </div>
      )}
      {e.myReview && !e.otherReview && (
        <p
          className="flex items-start gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100"
          role="status"
        >
          <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {/*
             * A margin in English only, not a space character: Chinese and Japanese run the two sentences together
             * after 。.
             */}
            <span className={currentLocale() === 'en' ? 'me-1 font-medium' : 'font-medium'}>{t('waiting.title')}</span>
            {e.myReview.publishedAt
              ? t('waiting.published')
              : t('waiting.body', {
                  name: otherName,
                  date: until!.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' }),
                })}
          </span>
        </p>
      )}
      {e.myReview && e.otherReview && (
        <ReviewQuote
          review={e.myReview}
          title={t('yours')}
          author={side === 'traveler' ? booking.traveler.fullName : booking.guide.fullName}
        />
      )}
      {e.otherReview && (
        <ReviewQuote
          review={e.otherReview}
          title={t('theirs', { name: otherName })}
          author={otherName}
          mayReply={side === 'guide'}
        />
      )}
      {!e.canReview && !e.myReview && e.reason === 'review_period_ended' && (
        <p className="text-xs text-stone-600 dark:text-stone-400">{t('reason.review_period_ended')}</p>
      )}
      {e.canReview && <ReviewDialog eligibility={e} otherName={otherName} open={open} onOpenChange={setOpen} />}
    </div>
  );
}
