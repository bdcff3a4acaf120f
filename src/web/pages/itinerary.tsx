import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { MachineTranslated } from '../components/ui/machine-translated';
import { useItinerary, GuidePhoto, WrittenIn } from '../features/guides';
import { BesideText } from '../components/ui/beside-text';
import { bracketed, cityName } from '../lib/format';
import { ApiError } from '../lib/api-client';
import { currentLocale } from '../lib/i18n';
import { usePriceText } from '../lib/prices';
import { markNotFound } from '../lib/server-context';
import { useDocumentTitle } from '../lib/use-document-title';
import { ShopStopsList } from '../components/ui/shop-stops';

/**
 * /itinerary/{id}: a guide's sample day plan with its stops, and the guide's price as the cards show it (decision 168).
 */
export function Component() {
  const { t } = useTranslation(['guides', 'common']);
  const locale = currentLocale();
  const id = Number(useParams().id);
  const query = useItinerary(id);
  const { price } = usePriceText();
  useDocumentTitle(query.data ? (query.data.titleTranslated?.text ?? query.data.title) : t('common:routes.itinerary'));

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    markNotFound();
    return (
      <PageMessage
        title={t('itinerary.notFound')}
        action={
          <ButtonLink to="/search" variant="primary">
            {t('profile.findOthers')}
          </ButtonLink>
        }
      />
    );
  }
  if (query.isError) return <LoadFailed title={t('itinerary.error')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner />;
  const it = query.data;
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-8">
      <p className="inline-flex items-center gap-1 text-sm text-stone-500 dark:text-stone-400">
        <MapPin className="h-4 w-4" aria-hidden />
        {cityName(it.guide.serviceCity, locale)}
        <span aria-hidden>·</span>
        <Clock className="h-4 w-4" aria-hidden />
        {t('itinerary.duration', { count: it.durationHours })}
      </p>
      <div className="mt-2">
        <MachineTranslated
          as="h1"
          original={it.title}
          originalLanguage={it.language}
          translated={it.titleTranslated}
          translation={it.translation}
          className="text-3xl font-bold tracking-tight"
        />
      </div>
      <WrittenIn language={it.language} className="mt-2" />
      <div className="mt-3">
        <MachineTranslated
          original={it.summary}
          originalLanguage={it.language}
          translated={it.summaryTranslated}
          className="text-lg text-stone-600 dark:text-stone-300"
        />
      </div>

      <h2 className="mt-10 text-lg font-semibold">{t('itinerary.plan')}</h2>
      <ol className="relative mt-4 space-y-6 border-l-2 border-primary-200 pl-6 dark:border-primary-800">
        {it.stops.map((s, i) => (
          <li key={i} className="relative">
            <span
              className="absolute -left-[33px] top-0.5 flex h-4 w-4 items-center justify-center rounded-full border-2 border-primary-600 bg-white dark:bg-stone-950"
              aria-hidden
            />
            <p className="text-sm font-semibold tabular-nums text-primary-700 dark:text-primary-300">
              {s.time}
              <span className="font-normal text-stone-500 dark:text-stone-400">
                {bracketed(t('profile.japanTime'), locale)}
              </span>
            </p>
            <div className="mt-0.5">
              <MachineTranslated
                original={s.title}
                originalLanguage={it.language}
                translated={s.titleTranslated}
                className="font-semibold"
              />
            </div>
            <div className="mt-1">
              <MachineTranslated
                original={s.description}
                originalLanguage={it.language}
                translated={s.descriptionTranslated}
                className="text-sm text-stone-600 dark:text-stone-400"
              />
            </div>
          </li>
        ))}
      </ol>

      <ShopStopsList stops={it.shopStops} className="mt-8 rounded-lg bg-stone-50 p-4 text-sm dark:bg-stone-900" />

      <div className="mt-10 flex flex-col items-start gap-4 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft sm:flex-row sm:items-center dark:border-stone-800 dark:bg-stone-900">
        <GuidePhoto
          src={it.guide.profilePicture}
          alt={t('card.photoAlt', { name: it.guide.fullName })}
          size={64}
          className="h-16 w-16 rounded-full"
        />
        <div className="flex-1">
          <p className="font-semibold">{t('itinerary.with', { name: it.guide.fullName })}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <BesideText
              text={t('price.perHourPrice', { price: price(it.guide.basicPricePerHourCents, it.guide.currency) })}
            />
          </p>
        </div>
        <ButtonLink to={`/guides/${it.guide.id}`} variant="primary">
          {t('itinerary.viewGuide')}
        </ButtonLink>
      </div>
    </article>
  );
}
