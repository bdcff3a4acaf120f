import { CalendarDays, Clock, Phone, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { currentLocale } from '../../../lib/i18n';
import { formatCalendarDate, localName } from '../../../lib/format';
import { formatMoney } from '../../../../shared/money-format';
import { TourTime } from '../../../components/ui/tour-time';
import { daysUntil, statusKey } from '../lib/trips';
import { BookingCardHeader, Fact, GuideNet, TourDays, TravelerNotes } from './booking-card-parts';
import { ReschedulePanel } from './reschedule-panel';
import { FamilyFacts } from './family-facts';
import { ChangeAnswer } from './change-answer';
import { TourActions } from './tour-actions';
import { WeatherNotice } from './weather-notice';
import { NoShowReport } from './no-show-report';
import { BookingFeedback } from '../../reviews';
import { MeetingFact } from './meeting-fact';
import { HelpNow } from '../../support';
import { inHelpWindow } from '../../../../shared/booking/help-window';
import { groupText } from '../lib/group-text';
import { formatPhone } from '../../../../shared/phone-format';
import { tourLengthText } from '../../../../shared/booking/tour-length';

/**
 * An accepted tour on /guide-dashboard: the traveler, day and time in the guide's zone,
 * group, what was paid online and what is paid in person, what the guide receives (decision 175), the
 * guide's on-tour actions (confirm start on the day, approve or reject an extension, complete), and
 * "Help now" in the help window. The traveler's name, place and notes carry their language.
 */
export function GuideTourCard({ booking: b, now }: { booking: Booking; now: Date }) {
  const { t } = useTranslation(['tour', 'bookings', 'trips']);
  const locale = currentLocale();
  const days = daysUntil(b, now);
  const titleId = `tour-${b.id}`;
  // In the booking's currency, the guide's own (decision 164).
  const money = (minor: number) => formatMoney(minor, b.currency, locale);
  return (
    <article
      id={`booking-${b.id}`}
      aria-labelledby={titleId}
      className="scroll-mt-20 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <BookingCardHeader
        person={b.traveler}
        titleId={titleId}
        status={b.status}
        statusLabelKey={statusKey(b, now)}
        details={
          <p>
            <span className="tabular-nums">{b.bookingNumber}</span>
            {b.subcategory && <> · {localName(b.subcategory, locale)}</>}
            {/* Several days: the limit is a day's (decision 155), so the count shown is today's. */}
            {(b.days ?? 1) > 1
              ? (b.dayExtensionCount ?? 0) > 0 && <> · {t('extensionsCountToday', { count: b.dayExtensionCount })}</>
              : b.extensionCount > 0 && <> · {t('extensionsCount', { count: b.extensionCount })}</>}
          </p>
        }
      />
      {/* The guide's side of decision 132: the same window and sheet as the traveler's trip card. */}
      {inHelpWindow(b, now) && (
        <div className="mt-3">
          <HelpNow booking={b} side="guide" />
        </div>
      )}
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact icon={<CalendarDays className="h-4 w-4" />} label={t('bookings:summary.date')}>
          {formatCalendarDate(b.date, locale, { weekday: 'short' })}
          {days === 0 && (
            <span className="ml-2 font-semibold text-accent-700 dark:text-accent-100">
              {t('trips:countdown.today')}
            </span>
          )}
        </Fact>
        <Fact icon={<Clock className="h-4 w-4" />} label={t('bookings:summary.time')}>
          <TourTime date={b.date} start={b.scheduledStartTime} hours={b.duration} timeZone={b.timeZone} />
        </Fact>
        <TourDays booking={b} plans />
        <Fact icon={<Users className="h-4 w-4" />} label={t('bookings:requests.group')}>
          {t('bookings:requests.groupValue', {
            people: groupText(t, b),
            hours: tourLengthText(b.days, b.duration, locale),
          })}
        </Fact>
        {/* The traveler's verified number, sent by the server on the trip day only (decision 147), as the guide
            dials it in Japan, where the tours are: a Chinese number with its +86 (decision 195). */}
        {b.travelerPhone && (
          <Fact icon={<Phone className="h-4 w-4" />} label={t('bookings:travelerPhone')}>
            <a
              href={`tel:${b.travelerPhone}`}
              className="font-medium text-primary-700 underline tabular-nums dark:text-primary-300"
            >
              {formatPhone(b.travelerPhone, { dialledFrom: 'JP' })}
            </a>
          </Fact>
        )}
        {/* Where the family meets her, today's place on a tour of several days: as the family's card says. */}
        <MeetingFact booking={b} />
        {/* What the traveler wrote (a child's age, a stroller, the hotel): an instant booking skips the
            request card, so it is shown here too. */}
        <FamilyFacts booking={b} />
        <TravelerNotes notes={b.notes} lang={b.notesLanguage} label={t('bookings:requests.notes')} />
        <Fact label={t('trips:card.price')}>
          {money(b.totalPriceCents)}
          <span className="block text-xs text-stone-500 dark:text-stone-400">
            {t('bookings:requests.depositPaid', { amount: money(b.depositCents) })} ·{' '}
            {t('guide.travelerPaidBalance', { amount: money(b.balanceCents) })}
          </span>
          <GuideNet booking={b} className="mt-1" />
        </Fact>
      </dl>
      <WeatherNotice booking={b} side="guide" />
      <ReschedulePanel booking={b} side="guide" />
      <ChangeAnswer booking={b} />
      <TourActions booking={b} side="guide" isTourDay={days === 0} />
      <NoShowReport booking={b} side="guide" />

      {/* Extras: each feature mounts its own component here, one line each (e.g. the payment proof to verify). */}
      <div data-slot="tour-extras" className="mt-4 flex flex-wrap items-center gap-2 empty:hidden">
        <BookingFeedback booking={b} side="guide" />
      </div>
    </article>
  );
}
