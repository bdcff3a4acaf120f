import { CalendarClock, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/availability';
import { dateRangeText, spanText } from '../../../shared/booking/span-text';
import type { Locale } from '../../../shared/locales';
import type { OverviewTour } from '../../../shared/schemas/guide-overview';
import { UserAvatar } from '../../components/ui/user-avatar';
import { TourTime } from '../../components/ui/tour-time';
import { tourLengthText } from '../../../shared/booking/tour-length';
import { currentLocale } from '../../lib/i18n';
import { GuideNet, StatusBadge } from '../bookings';
import { htmlLang } from '../../components/ui/machine-translated';
import { monthDay, shortDay, weekdayText } from './format';

export const muted = 'text-stone-600 dark:text-stone-400';

/**
 * One tour of the week on the guide's landing page: its first day, its hours, every day of a span, the
 * traveler (the name marked with its language) and what the guide receives for it (decision 175).
 */
export function TourItem({ tour, today }: { tour: OverviewTour; today: string }) {
  const { t } = useTranslation(['guideOverview', 'bookings']);
  const locale = currentLocale();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="w-16 shrink-0">
          <p className="text-sm font-semibold">
            {tour.date === today ? t('week.today') : weekdayText(tour.date, locale)}
          </p>
          <p className={`text-xs tabular-nums ${muted}`}>{monthDay(tour.date, locale)}</p>
        </div>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-sm font-medium tabular-nums">
            <CalendarClock className="h-4 w-4 shrink-0 text-primary-600 dark:text-primary-300" aria-hidden />
            <span className="min-w-0">
              <TourTime
                date={tour.date}
                start={tour.scheduledStartTime}
                hours={tour.duration}
                timeZone={tour.timeZone}
              />
            </span>
          </p>
          {/* Several days (decision 154): every day of the span, not only the first. */}
          {(tour.days ?? 1) > 1 && (
            <p className={`mt-1 text-xs tabular-nums ${muted}`} data-testid="tour-span">
              {spanText(tour.date, tour.days!, locale, { withYear: false })}
            </p>
          )}
          <p className="mt-1.5 flex min-w-0 items-center gap-2 text-sm">
            <UserAvatar
              user={{
                id: tour.traveler.id,
                fullName: tour.traveler.fullName,
                nickname: null,
                profilePicture: tour.traveler.profilePicture,
              }}
              size={24}
            />
            <span className="truncate font-medium" lang={htmlLang(tour.traveler.nameLanguage)}>
              {tour.traveler.fullName}
            </span>
          </p>
          <p className={`mt-1 flex flex-wrap items-center gap-x-2 text-xs ${muted}`}>
            <span className="inline-flex items-center gap-1">
              <Users className="h-3.5 w-3.5" aria-hidden />
              {t('week.people', { count: tour.travelers })}
            </span>
            <span aria-hidden>·</span>
            <span>{tourLengthText(tour.days, tour.duration, locale)}</span>
            <span aria-hidden>·</span>
            <span className="tabular-nums">{tour.bookingNumber}</span>
          </p>
          <GuideNet booking={tour} className="mt-1 text-sm" />
        </div>
      </div>
      <div className="pl-[4.75rem] sm:pl-0">
        <StatusBadge status={tour.status} />
      </div>
    </li>
  );
}

/** A tour's day, or for several days all of them: "Sat, Dec 12" / "Dec 12–14". */
export function tourDaysText(tour: Pick<OverviewTour, 'date' | 'days'>, locale: Locale): string {
  const days = tour.days ?? 1;
  return days > 1
    ? dateRangeText(tour.date, addDays(tour.date, days - 1), locale, { withYear: false })
    : shortDay(tour.date, locale);
}
