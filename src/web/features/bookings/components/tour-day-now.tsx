import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { TourDayTime } from './booking-card-parts';

/**
 * On tour over several days (decision 155): which day it is now ("Day 2 of 3", the server's
 * `currentDay`) and that day's own hours, extensions on it included; nothing for a tour of one day.
 */
export function TourDayNow({
  booking: b,
}: {
  booking: Pick<Booking, 'days' | 'currentDay' | 'schedule' | 'timeZone'>;
}) {
  const { t } = useTranslation('tour');
  const day = b.schedule?.[(b.currentDay ?? 1) - 1];
  if (!b.days || b.days < 2 || !day) return null;
  return (
    <p className="mb-3 flex items-start gap-2 text-sm text-stone-800 dark:text-stone-200" data-testid="tour-day-now">
      <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-primary-700 dark:text-primary-300" aria-hidden />
      <span>
        <span className="font-semibold">{t('onTourDay', { n: b.currentDay ?? 1, count: b.days })}</span>{' '}
        <TourDayTime day={day} timeZone={b.timeZone} />
      </span>
    </p>
  );
}
