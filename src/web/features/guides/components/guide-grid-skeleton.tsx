import { useTranslation } from 'react-i18next';

/** Equal-height cards: 1 column on phones, 2 on small tablets, 3–4 on desktop (docs/rules/look-and-language.md). */
export const gridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function GuideGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation('guides');
  return (
    <div role="status" aria-label={t('grid.loading')}>
      <ul className={gridClass} aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          <li
            key={i}
            className="overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
          >
            <div className="aspect-[4/3] animate-pulse bg-stone-200 dark:bg-stone-800" />
            <div className="space-y-3 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200 dark:bg-stone-800" />
              <div className="h-3 w-full animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
              <div className="h-3 w-5/6 animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
              <div className="h-8 w-full animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
