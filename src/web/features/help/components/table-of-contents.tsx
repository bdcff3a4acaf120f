import { useTranslation } from 'react-i18next';

/** Links to the article's sections (long articles only). */
export function TableOfContents({ items }: { items: { id: string; text: string }[] }) {
  const { t } = useTranslation('help');
  return (
    <nav
      aria-labelledby="toc-title"
      className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="toc-title" className="text-sm font-semibold text-stone-900 dark:text-white">
        {t('article.toc')}
      </h2>
      <ol className="mt-2 space-y-1 text-sm">
        {items.map((h) => (
          <li key={h.id}>
            <a
              href={`#${h.id}`}
              className="block rounded py-1 text-stone-600 hover:text-primary-700 dark:text-stone-400 dark:hover:text-primary-300"
            >
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
