import { CalendarRange, StickyNote } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import { zonedClockTime } from '../../../../shared/booking/schedule';
import type { Booking } from '../../../../shared/schemas/bookings';
import { TourTime } from '../../../components/ui/tour-time';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, zoneName } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { formatMoney } from '../../../../shared/money-format';
import type { TextLanguage } from '../../../../shared/guide-texts';
import { htmlLang } from '../../../components/ui/machine-translated';
import { DayPlanDetails } from './day-plan-details';
import { StatusBadge } from './status-badge';

/**
 * The top of every booking card (a traveler's trip, a guide's request or tour): the other side's
 * avatar and name as the card's heading (marked with the language the server told for the name,
 * decision 175), the status when the card shows one, a line of details under the name, and an
 * optional piece on the right (a chat button, the price).
 */
export function BookingCardHeader({
  person,
  titleId,
  status,
  statusLabelKey,
  details,
  aside,
  asideBelowOnPhone,
}: {
  person: { id: number; fullName: string; profilePicture: string | null; nameLanguage?: TextLanguage };
  titleId: string;
  status?: BookingStatus;
  statusLabelKey?: string;
  details: ReactNode;
  aside?: ReactNode;
  /** The aside on a line of its own below a phone's narrow header (a price beside the name would cut it). */
  asideBelowOnPhone?: boolean;
}) {
  return (
    <div className={cn('flex items-start gap-3', asideBelowOnPhone && 'flex-wrap sm:flex-nowrap')}>
      <UserAvatar user={{ ...person, nickname: null }} size={48} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h3
            id={titleId}
            className="truncate text-base font-semibold"
            lang={person.nameLanguage && htmlLang(person.nameLanguage)}
          >
            {person.fullName}
          </h3>
          {status && <StatusBadge status={status} labelKey={statusLabelKey} />}
        </div>
        <div className="text-sm text-stone-600 dark:text-stone-400">{details}</div>
      </div>
      {asideBelowOnPhone ? <div className="w-full sm:w-auto">{aside}</div> : aside}
    </div>
  );
}

/** One labelled fact of a booking card's details list (`wide` spans both columns). */
export function Fact({
  icon,
  label,
  children,
  wide,
}: {
  icon?: ReactNode;
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
        {icon && <span aria-hidden>{icon}</span>}
        {label}
      </dt>
      <dd className="mt-0.5 text-stone-800 dark:text-stone-200">{children}</dd>
    </div>
  );
}

/**
 * What the traveler wrote with the booking (a child's age, a stroller, the hotel), when they wrote
 * anything, marked with the language the server told for it (`notesLanguage`, decision 175).
 */
export function TravelerNotes({
  notes,
  label,
  lang,
}: {
  notes: string | null | undefined;
  label: string;
  lang?: TextLanguage;
}) {
  if (!notes) return null;
  return (
    <Fact icon={<StickyNote className="h-4 w-4" />} label={label} wide>
      <span className="whitespace-pre-line break-words" lang={lang && htmlLang(lang)}>
        {notes}
      </span>
    </Fact>
  );
}

/**
 * What the guide receives for the tour (decision 175): the server's figure, in the booking's currency
 * (hers), sent only in her own view; nothing without it. Once completed, what she earned.
 */
export function GuideNet({
  booking: b,
  className,
}: {
  booking: Pick<Booking, 'guideNetCents' | 'currency' | 'status'>;
  className?: string;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  if (b.guideNetCents == null) return null;
  return (
    <span className={cn('block', className)} data-testid="guide-net">
      <span className="font-semibold text-primary-800 tabular-nums dark:text-primary-200">
        {t(b.status === 'completed' ? 'net.earned' : 'net.expected', {
          amount: formatMoney(b.guideNetCents, b.currency, locale),
        })}
      </span>
      <span className="block text-xs text-stone-500 dark:text-stone-400">{t('net.note')}</span>
    </span>
  );
}

/**
 * Every day of a booking of several days (decision 154), each with its hours as every card writes a
 * tour's time; nothing for a tour of one day. The trip card kept offline (decision 095) lists them too.
 * Each day's start is its own (day 1 may start later than the others after a same-day replacement,
 * decision 140 amended). With `plans`, each day's time to meet, place and plan under it (decision 179), and for a
 * tour of one day its time to meet and plan alone.
 */
export function TourDays({
  booking: b,
  plans = false,
}: {
  booking: Pick<Booking, 'days' | 'schedule' | 'timeZone' | 'dayPlans'>;
  plans?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const one = b.dayPlans?.find((p) => p.day === 1);
  // A tour of one day has no list of days, but its day's time to meet and plan are shown all the same; its place is
  // the booking's meeting point, shown above.
  if ((b.days ?? 1) <= 1 && plans && one && (one.startTime || one.plan))
    return (
      <Fact icon={<CalendarRange className="h-4 w-4" />} label={t('box.dayPlan')} wide>
        <DayPlanDetails plan={one} timeZoneNote={zoneName(b.timeZone, t('japanTime'))} place={false} />
      </Fact>
    );
  if (!b.schedule || b.schedule.length < 2) return null;
  return (
    <Fact icon={<CalendarRange className="h-4 w-4" />} label={t('box.daysOption', { count: b.schedule.length })} wide>
      <ol className="space-y-1">
        {b.schedule.map((d, i) => (
          <li key={d.date}>
            <span className="font-medium">
              {t('box.dayLine', { n: i + 1, date: formatCalendarDate(d.date, locale, { weekday: 'short' }) })}
            </span>{' '}
            <TourDayTime day={d} timeZone={b.timeZone} />
            {plans && b.dayPlans?.[i] && (
              <DayPlanDetails plan={b.dayPlans[i]} timeZoneNote={zoneName(b.timeZone, t('japanTime'))} />
            )}
          </li>
        ))}
      </ol>
    </Fact>
  );
}

/** One day of a tour with its own start and hours, as `TourTime` writes a tour's time. */
export function TourDayTime({ day, timeZone }: { day: NonNullable<Booking['schedule']>[number]; timeZone: string }) {
  return (
    <TourTime
      date={day.date}
      start={zonedClockTime(new Date(day.startsAt), timeZone)}
      hours={(Date.parse(day.endsAt) - Date.parse(day.startsAt)) / 3_600_000}
      timeZone={timeZone}
    />
  );
}
