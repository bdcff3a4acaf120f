import { ChevronLeft, ChevronRight, Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_GUIDES_PAGE_SIZE } from '../../../../shared/price-range';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { useSavedGuides } from '../api/get-saved-guides';

/**
 * The 'Saved Guides' tab body: spinner while loading, the trips error with Refresh,
 * an empty state with the next step, or the cards with pagination (6 per page).
 */
export function SavedGuidesPanel({
  query,
  page,
  onPage,
  renderCard,
}: {
  query: ReturnType<typeof useSavedGuides>;
  page: number;
  onPage: (page: number) => void;
  renderCard: (guide: GuideSummary) => ReactNode;
}) {
  const { t } = useTranslation('trips');
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div
        role="alert"
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-8 text-center dark:border-stone-800 dark:bg-stone-900"
      >
        <p className="text-lg font-semibold">{t('error.title')}</p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('error.body')}</p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          {t('error.refresh')}
        </Button>
      </div>
    );
  }
  const { data, total } = query.data;
  if (total === 0) {
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900">
        <Heart className="h-10 w-10 text-accent-500" aria-hidden />
        <p className="mt-3 text-lg font-semibold">{t('saved.empty')}</p>
        <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{t('saved.emptyHint')}</p>
        <ButtonLink to="/search" variant="primary" className="mt-5">
          {t('saved.find')}
        </ButtonLink>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / SAVED_GUIDES_PAGE_SIZE));
  return (
    <div>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {data.map((g) => (
          <li key={g.id}>{renderCard(g)}</li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="mt-8 flex items-center justify-center gap-3" aria-label={t('tabs.saved-guides')}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('saved.previous')}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <span className="text-sm tabular-nums text-stone-600 dark:text-stone-400">
            {page} / {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            aria-label={t('saved.next')}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}
