import { useTranslation } from 'react-i18next';
import { SUB_RATING_KEYS, type SubRatingKey } from '../../../../shared/schemas/reviews';
import { StarRating } from './star-rating';

export type SubRatingValues = Record<SubRatingKey, number>;
export const NO_SUB_RATINGS: SubRatingValues = { knowledge: 0, communication: 0, punctuality: 0, value: 0 };

/** Whether the four are all set or all empty (decision 134: all four or none). */
export const subRatingsComplete = (v: SubRatingValues) => {
  const set = SUB_RATING_KEYS.filter((k) => v[k] > 0).length;
  return set === 0 || set === SUB_RATING_KEYS.length;
};

/** The four sub-ratings, each a keyboard radio group like the overall stars, optional as a set. */
export function SubRatingsField({
  value,
  onChange,
  errorId,
}: {
  value: SubRatingValues;
  onChange: (v: SubRatingValues) => void;
  errorId?: string;
}) {
  const { t } = useTranslation('reviews');
  const any = SUB_RATING_KEYS.some((k) => value[k] > 0);
  return (
    <div>
      <p className="text-sm font-medium">{t('form.subTitle')}</p>
      <p className="text-xs text-stone-500 dark:text-stone-400">{t('form.subHint')}</p>
      <div className="mt-2 grid gap-2">
        {SUB_RATING_KEYS.map((k) => (
          <StarRating
            key={k}
            size="sm"
            label={t(`sub.${k}`)}
            value={value[k]}
            onChange={(n) => onChange({ ...value, [k]: n })}
            invalid={Boolean(errorId) && value[k] === 0}
            describedBy={errorId}
          />
        ))}
      </div>
      {any && (
        <button
          type="button"
          onClick={() => onChange(NO_SUB_RATINGS)}
          className="mt-1 text-sm text-primary-700 underline underline-offset-2 dark:text-primary-300"
        >
          {t('form.subClear')}
        </button>
      )}
    </div>
  );
}
