import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_MAX_CHARS, type EligibilityReply } from '../../../../shared/schemas/reviews';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { refusedContacts } from '../api/create-review';
import { Sheet } from '../../../components/ui/sheet';
import { useCreateReview } from '../api/create-review';
import { PhotoPicker } from './photo-picker';
import { StarRating } from './star-rating';
import { NO_SUB_RATINGS, SubRatingsField, subRatingsComplete, type SubRatingValues } from './sub-ratings-field';

/**
 * The review form (docs/rules/booking-lifecycle.md, Reviews): a rating 1–5 is required ('Please select a rating'), the
 * text is optional, trimmed, at most 2000 characters with a live counter. Success and failure toasts keep
 * their fixed texts (docs/rules/look-and-language.md). Reviews of a guide also take the four sub-ratings
 * (all or none) and up to six photos (decision 134).
 */
export function ReviewDialog({
  eligibility,
  otherName,
  open,
  onOpenChange,
}: {
  eligibility: EligibilityReply;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('reviews');
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [showError, setShowError] = useState(false);
  const [sub, setSub] = useState<SubRatingValues>(NO_SUB_RATINGS);
  const [subError, setSubError] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const create = useCreateReview();
  const errorId = useId();
  const subErrorId = useId();
  const textId = useId();
  const counterId = useId();
  const asTraveler = eligibility.type === 'traveler_to_guide';

  const close = (next: boolean) => {
    if (!next) {
      setRating(0);
      setContent('');
      setShowError(false);
      setSub(NO_SUB_RATINGS);
      setSubError(false);
      setPhotos([]);
    }
    onOpenChange(next);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const subOk = subRatingsComplete(sub);
    setSubError(!subOk);
    if (rating < 1) {
      setShowError(true);
      return;
    }
    if (!subOk) return;
    create.mutate(
      {
        bookingId: eligibility.bookingId,
        type: eligibility.type,
        fromUserId: eligibility.fromUserId,
        toUserId: eligibility.toUserId,
        rating,
        content: content.trim(),
        ...(asTraveler && sub.knowledge > 0 ? { subRatings: sub } : {}),
        photos: asTraveler ? photos : [],
      },
      {
        onSuccess: ({ failed, qrCodes }) => {
          close(false);
          showToast({ title: t('submitted'), variant: 'success' });
          if (failed > 0)
            showToast({
              title: t('photosFailed', { count: failed }),
              variant: 'destructive',
              ...(qrCodes > 0 && { description: t('photosQrCode') }),
            });
        },
        onError: (err) =>
          showToast({
            title: t('failed'),
            variant: 'destructive',
            ...(refusedContacts(err) && { description: t('contactDetails') }),
          }),
      },
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={close}
      title={asTraveler ? t('form.titleGuide', { name: otherName }) : t('form.titleTraveler', { name: otherName })}
      description={t('form.blind')}
      closeLabel={t('close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <StarRating
            label={t('form.rating')}
            value={rating}
            onChange={(v) => {
              setRating(v);
              setShowError(false);
            }}
            invalid={showError}
            describedBy={showError ? errorId : undefined}
          />
          {showError && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t('ratingRequired')}
            </p>
          )}
        </div>
        {asTraveler && (
          <div>
            <SubRatingsField
              value={sub}
              onChange={(v) => {
                setSub(v);
                if (subRatingsComplete(v)) setSubError(false);
              }}
              errorId={subError ? subErrorId : undefined}
            />
            {subError && (
              <p id={subErrorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {t('subIncomplete')}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor={textId} className="text-sm font-medium">
            {t('form.content')}
          </label>
          <textarea
            id={textId}
            value={content}
            maxLength={REVIEW_MAX_CHARS}
            onChange={(e) => setContent(e.target.value)}
            rows={5}
            aria-describedby={counterId}
            placeholder={asTraveler ? t('form.placeholderGuide') : t('form.placeholderTraveler')}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-primary-500 dark:border-stone-700 dark:bg-stone-950"
          />
          <p
            id={counterId}
            aria-live="polite"
            className="mt-1 text-right text-xs tabular-nums text-stone-500 dark:text-stone-400"
          >
            {t('form.counter', { count: content.length, max: REVIEW_MAX_CHARS })}
          </p>
        </div>
        {asTraveler && <PhotoPicker files={photos} onChange={setPhotos} />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            {t('form.submit')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
