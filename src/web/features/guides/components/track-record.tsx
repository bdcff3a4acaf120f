import { CalendarCheck, CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrackRecord as Record } from '../../../../shared/schemas/guides';
import { ReviewPhotos } from '../../reviews';

/**
 * What a traveler checks before booking (decision 134): tours completed here, the guide's own
 * cancellations in the last 12 months, and the photos of published reviews. Response time is the
 * responsiveness line beside it.
 */
export function TrackRecord({ record }: { record: Record }) {
  const { t } = useTranslation('guides');
  return (
    <div>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
        <li className="inline-flex items-center gap-1.5">
          <CalendarCheck className="h-4 w-4 text-success-600" aria-hidden />
          {t('profile.completedTours', { count: record.completedTours })}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <CalendarX className="h-4 w-4 text-stone-500" aria-hidden />
          {t('profile.guideCancellations', { count: record.guideCancellations12Months })}
        </li>
      </ul>
      {record.photos.length > 0 && (
        <section className="mt-4" aria-labelledby="review-gallery">
          <h3 id="review-gallery" className="text-sm font-semibold">
            {t('profile.gallery')}
          </h3>
          <ReviewPhotos
            photos={record.photos}
            alt={(n) => t('profile.galleryPhoto', { n, name: record.photos[n - 1]!.reviewerName })}
            className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6"
          />
        </section>
      )}
    </div>
  );
}
