import { useTranslation } from 'react-i18next';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { endTime, viewerTime, zoneName } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';

/**
 * A tour's time as every card writes it (docs/rules/look-and-language.md): in the tour's zone first and
 * labelled — "10:00–13:00（日本时间）" — then, when the reader's own clock differs, their time in brackets
 * below it, with their date when that is another day: "（您当地时间 09:00）". Trip, booking, dashboard,
 * chat and checkout cards all use this one, so a tour reads the same wherever it appears.
 */
export function TourTime({
  date,
  start,
  hours,
  timeZone,
}: {
  date: string;
  start: string;
  hours?: number;
  timeZone: string;
}) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const zone = zoneName(timeZone, t('tourTime.japanTime'));
  const [h, m] = start.split(':').map(Number) as [number, number];
  const own = viewerTime(zonedTimeToUtc(date, h * 60 + m, timeZone).toISOString(), date, start, locale);
  return (
    <>
      <span data-testid="tour-time">
        {hours === undefined
          ? t('tourTime.at', { start, zone })
          : t('tourTime.range', { start, end: endTime(start, hours), zone })}
      </span>
      {own && (
        <span data-testid="tour-time-own" className="block text-xs font-normal text-stone-500 dark:text-stone-400">
          {own.date
            ? t('tourTime.yoursOn', { time: own.time, date: own.date })
            : t('tourTime.yours', { time: own.time })}
        </span>
      )}
    </>
  );
}
