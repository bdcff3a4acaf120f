import { ChevronRight } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SERVICE_CITIES } from '../../../shared/cities';
import { CURRENT_LEGAL_VERSIONS } from '../../../shared/legal/documents';
import type { Locale } from '../../../shared/locales';
import { CityArt } from '../../components/art/city-art';
import { ArticleBody, articleForPath, HELP_ARTICLES, TableOfContents, useHelpArticles } from '../../features/help';
import { formatCalendarDate, localName } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactOptions } from './contact-options';
import { HelpCta } from './help-cta';

/**
 * One help or legal article (every /help/* page but the index, and /terms, /privacy, /privacy/cross-border,
 * /privacy/sensitive-data).
 */
export function Component() {
  const { t } = useTranslation(['help', 'common']);
  const { pathname, hash } = useLocation();
  const locale = currentLocale();
  const articles = useHelpArticles(locale);
  const meta = articleForPath(pathname) ?? HELP_ARTICLES[0];
  const article = articles[meta.slug];
  useDocumentTitle(article.title);
  // A link to a section (/help/cancellation#tiers) lands on it once the article has rendered.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, meta.slug]);

  const afterHeading = meta.slug === 'cities' ? cityPicture(locale, t) : undefined;
  const related = HELP_ARTICLES.filter((a) => a.group === meta.group && a.slug !== meta.slug);
  const hasToc = article.toc.length >= 3;
  // A legal document says which version the reader sees and since when it applies (decision 123).
  const legal = 'legal' in meta ? CURRENT_LEGAL_VERSIONS[meta.legal] : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <nav aria-label={t('article.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-stone-500 dark:text-stone-400">
          <li>
            <Link to="/help" className="hover:text-primary-700 dark:hover:text-primary-300">
              {t('common:routes.help')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="h-4 w-4" />
          </li>
          <li aria-current="page" className="text-stone-700 dark:text-stone-300">
            {t(`common:${meta.nameKey}`)}
          </li>
        </ol>
      </nav>

      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-12">
        <article className="min-w-0 max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-white">
            {article.title}
          </h1>
          {legal && (
            <p className="mt-3 text-sm text-stone-500 dark:text-stone-400" data-testid="legal-version">
              {t('article.version', {
                version: legal.version,
                date: formatCalendarDate(legal.effectiveDate, locale, { month: 'long' }),
              })}
            </p>
          )}
          {article.lead && <p className="mt-4 text-lg text-stone-600 dark:text-stone-300">{article.lead}</p>}
          {hasToc && (
            <div className="mt-6 lg:hidden">
              <TableOfContents items={article.toc} />
            </div>
          )}
          {meta.slug === 'contact' && <ContactOptions />}
          <ArticleBody blocks={article.blocks} afterHeading={afterHeading} />
        </article>
        <aside className="mt-10 lg:mt-0">
          <div className="space-y-6 lg:sticky lg:top-24">
            {hasToc && (
              <div className="hidden lg:block">
                <TableOfContents items={article.toc} />
              </div>
            )}
            {meta.slug !== 'contact' && <HelpCta />}
          </div>
        </aside>
      </div>

      <nav aria-labelledby="more-title" className="mt-14 border-t border-stone-200 pt-8 dark:border-stone-800">
        <h2 id="more-title" className="text-lg font-semibold">
          {t('article.more')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {related.map((a) => (
            <li key={a.slug}>
              <Link
                to={a.path}
                className="block rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 hover:border-primary-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-primary-700"
              >
                <span className="font-medium text-stone-900 dark:text-white">{articles[a.slug].title}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-stone-600 dark:text-stone-400">
                  {articles[a.slug].lead}
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/help"
              className="flex h-full items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 p-4 font-medium text-primary-700 hover:border-primary-400 dark:border-stone-700 dark:text-primary-300"
            >
              {t('article.all')}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function cityPicture(locale: Locale, t: (k: string, o?: Record<string, string>) => string) {
  return function CityPicture(id: string): ReactNode {
    const city = SERVICE_CITIES.find((c) => c.slug === id);
    if (!city) return null;
    const name = localName(city, locale);
    return (
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <CityArt slug={city.slug} className="aspect-[8/5] h-auto w-full max-w-56 rounded-[var(--radius-card)]" />
        <Link
          to={`/search?city=${city.slug}`}
          className="text-sm font-medium text-primary-700 underline decoration-primary-300 underline-offset-2 dark:text-primary-300"
        >
          {t('cities.find', { city: name })}
        </Link>
      </div>
    );
  };
}
