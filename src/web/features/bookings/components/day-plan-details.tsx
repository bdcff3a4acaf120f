import { useTranslation } from 'react-i18next';
import type { DayPlan } from '../../../../shared/schemas/booking-family';
import { htmlLang } from '../../../components/ui/machine-translated';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { MeetingPlace } from '../../meeting-points';

/**
 * What a day of several holds (decisions 178, 179): the time to meet, the day's place in the reader's
 * language with its map links and its own "Show the driver" card naming the day, and the day's plan,
 * each marked with the language it was written in. Nothing for a day with nothing agreed.
 */
export function DayPlanDetails({
  plan: p,
  timeZoneNote,
  place = true,
}: {
  plan: DayPlan;
  timeZoneNote: string;
  /** false: the time and the plan alone (a tour of one day, whose place is the booking's meeting point). */
  place?: boolean;
}) {
  const { t } = useTranslation('trips');
  const locale = currentLocale();
  if (!(place && p.meetingAddress) && !p.startTime && !p.plan) return null;
  const day = t('card.dayPlan.driverDay', {
    n: p.day,
    date: formatCalendarDate(p.date, locale, { weekday: 'short', year: undefined }),
  });
  return (
    <div
      className="mt-1 space-y-0.5 border-l-2 border-primary-100 pl-3 text-sm dark:border-primary-900"
      data-testid={`day-plan-${p.day}`}
    >
      {p.startTime && (
        <p className="font-medium">{t('card.dayPlan.meetAt', { time: p.startTime, zone: timeZoneNote })}</p>
      )}
      {!place ? null : p.meetingAddress ? (
        <MeetingPlace
          place={p}
          lang={p.meetingAddressLanguage}
          driver
          driverDay={p.startTime ? `${day} · ${p.startTime}` : day}
        />
      ) : (
        <p className="text-stone-500 dark:text-stone-400">{t('card.dayPlan.noPlace')}</p>
      )}
      {p.plan && (
        <p
          className="whitespace-pre-line break-words text-stone-700 dark:text-stone-300"
          lang={p.planLanguage && htmlLang(p.planLanguage)}
        >
          {p.plan}
        </p>
      )}
    </div>
  );
}
