import { BadgeCheck, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import type { Review } from '../../../../shared/schemas/guides';
import { SUB_RATING_KEYS } from '../../../../shared/schemas/reviews';
import { Button } from '../../../components/ui/button';
import { MachineTranslated } from '../../../components/ui/machine-translated';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { ReplyDialog } from './reply-dialog';
import { ReviewPhotos } from './review-photos';

/**
 * One published review of a guide as the profile shows it (decision 134): stars, the "toured with this
 * guide" mark, the sub-ratings, the text, the photos (tap to enlarge) and the guide's reply. The
 * reviewed guide, signed in, gets a Reply action until they have replied once.
 */
export function ReviewCard({ review: r }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const locale = currentLocale();
  const session = useSession();
  const [replying, setReplying] = useState(false);
  const mayReply = !r.reply && session?.user.id === r.toUserId;
  return (
    <article className="flex gap-3 py-4" aria-label={t('card.label', { name: r.reviewerName })}>
      <UserAvatar
        user={{ id: r.fromUserId, fullName: r.reviewerName, nickname: null, profilePicture: r.reviewerPicture }}
        size={40}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-semibold">{r.reviewerName}</span>
          <span
            role="img"
            className="inline-flex items-center gap-0.5 text-amber-600"
            aria-label={t('stars', { count: r.rating })}
          >
            {Array.from({ length: r.rating }, (_, i) => (
              <Star key={i} className="h-3.5 w-3.5 fill-current" aria-hidden />
            ))}
          </span>
          <span className="text-stone-500 dark:text-stone-400">
            {formatCalendarDate(r.publishedAt.slice(0, 10), locale)}
          </span>
        </p>
        {r.touredWithGuide && (
          <p className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-success-600 dark:text-green-400">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
            {t('card.toured')}
          </p>
        )}
        {r.subRatings && (
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs text-stone-600 dark:text-stone-400">
            {SUB_RATING_KEYS.map((k) => (
              <div key={k} className="flex justify-between gap-2">
                <dt>{t(`sub.${k}`)}</dt>
                <dd className="tabular-nums" aria-label={t('stars', { count: r.subRatings![k] })}>
                  {r.subRatings![k]}/5
                </dd>
              </div>
            ))}
          </dl>
        )}
        {/* The reviewer's words in their language, translated beside the original when one applies (decision 145). */}
        {r.content && (
          <div className="mt-2 whitespace-pre-line break-words text-sm text-stone-700 dark:text-stone-300">
            <MachineTranslated
              original={r.content}
              originalLanguage={r.contentLanguage ?? detectTextLanguage(r.content)}
              translated={r.contentTranslated}
              translation={r.contentTranslation}
            />
          </div>
        )}
        <ReviewPhotos photos={r.photos} alt={(n) => t('card.photo', { n, name: r.reviewerName })} />
        {r.reply && (
          <div className="mt-3 rounded-lg border-l-4 border-primary-300 bg-stone-50 px-3 py-2 text-sm dark:border-primary-700 dark:bg-stone-800/60">
            <p className="font-medium">{t('card.reply')}</p>
            <div className="mt-0.5 whitespace-pre-line break-words text-stone-700 dark:text-stone-300">
              <MachineTranslated
                original={r.reply.text}
                originalLanguage={r.replyLanguage ?? detectTextLanguage(r.reply.text)}
                translated={r.replyTranslated}
                translation={r.replyTranslation}
              />
            </div>
          </div>
        )}
        {mayReply && (
          <>
            <Button variant="outline" className="mt-2" onClick={() => setReplying(true)}>
              {t('card.replyAction')}
            </Button>
            <ReplyDialog reviewId={r.id} reviewerName={r.reviewerName} open={replying} onOpenChange={setReplying} />
          </>
        )}
      </div>
    </article>
  );
}
