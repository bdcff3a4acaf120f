import { BadgeCheck, CalendarCheck, Languages, MessagesSquare, Search, Wallet } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_CITIES } from '../../shared/cities';
import type { GuideSearchParams } from '../../shared/guide-search-query';
import { CityArt } from '../components/art/city-art';
import { ButtonLink } from '../components/ui/button';
import { useGuides, GuideGridSkeleton } from '../features/guides';
import { currentLocale } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { lazyPart } from '../lib/hydration';
import { useSession } from '../lib/session';
import { localName } from '../../shared/locales';

const HomeFeatured = lazyPart(() => import('./home-featured'));
const HomeSearch = lazyPart(() => import('./home-search'));
const HomeAttention = lazyPart(() => import('./home-attention'));

const FEATURED: GuideSearchParams = { services: [], page: 1, sort: 'recommended' };

// A guide-role user never gets here: the index route's loader redirects them to /guide.
export function Component() {
  const { t } = useTranslation(['home', 'common', 'search']);
  useDocumentTitle(undefined);
  const locale = currentLocale();
  const featured = useGuides(FEATURED, 8);
  // Null while the server's HTML hydrates (useSession's server snapshot): the list comes after, never in the SSR
  // markup.
  const session = useSession();
  const steps = [
    { key: 'find', icon: Search },
    { key: 'chat', icon: MessagesSquare },
    { key: 'book', icon: CalendarCheck },
  ] as const;
  const trust = [
    { key: 'verified', icon: BadgeCheck },
    { key: 'deposit', icon: Wallet },
    { key: 'bilingual', icon: Languages },
  ] as const;
  return (
    <>
      {session && (
        <div className="mx-auto max-w-6xl px-4">
          <Suspense fallback={null}>
            <HomeAttention />
          </Suspense>
        </div>
      )}
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-12 pt-10 md:grid-cols-2 md:pt-16">
        <div>
          <p className="text-sm font-medium text-accent-600 dark:text-accent-500">{t('hero.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight tracking-tight text-stone-900 sm:text-5xl dark:text-white">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-stone-600 dark:text-stone-300">{t('hero.body')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/help/how-it-works" variant="outline" size="lg">
              {t('hero.secondary')}
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-600 dark:text-stone-400">
            {trust.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-center gap-2">
                <Icon className="h-4 w-4 text-success-600" aria-hidden />
                {t(`trust.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        {/* A drawn picture (public/hero-illustration.svg): a file, not markup to hydrate; phones skip it. */}
        <img
          src="/hero-illustration.svg"
          alt=""
          width={480}
          height={360}
          loading="lazy"
          className="hidden h-auto w-full rounded-3xl shadow-soft md:block"
        />
      </section>

      <section className="mx-auto max-w-6xl px-4" aria-label={t('search:form.label')}>
        <Suspense fallback={<div className="min-h-48" aria-hidden />}>
          <HomeSearch />
        </Suspense>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="featured-title">
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-title" className="text-2xl font-semibold tracking-tight">
            {t('search:landing.featured')}
          </h2>
          <Link
            to="/search"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            <Search className="h-4 w-4" aria-hidden />
            {t('search:landing.seeAll')}
          </Link>
        </div>
        <div className="mt-6">
          <Suspense fallback={<GuideGridSkeleton count={8} />}>
            <HomeFeatured
              data={featured.data}
              isPending={featured.isPending}
              isError={featured.isError}
              onRetry={() => void featured.refetch()}
            />
          </Suspense>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-2xl font-semibold tracking-tight">
          {t('steps.title')}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, i) => (
            <li
              key={key}
              className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 shadow-soft dark:border-stone-800 dark:bg-stone-900"
            >
              <div className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-900/50 dark:text-primary-200">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="text-sm font-medium text-stone-500 dark:text-stone-400">{i + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="cities-title">
        <div className="flex items-end justify-between gap-4">
          <h2 id="cities-title" className="text-2xl font-semibold tracking-tight">
            {t('cities.title')}
          </h2>
          <Link
            to="/help/cities"
            className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {t('cities.all')}
          </Link>
        </div>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {SERVICE_CITIES.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/search?city=${c.slug}`}
                className="group block overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white shadow-soft transition hover:-translate-y-0.5 dark:border-stone-800 dark:bg-stone-900"
              >
                <CityArt slug={c.slug} className="aspect-[8/5] h-auto w-full" />
                <span className="block px-3 py-2 text-sm font-medium">{localName(c, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
