import { CalendarDays, Clock, Hourglass, LifeBuoy, MapPin, Timer, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Booking } from '../../../../shared/schemas/bookings';
import { CANCEL_REASON_CODES } from '../../../../shared/schemas/booking-answers';
import { Button, ButtonLink } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { cityName, formatCalendarDate, formatDeadline, durationText, localName } from '../../../lib/format';
import { TourTime } from '../../../components/ui/tour-time';
import { COUNTDOWN_DAYS, daysUntil, statusKey, tourPhase } from '../lib/trips';
import { BookingCardHeader, Fact, TourDays } from './booking-card-parts';
import { CancelDialog } from './cancel-dialog';
import { refundedText, TripMoney } from './trip-money';
import { creditValues } from './credit-note';
import { BookingPdfLink } from '../../booking-pdf';
import { ReceiptsLink } from '../../receipts';
import { BookingFeedback } from '../../reviews';
import { PaymentProofBadge } from '../../payment-proofs';
import { ReschedulePanel } from './reschedule-panel';
import { TripChangePanel } from './trip-change-panel';
import { TourActions } from './tour-actions';
import { WeatherNotice } from './weather-notice';
import { MeetingFact } from './meeting-fact';
import { NoShowReport } from './no-show-report';
import { ReplacementPanel, ReplacementWaiting } from './replacement-panel';
import { HelpNow } from '../../support';
import { inHelpWindow } from '../../../../shared/booking/help-window';
import { groupText } from '../lib/group-text';
import { tourLengthText } from '../../../../shared/booking/tour-length';

/**
 * One trip on /dashboard: guide, day and time (Japan time, with the traveler's own), group, price,
 * a countdown for an upcoming trip within 7 days, and the traveler's actions of docs/rules/booking-lifecycle.md as the
 * server's state machine allows them ('Continue Payment', the waiting text, 'Cancel', and on the tour
 * day and during it the on-tour actions of TourActions). Other features mount their own piece in the
 * card's extras area at the end: one line each (payment proof badge, review and dispute buttons, PDF link).
 */
/** `chatSlot`: the page's chat button for this trip's guide (floating chat window). */
export function TripCard({
  booking: b,
  now,
  onContactSupport,
  chatSlot,
}: {
  booking: Booking;
  now: Date;
  onContactSupport: () => void;
  chatSlot?: ReactNode;
}) {
  const { t } = useTranslation(['trips', 'bookings']);
  const locale = currentLocale();
  const [cancelling, setCancelling] = useState(false);
  const days = daysUntil(b, now);
  // A deadline is dated and on the tour's clock, like the tour it belongs to (never a bare "10:00").
  const deadline = (iso: string) => formatDeadline(iso, locale, b.timeZone, t('bookings:japanTime'));
  // The hours of an extension count once confirmed, until then they are shown as pending; what was paid
  // for it shows at once in the card's money (TripMoney).
  const pendingExtension =
    b.extension && (b.extension.status === 'paid' || b.extension.status === 'approved') ? b.extension : null;
  // What came back, one sum per currency charged (decisions 164, 193).
  const refunded = refundedText(b, locale);
  // docs/rules/money-and-cancellation.md: on the tour day the card offers 'Confirm Start' instead of 'Cancel'.
  // Under a JMA warning (decision 093) the traveler may cancel free on the tour day too.
  // Awaiting a replacement (decision 137), the panel's own 'Take the full refund instead' is the way out.
  const canCancel =
    b.actions.includes('cancel') &&
    b.status !== 'awaiting_replacement' &&
    (Boolean(b.weather) || (b.status !== 'awaiting_start' && !(b.status === 'upcoming' && days <= 0)));
  // No "today" once the planned start has passed (a 17:30 tour at 22:40).
  const showCountdown =
    (b.status === 'upcoming' || b.status === 'awaiting_start' || b.status === 'start_confirmed') &&
    days >= 0 &&
    days <= COUNTDOWN_DAYS &&
    tourPhase(b, now) === 'before';
  const titleId = `trip-${b.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <BookingCardHeader
        person={{ id: b.guide.userId, fullName: b.guide.fullName, profilePicture: b.guide.profilePicture }}
        titleId={titleId}
        status={b.status}
        statusLabelKey={statusKey(b, now)}
        aside={chatSlot}
        details={
          <p className="flex flex-wrap items-center gap-x-3">
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-3.5 w-3.5" aria-hidden />
              {cityName(b.guide.serviceCity, locale)}
            </span>
            <span className="tabular-nums">{b.bookingNumber}</span>
            {b.subcategory && <span>{localName(b.subcategory, locale)}</span>}
          </p>
        }
      />

      {/* On the trip's day and during it (decision 132): the numbers to call and urgent support, offline too. */}
      {inHelpWindow(b, now) && (
        <div className="mt-3">
          <HelpNow booking={b} />
        </div>
      )}

      {showCountdown && (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-700 dark:bg-accent-700/20 dark:text-accent-100">
          <Hourglass className="h-4 w-4" aria-hidden />
          {days === 0
            ? t('countdown.today')
            : days === 1
              ? t('countdown.tomorrow')
              : t('countdown.days', { count: days })}
        </p>
      )}

      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact icon={<CalendarDays className="h-4 w-4" />} label={t('card.date')}>
          {formatCalendarDate(b.date, locale, { weekday: 'short' })}
        </Fact>
        <Fact icon={<Clock className="h-4 w-4" />} label={t('card.time')}>
          <TourTime date={b.date} start={b.scheduledStartTime} hours={b.duration} timeZone={b.timeZone} />
        </Fact>
        <TourDays booking={b} plans />
        {/* The group on its own, and the length as "3 天 × 8 小时" (decision 179). */}
        <Fact icon={<Users className="h-4 w-4" />} label={t('card.group')}>
          <span data-testid="trip-group">{groupText(t, b)}</span>
        </Fact>
        <Fact icon={<Timer className="h-4 w-4" />} label={t('card.length')}>
          <span data-testid="trip-length">{tourLengthText(b.days, b.duration, locale)}</span>
          {pendingExtension && (
            <span className="block text-xs text-stone-500 dark:text-stone-400">
              {t('card.extensionPending', { hours: durationText(pendingExtension.hours, locale) })}
            </span>
          )}
        </Fact>
        <TripMoney booking={b} />
        <MeetingFact booking={b} />
      </dl>

      {b.status === 'pending' && b.paymentDueAt && (
        <p className="mt-3 text-sm text-amber-800 dark:text-amber-200">{t('card.payBy', deadline(b.paymentDueAt))}</p>
      )}
      {b.status === 'awaiting_replacement' && <ReplacementPanel booking={b} />}
      {b.status === 'confirmed' && b.replacement?.status === 'requested' && <ReplacementWaiting booking={b} />}
      {b.status === 'confirmed' && b.replacement?.status !== 'requested' && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
          <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {b.respondBy
              ? t('card.waiting', { guide: b.guide.fullName, ...deadline(b.respondBy) })
              : t('card.waitingShort', { guide: b.guide.fullName })}
          </span>
        </p>
      )}
      {b.status === 'cancelled' && (
        <div className="mt-3 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
          <p className="font-medium">{t('card.wasCancelled')}</p>
          <CancellationReason booking={b} />
          {refunded !== '' && (
            <p className="text-stone-600 dark:text-stone-400">
              {/* One sum per currency, the figure the cancellation dialog promised (a deposit and a change alike). */}
              {t('card.refundedPrice', { price: refunded })}
            </p>
          )}
          <button
            type="button"
            onClick={onContactSupport}
            className="mt-1 inline-flex items-center gap-1 font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            <LifeBuoy className="h-3.5 w-3.5" aria-hidden />
            {t('card.askSupport')}
          </button>
        </div>
      )}

      <WeatherNotice booking={b} side="traveler" />
      <ReschedulePanel booking={b} side="traveler" />
      <TripChangePanel booking={b} now={now} />

      {(b.status === 'pending' || canCancel) && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-4 dark:border-stone-800">
          {b.status === 'pending' && (
            <ButtonLink to={`/checkout?booking=${b.id}`} variant="accent" size="sm">
              {t('actions.continuePayment')}
            </ButtonLink>
          )}
          {canCancel && (
            <Button variant="outline" size="sm" onClick={() => setCancelling(true)}>
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      )}
      <TourActions booking={b} side="traveler" isTourDay={days === 0} />
      <NoShowReport booking={b} side="traveler" />

      {/* Extras: each feature mounts its own component here, one line each. */}
      <div data-slot="trip-extras" className="mt-4 flex flex-wrap items-center gap-2 empty:hidden">
        <PaymentProofBadge booking={b} />
        <BookingPdfLink booking={b} />
        <ReceiptsLink booking={b} />
        <BookingFeedback booking={b} side="traveler" />
      </div>
      {canCancel && <CancelDialog booking={b} open={cancelling} onOpenChange={setCancelling} />}
    </article>
  );
}

/**
 * The credit this booking's end gave (decision 139), in the booking's currency: until when it is there, or that it was
 * used, or that it lapsed unused.
 */
function CreditLine({
  credit,
  currency,
}: {
  credit: NonNullable<Booking['creditIssued']>;
  currency: Booking['currency'];
}) {
  const { t } = useTranslation('trips');
  const [now] = useState(() => Date.now());
  const o = creditValues(credit, currency);
  if (credit.spent) return <p className="text-green-800 dark:text-green-200">{t('card.creditSpent', o)}</p>;
  if (Date.parse(credit.expiresAt) <= now)
    return <p className="text-stone-600 dark:text-stone-400">{t('card.creditExpired', o)}</p>;
  return <p className="text-green-800 dark:text-green-200">{t('card.creditIssued', o)}</p>;
}

/** Who ended the booking and why: in the canceller's own words when they gave some, or what lapsed. */
function CancellationReason({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('trips');
  const words = b.cancelReason && !CANCEL_REASON_CODES.includes(b.cancelReason) ? b.cancelReason : null;
  let line: string | null = null;
  if (b.cancelReason === 'request_expired') line = t('card.lapsed.noAnswer', { guide: b.guide.fullName });
  else if (b.cancelReason === 'payment_expired') line = t('card.lapsed.unpaid');
  else if (b.cancelReason === 'replaced') line = t('card.lapsed.replaced');
  // Decision 138: a no-show report cancelled it; the side reported absent is the canceller of record.
  // Several days (decision 158): a report on a later day refunds only the days not given.
  else if (b.cancelReason === 'guide_no_show')
    line = t((b.days ?? 1) > 1 ? 'card.noShow.guideDays' : 'card.noShow.guide', { guide: b.guide.fullName });
  else if (b.cancelReason === 'traveler_no_show') line = t('card.noShow.traveler', { guide: b.guide.fullName });
  else if (b.cancelledBy) line = t(`card.cancelledBy.${b.cancelledBy}`);
  return (
    <>
      {line && <p className="text-stone-600 dark:text-stone-400">{line}</p>}
      {words && <p className="break-words text-stone-800 dark:text-stone-200">{t('card.reason', { reason: words })}</p>}
      {b.creditIssued && <CreditLine credit={b.creditIssued} currency={b.currency} />}
    </>
  );
}
