import { CarTaxiFront, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { mapLinks, type MapPlace } from '../../../shared/map-links';
import { driverCardOf, placeForReader } from '../../../shared/meeting-points';
import type { TextLanguage } from '../../../shared/guide-texts';
import { htmlLang } from '../../components/ui/machine-translated';
import { currentLocale } from '../../lib/i18n';
import { cn } from '../../lib/cn';
import { DriverCard } from './driver-card';

/**
 * A meeting point as the trip cards show it (decision 094): 〒postal code and address, and links that
 * open it in three map providers, the reader's usual one first (decision 103: Amap for Chinese
 * readers, since Google Maps does not load in mainland China). A place chosen from the list reads in
 * the reader's language, its Japanese address marked Japanese, with the words it was booked under
 * beside when they differ (`placeForReader`, decision 175); a typed one as written, marked with
 * `lang`, the language the server told for it. With `driver`, a "Show the driver" button opens the
 * place's Japanese name and address full screen. Renders `fallback` when there is no address yet.
 * Only phrasing content: checkout puts it inside a paragraph.
 */
export function MeetingPlace({
  place,
  fallback = null,
  driver = false,
  driverDay,
  lang,
}: {
  place: MapPlace;
  fallback?: React.ReactNode;
  driver?: boolean;
  /** The day the driver card's place is for, on a tour of several days (decision 179). */
  driverDay?: string;
  lang?: TextLanguage;
}) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  if (!place.meetingAddress?.trim()) return <>{fallback}</>;
  const links = mapLinks(place, locale);
  const card = driver ? driverCardOf(place) : null;
  const shown = placeForReader(place, locale);
  const postal = place.meetingPostalCode ? `〒${place.meetingPostalCode} ` : '';
  const label = shown.kind === 'listed' ? `${shown.name} · ${shown.addressJa}` : shown.text;
  const written = shown.kind === 'listed' ? shown.asWritten : null;
  const writtenLang = written?.locale ?? (lang && htmlLang(lang));
  return (
    <span className="block min-w-0 break-words">
      {shown.kind === 'listed' ? (
        <span data-testid="meeting-place">
          {postal}
          {shown.name} · <span lang="ja">{shown.addressJa}</span>
        </span>
      ) : (
        <span data-testid="meeting-place" lang={lang && htmlLang(lang)}>
          {postal}
          {shown.text}
        </span>
      )}
      {written && (
        <span className="block text-xs text-stone-500 dark:text-stone-400" data-testid="meeting-as-written">
          {t('meetingPoint.asWritten')} <span lang={writtenLang}>{written.text}</span>
        </span>
      )}
      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="meeting-map-links">
        {links.map(({ provider, url }, i) => (
          <a
            key={provider}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('meetingPoint.mapLabel', { place: label, provider: t(`meetingPoint.provider.${provider}`) })}
            className={cn(
              'inline-flex items-center gap-1 whitespace-nowrap underline-offset-2 hover:underline',
              i === 0 ? 'font-medium text-primary-700 dark:text-primary-300' : 'text-stone-600 dark:text-stone-400',
            )}
            data-provider={provider}
            data-testid={i === 0 ? 'meeting-map-link' : undefined}
          >
            {t(`meetingPoint.provider.${provider}`)}
            {i === 0 && <ExternalLink className="h-3.5 w-3.5" aria-hidden />}
          </a>
        ))}
        {card && (
          <DriverCard
            card={card}
            day={driverDay}
            trigger={
              <button
                type="button"
                className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-stone-300 px-2.5 py-0.5 font-medium text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800"
              >
                <CarTaxiFront className="h-3.5 w-3.5" aria-hidden />
                {t('meetingPoint.driver.open')}
              </button>
            }
          />
        )}
      </span>
    </span>
  );
}
