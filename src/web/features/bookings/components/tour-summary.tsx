import { CalendarDays, Clock, Hash, MapPin, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { currentLocale } from '../../../lib/i18n';
import { cityName, formatCalendarDate, durationText, hoursText, localName } from '../../../lib/format';
import { tourDates } from '../../../../shared/booking/tour-days';
import { TourTime } from '../../../components/ui/tour-time';

export interface TourInfo {
  guide: { userId: number; fullName: string; profilePicture: string | null; serviceCity: string };
  date: string;
  startTime: string;
  /** The start as a UTC instant, for the traveler's own time. */
  startsAt: string;
  timeZone: string;
  /** One day's hours, for several days. */
  hours: number;
  /** Consecutive days (decision 154); one when missing. */
  days?: number;
  /** Everyone on the tour; of them, children (3–11) and infants (under 3) when known (decision 152). */
  travelers: number;
  children?: number;
  infants?: number;
  service: { nameEn: string; nameCn: string; nameJa: string } | null;
  bookingNumber?: string;
}

/** A booking as the summary shows it (checkout of an existing booking, payment success). */
export function tourOfBooking(b: Booking): TourInfo {
  return {
    guide: b.guide,
    date: b.date,
    startTime: b.scheduledStartTime,
    startsAt: b.startsAt,
    timeZone: b.timeZone,
    hours: b.duration,
    days: b.days,
    travelers: b.travelers,
    children: b.children,
    infants: b.infants,
    service: b.subcategory,
    bookingNumber: b.bookingNumber,
  };
}

/** What is being booked: the guide, the day and time (Japan time, with the traveler's own), the group. */
export function TourSummary({ tour }: { tour: TourInfo }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const days = tour.days ?? 1;
  return (
    <div>
      <div className="flex items-center gap-3">
        <UserAvatar
          user={{
            id: tour.guide.userId,
            fullName: tour.guide.fullName,
            nickname: null,
            profilePicture: tour.guide.profilePicture,
          }}
          size={56}
        />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{tour.guide.fullName}</p>
          <p className="flex items-center gap-1 text-sm text-stone-600 dark:text-stone-400">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden />
            {cityName(tour.guide.serviceCity, locale)}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Item
          icon={<CalendarDays className="h-4 w-4" />}
          label={t('summary.date')}
          value={formatCalendarDate(tour.date, locale, { weekday: 'short' })}
        />
        <Item
          icon={<Clock className="h-4 w-4" />}
          label={t('summary.time')}
          value={<TourTime date={tour.date} start={tour.startTime} hours={tour.hours} timeZone={tour.timeZone} />}
        />
        <Item
          icon={<Clock className="h-4 w-4" />}
          label={t('summary.duration')}
          value={
            days > 1 ? t('price.days', { count: days, hours: hoursText(tour.hours) }) : durationText(tour.hours, locale)
          }
        />
        <Item
          icon={<Users className="h-4 w-4" />}
          label={t('summary.travelers')}
          value={t('people', { count: tour.travelers })}
        />
        <Item
          icon={<Sparkles className="h-4 w-4" />}
          label={t('summary.service')}
          value={tour.service ? localName(tour.service, locale) : t('summary.basicTour')}
        />
        {tour.bookingNumber && (
          <Item icon={<Hash className="h-4 w-4" />} label={t('summary.bookingNumber')} value={tour.bookingNumber} />
        )}
      </dl>
      {days > 1 && (
        // Every day of several (decision 154), each at the same start time.
        <ol aria-label={t('box.theDays')} className="mt-3 space-y-0.5 text-sm">
          {tourDates(tour.date, days).map((d, i) => (
            <li key={d}>{t('box.dayLine', { n: i + 1, date: formatCalendarDate(d, locale, { weekday: 'short' }) })}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Item({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
        <span aria-hidden>{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm text-stone-800 dark:text-stone-200">{value}</dd>
    </div>
  );
}
