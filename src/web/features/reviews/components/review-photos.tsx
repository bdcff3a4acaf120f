import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewPhoto } from '../../../../shared/schemas/reviews';
import { Sheet } from '../../../components/ui/sheet';

/**
 * Review photos as thumbnails; a tap (or Enter) opens one large in a dialog. Each has alt text naming
 * whose review it is from: the photos are the traveler's, and their content is not described anywhere.
 */
export function ReviewPhotos({
  photos,
  alt,
  className,
}: {
  photos: readonly ReviewPhoto[];
  alt: (n: number) => string;
  className?: string;
}) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? undefined : photos[open];
  return (
    <>
      <ul className={className ?? 'mt-2 flex flex-wrap gap-2'}>
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t('card.enlarge', { alt: alt(i + 1) })}
              className="block overflow-hidden rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
            >
              <img
                src={p.url}
                alt={alt(i + 1)}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
                className="h-20 w-20 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Sheet
        open={shown !== undefined}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open === null ? '' : alt(open + 1)}
        closeLabel={t('close')}
        className="sm:max-w-2xl"
      >
        {shown && (
          <img src={shown.url} alt={alt(open! + 1)} className="mt-3 max-h-[75vh] w-full rounded-lg object-contain" />
        )}
      </Sheet>
    </>
  );
}
