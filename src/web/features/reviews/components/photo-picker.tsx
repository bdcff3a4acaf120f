import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_PHOTO_MAX } from '../../../../shared/schemas/reviews';

/**
 * Up to REVIEW_PHOTO_MAX photos with previews and a remove button each. The files are sent after the
 * review is written (the server re-encodes them); nothing is uploaded before Submit.
 */
export function PhotoPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation('reviews');
  const hintId = useId();
  const previews = useMemo(
    () => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')),
    [files],
  );
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);
  const full = files.length >= REVIEW_PHOTO_MAX;

  return (
    <div>
      <p className="text-sm font-medium" id={hintId}>
        {t('form.photos', { max: REVIEW_PHOTO_MAX })}
      </p>
      {files.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${i}`}
              className="relative aspect-square overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800"
            >
              {previews[i] && (
                <img
                  src={previews[i]}
                  alt={t('form.photoPreview', { n: i + 1 })}
                  className="h-full w-full object-cover"
                />
              )}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t('form.removePhoto', { n: i + 1 })}
                className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-stone-950/70 text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-400"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-stone-300 px-3 text-sm font-medium text-stone-700 hover:border-primary-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500 dark:border-stone-600 dark:text-stone-300">
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="sr-only"
            aria-describedby={hintId}
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              onChange([...files, ...chosen].slice(0, REVIEW_PHOTO_MAX));
              e.target.value = '';
            }}
          />
          <ImagePlus className="h-4 w-4" aria-hidden />
          {t('form.addPhotos')}
        </label>
      )}
    </div>
  );
}
