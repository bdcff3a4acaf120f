import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { Button } from '../../../components/ui/button';
import { useFailureToast } from '../../../lib/use-failure-toast';

import { GuideGridSkeleton, gridClass } from './guide-grid-skeleton';

export { gridClass };

/** The four states of a list of guides: loading, error (with retry), empty (its fixed text), ready. */
export function GuideGrid({
  guides,
  isLoading,
  isError,
  onRetry,
  renderCard,
  skeletonCount,
  emptyAction,
  empty,
}: {
  guides: GuideSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  renderCard: (guide: GuideSummary, index: number) => ReactNode;
  skeletonCount?: number;
  emptyAction?: ReactNode;
  /** Replaces the whole empty state (a search names the filters that emptied it: decision 104). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation('guides');
  useFailureToast(isError, t('grid.error'));
  if (isLoading) return <GuideGridSkeleton count={skeletonCount} />;
  if (isError) {
    return (
      <div
        role="alert"
        className="rounded-[var(--radius-card)] border border-danger-600/30 bg-white p-8 text-center dark:bg-stone-900"
      >
        <p className="font-semibold">{t('states.error', { ns: 'common' })}</p>
        <Button className="mt-4" variant="outline" onClick={onRetry}>
          {t('grid.retry')}
        </Button>
      </div>
    );
  }
  if (!guides || guides.length === 0) {
    if (empty) return empty;
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900">
        <SearchX className="h-10 w-10 text-stone-400" aria-hidden />
        <p className="mt-3 text-lg font-semibold">{t('grid.empty')}</p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('grid.emptyHint')}</p>
        {emptyAction && <div className="mt-5">{emptyAction}</div>}
      </div>
    );
  }
  return (
    <ul className={gridClass}>
      {guides.map((g, i) => (
        <li key={g.id}>{renderCard(g, i)}</li>
      ))}
    </ul>
  );
}
