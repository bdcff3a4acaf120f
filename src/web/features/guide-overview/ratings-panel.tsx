// The guide's ratings on /guide: the average in stars, the count and the latest reviews; one panel of the page.
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { currentLocale } from '../../lib/i18n';
import { formatInstant } from '../../lib/format';
import { muted } from './tour-item';
import { htmlLang } from '../../components/ui/machine-translated';
import { card, Empty, SectionTitle } from './overview-panel';

function Stars({ rating, label, size = 'h-4 w-4' }: { rating: number; label: string; size?: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={
            i <= Math.round(rating)
              ? `${size} fill-amber-400 text-amber-400`
              : `${size} text-stone-300 dark:text-stone-600`
          }
        />
      ))}
    </span>
  );
}

export function RatingsPanel({ ratings, zone }: { ratings: GuideOverview['ratings']; zone: string }) {
  const { t } = useTranslation('guideOverview');
  const locale = currentLocale();
  return (
    <section aria-labelledby="ratings-title" className={card}>
      <SectionTitle id="ratings-title">{t('ratings.title')}</SectionTitle>
      {ratings.count === 0 ? (
        <Empty icon={<Star className="h-9 w-9" />} title={t('ratings.empty')} body={t('ratings.emptyBody')} />
      ) : (
        <>
          <div className="mt-4 flex items-center gap-3">
            <p className="text-4xl font-bold tabular-nums" data-testid="rating-average">
              {ratings.average.toFixed(1)}
            </p>
            <div>
              <Stars rating={ratings.average} label={t('ratings.average', { rating: ratings.average.toFixed(1) })} />
              <p className={`text-sm ${muted}`} data-testid="rating-count">
                {t('ratings.count', { count: ratings.count })}
              </p>
            </div>
          </div>
          {ratings.reviews.length > 0 && (
            <>
              <h3 className="mt-5 text-sm font-semibold">{t('ratings.latest')}</h3>
              <ul className="mt-2 space-y-3">
                {ratings.reviews.map((r) => (
                  <li key={r.id} className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium" lang={htmlLang(r.reviewerNameLanguage)}>
                        {r.reviewerFirstName}
                      </span>
                      <Stars rating={r.rating} label={t('ratings.stars', { rating: r.rating })} size="h-3.5 w-3.5" />
                    </div>
                    <p className={`text-xs ${muted}`}>{formatInstant(r.publishedAt, locale, zone).date}</p>
                    <p
                      className="mt-1.5 text-sm leading-relaxed"
                      lang={r.content ? htmlLang(r.contentLanguage) : undefined}
                    >
                      {r.content || <span className={muted}>{t('ratings.noText')}</span>}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
