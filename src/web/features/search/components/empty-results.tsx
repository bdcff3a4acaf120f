import { FilterX, SearchX, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeSearchFilters, withoutSearchFilter, type SearchFilter } from '../../../../shared/guide-search';
import type { GuideSearchParams } from '../../../../shared/guide-search-query';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { useGuides, GuideGrid } from '../../guides';
import { cityName } from '../../../lib/format';
import { filterLabels } from '../lib/filter-labels';

/** How many of the nearest results (the search without the filter that hid the most) are shown. */
const NEAREST = 3;

/**
 * A search that found nobody (decision 104). With filters, it names the one(s) that emptied the list
 * (those whose removal alone brings guides back, from the reply's `withoutFilter`), offers a chip per
 * active filter to clear it in one tap (with how many guides that brings back) and a button to clear
 * them all, and shows the first guides of the nearest search: without the filter that hid the most.
 * Without filters, SPEC's 'No guides found - Please try again later.', and all cities to try.
 */
export function EmptyResults({
  params,
  withoutFilter,
  categories,
  onChange,
  renderCard,
}: {
  params: GuideSearchParams;
  withoutFilter: Partial<Record<SearchFilter, number>> | undefined;
  categories: ServiceCategory[] | undefined;
  onChange: (next: GuideSearchParams) => void;
  renderCard: (guide: GuideSummary, index: number) => ReactNode;
}) {
  const { t } = useTranslation(['search', 'guides']);
  const locale = currentLocale();
  const headingId = useId();
  const labels = filterLabels(params, t, locale, categories);
  const count = (f: SearchFilter) => withoutFilter?.[f] ?? 0;
  const blamed = labels.filter((l) => count(l.filter) > 0);
  const nearest = blamed.reduce<(typeof blamed)[number] | undefined>(
    (best, l) => (!best || count(l.filter) > count(best.filter) ? l : best),
    undefined,
  );
  const nearestParams = nearest ? withoutSearchFilter(params, nearest.filter) : params;
  const results = useGuides(nearestParams, NEAREST, { enabled: !!nearest });
  const quoted = blamed.map((l) => `“${l.label}”`).join(locale === 'en' ? ', ' : '、');
  const city = params.city ? cityName(params.city, locale) : null;
  const clearAll = () => onChange(activeSearchFilters(params).reduce(withoutSearchFilter, { ...params, page: 1 }));

  const box =
    'flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-4 py-10 text-center sm:px-6 dark:border-stone-700 dark:bg-stone-900';
  if (labels.length === 0) {
    return (
      <div className={box} data-testid="empty-results">
        <SearchX className="h-10 w-10 text-stone-400" aria-hidden />
        <p className="mt-3 text-lg font-semibold">{t('guides:grid.empty')}</p>
        {params.city && (
          <Button className="mt-5" variant="outline" onClick={() => onChange({ ...params, city: undefined, page: 1 })}>
            {t('search:form.allCities')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div data-testid="empty-results">
      <div className={box}>
        <FilterX className="h-10 w-10 text-stone-400" aria-hidden />
        <p className="mt-3 max-w-xl text-lg font-semibold">
          {blamed.length === 0
            ? t('empty.together')
            : city
              ? t('empty.namedIn', { city, filters: quoted })
              : t('empty.named', { filters: quoted })}
        </p>
        <p className="mt-1 max-w-xl text-sm text-stone-600 dark:text-stone-400">
          {blamed.length === 0
            ? t('empty.togetherHint')
            : blamed.length === 1
              ? t('empty.hintOne')
              : t('empty.hintMany')}
        </p>
        <ul aria-label={t('empty.filters')} className="mt-4 flex max-w-full flex-wrap justify-center gap-2">
          {labels.map((l) => (
            <li key={l.filter} className="max-w-full">
              <button
                type="button"
                data-filter={l.filter}
                aria-label={t('empty.clear', { filter: l.label, count: count(l.filter) })}
                onClick={() => onChange(withoutSearchFilter(params, l.filter))}
                className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border border-stone-300 bg-stone-50 px-3 py-1.5 text-sm font-medium text-stone-800 hover:border-primary-400 hover:bg-primary-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100 dark:hover:bg-primary-900/40"
              >
                <X className="h-4 w-4 shrink-0" aria-hidden />
                <span className="min-w-0 truncate">{l.label}</span>
                {count(l.filter) > 0 && (
                  <span className="shrink-0 rounded-full bg-primary-100 px-2 text-xs font-semibold text-primary-900 dark:bg-primary-900 dark:text-primary-100">
                    {t('empty.count', { count: count(l.filter) })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {labels.length > 1 && (
          <Button className="mt-4" variant="outline" size="sm" onClick={clearAll}>
            {t('empty.clearAll')}
          </Button>
        )}
      </div>
      {nearest && (
        <section aria-labelledby={headingId} className="mt-8">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id={headingId} className="text-lg font-semibold">
              {t('empty.nearest', { filter: nearest.label, count: count(nearest.filter) })}
            </h2>
            {count(nearest.filter) > NEAREST && (
              <Button variant="ghost" size="sm" onClick={() => onChange(nearestParams)}>
                {t('empty.nearestAll', { count: count(nearest.filter) })}
              </Button>
            )}
          </div>
          <GuideGrid
            guides={results.data?.data}
            isLoading={results.isPending}
            isError={results.isError}
            onRetry={() => void results.refetch()}
            renderCard={renderCard}
            skeletonCount={NEAREST}
          />
        </section>
      )}
    </div>
  );
}
