import { BookOpen, Compass, Scale, Search, ShieldCheck, Users, X } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HELP_ARTICLES, HELP_GROUPS, searchArticles, useHelpArticles, type HelpGroup } from '../../features/help';
import { currentLocale } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HelpCta } from './help-cta';

const GROUP_ICONS: Record<HelpGroup, typeof Compass> = {
  travelers: Compass,
  guides: Users,
  policies: Scale,
  company: BookOpen,
};

const POPULAR = [
  { key: 'deposit', to: '/help/how-it-works#payment' },
  { key: 'refund', to: '/help/cancellation#tiers' },
  { key: 'verified', to: '/help/how-it-works#verification' },
  { key: 'emergency', to: '/help/safety#emergency' },
] as const;

/** /help: search over every article, the articles by group, and a way to reach the team. */
export function Component() {
  const { t } = useTranslation(['help', 'common']);
  const locale = currentLocale();
  const articles = useHelpArticles(locale);
  useDocumentTitle(t('common:routes.help'));
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const deferred = useDeferredValue(query);
  const hits = deferred.trim() ? searchArticles(Object.values(articles), deferred) : null;
  const pathOf = (slug: string) => HELP_ARTICLES.find((a) => a.slug === slug)!.path;

  const setQuery = (q: string) => setParams(q ? { q } : {}, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-medium text-accent-600 dark:text-accent-500">{t('index.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-white">
          {t('common:routes.help')}
        </h1>
        <p className="mt-3 text-lg text-stone-600 dark:text-stone-300">{t('index.intro')}</p>
      </header>

      <div className="mt-8 max-w-3xl" role="search">
        <label htmlFor="help-search" className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {t('search.label')}
        </label>
        <div className="relative mt-2">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            id="help-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            className="h-12 w-full rounded-xl border border-stone-300 bg-white pl-10 pr-12 text-base shadow-soft dark:border-stone-700 dark:bg-stone-900"
          />
          {query && (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('search.clear')}
              className="absolute right-2 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          )}
        </div>
      </div>

      {hits ? (
        <section aria-labelledby="results-title" className="mt-6 max-w-3xl">
          <h2 id="results-title" className="text-sm font-medium text-stone-600 dark:text-stone-400" aria-live="polite">
            {hits.length ? t('search.results', { count: hits.length }) : t('search.none', { query: deferred.trim() })}
          </h2>
          {hits.length > 0 ? (
            <ul className="mt-3 space-y-3">
              {hits.map((h) => (
                <li key={h.slug}>
                  <Link
                    to={pathOf(h.slug)}
                    className="block rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 hover:border-primary-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-primary-700"
                  >
                    <span className="font-semibold text-stone-900 dark:text-white">
                      {articles[h.slug as keyof typeof articles].title}
                    </span>
                    <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">
                      {h.snippet.map((part, i) =>
                        part.match ? (
                          <mark key={i} className="rounded bg-warning-500/25 px-0.5 text-inherit">
                            {part.text}
                          </mark>
                        ) : (
                          <span key={i}>{part.text}</span>
                        ),
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-3 max-w-md">
              <p className="text-sm text-stone-600 dark:text-stone-400">{t('search.noneHint')}</p>
              <HelpCta className="mt-4" />
            </div>
          )}
        </section>
      ) : (
        <>
          <section aria-labelledby="popular-title" className="mt-10">
            <h2 id="popular-title" className="text-xl font-semibold tracking-tight">
              {t('index.popular')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {POPULAR.map((p) => (
                <li key={p.key}>
                  <Link
                    to={p.to}
                    className="flex items-center gap-3 rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 font-medium hover:border-primary-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-primary-700"
                  >
                    <ShieldCheck className="h-5 w-5 shrink-0 text-success-600" aria-hidden />
                    {t(`popularQuestions.${p.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_17rem]">
            <div className="space-y-10">
              {HELP_GROUPS.map((group) => {
                const Icon = GROUP_ICONS[group];
                return (
                  <section key={group} aria-labelledby={`group-${group}`}>
                    <h2 id={`group-${group}`} className="flex items-center gap-2 text-xl font-semibold tracking-tight">
                      <Icon className="h-5 w-5 text-primary-600 dark:text-primary-300" aria-hidden />
                      {t(`groups.${group}`)}
                    </h2>
                    <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                      {HELP_ARTICLES.filter((a) => a.group === group).map((a) => (
                        <li key={a.slug}>
                          <Link
                            to={a.path}
                            className="block h-full rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 shadow-soft hover:border-primary-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-primary-700"
                          >
                            <span className="font-semibold text-stone-900 dark:text-white">
                              {articles[a.slug].title}
                            </span>
                            <span className="mt-1 line-clamp-3 block text-sm text-stone-600 dark:text-stone-400">
                              {articles[a.slug].lead}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
            <aside>
              <HelpCta className="lg:sticky lg:top-24" />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
