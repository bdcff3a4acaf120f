import { CalendarDays, Check, Clock, Hourglass, MapPin, Repeat2, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAnswerRequest } from '../api/answer-request';
import { formatCalendarDate, formatDeadline, localName } from '../../../lib/format';
import { formatMoney } from '../../../../shared/money-format';
import { TourTime } from '../../../components/ui/tour-time';
import { BookingCardHeader, Fact, GuideNet, TourDays, TravelerNotes } from './booking-card-parts';
import { DeclineDialog } from './decline-dialog';
import { FamilyFacts } from './family-facts';
import { ReschedulePanel } from './reschedule-panel';
import { ChangeAnswer } from './change-answer';
import { MeetingPlace } from '../../meeting-points';
import { groupText } from '../lib/group-text';
import { tourLengthText } from '../../../../shared/booking/tour-length';

/**
 * A paid request on /guide-dashboard: who, when, how many, what it pays and what the guide would
 * receive (decision 175); Accept, or Decline with a reason. The traveler's name, place and notes carry
 * their language.
 */
export function RequestCard({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const answer = useAnswerRequest();
  const [declining, setDeclining] = useState(false);
  const titleId = `request-${b.id}`;
  // Decision 137: a replacement request answers by its own deadline, not the 48 hours after payment.
  const replacing = b.replacement?.status === 'requested';
  const answerBy = replacing ? b.replacement?.answerBy : b.respondBy;
  // mutateAsync: the toast shows even when the booking's live event has already taken this card away.
  const accept = () =>
    answer.mutateAsync({ id: b.id, answer: 'accept' }).then(
      () =>
        showToast({
          title: t('requests.toasts.accepted'),
          description: t('requests.toasts.acceptedBody', { name: b.traveler.fullName }),
          variant: 'success',
        }),
      () =>
        showToast({
          title: t('requests.toasts.errorTitle'),
          description: t('requests.toasts.failed'),
          variant: 'destructive',
        }),
    );

  // In the booking's currency, the guide's own (decision 164): what she earns it in.
  const money = (minor: number) => formatMoney(minor, b.currency, locale);
  const price = (
    <>
      <p className="text-lg font-bold tabular-nums">{money(b.totalPriceCents)}</p>
      <p className="text-xs text-stone-600 dark:text-stone-400">
        {t('requests.depositPaid', { amount: money(b.depositCents) })}
        {b.payments.some((p) => p.kind === 'deposit' && p.provider === 'simulated' && p.status !== 'failed') && (
          <> · {t('requests.demo')}</>
        )}
      </p>
      <GuideNet booking={b} className="mt-1 text-sm" />
    </>
  );

  return (
    <article
      id={`booking-${b.id}`}
      aria-labelledby={titleId}
      className="scroll-mt-20 rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
    >
      <BookingCardHeader
        person={b.traveler}
        titleId={titleId}
        details={
          <p>
            <span className="tabular-nums">{b.bookingNumber}</span>
            {b.subcategory && <> · {localName(b.subcategory, locale)}</>}
          </p>
        }
        // On a phone the price gets its own line, so the traveler's name is not cut short beside it.
        asideBelowOnPhone
        aside={<div className="shrink-0 sm:text-right">{price}</div>}
      />
      {replacing && (
        <p
          data-testid="replacement-request"
          className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700 dark:text-stone-300"
        >
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            <Repeat2 className="h-3.5 w-3.5" aria-hidden />
            {t('requests.replacement.badge')}
          </span>
          <span>{t('requests.replacement.body')}</span>
        </p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact icon={<CalendarDays className="h-4 w-4" />} label={t('summary.date')}>
          {formatCalendarDate(b.date, locale, { weekday: 'short' })}
        </Fact>
        <Fact icon={<Clock className="h-4 w-4" />} label={t('summary.time')}>
          <TourTime date={b.date} start={b.scheduledStartTime} hours={b.duration} timeZone={b.timeZone} />
        </Fact>
        <TourDays booking={b} plans />
        <Fact icon={<Users className="h-4 w-4" />} label={t('requests.group')}>
          {t('requests.groupValue', { people: groupText(t, b), hours: tourLengthText(b.days, b.duration, locale) })}
        </Fact>
        <Fact icon={<MapPin className="h-4 w-4" />} label={t('meeting.title')}>
          <MeetingPlace place={b} lang={b.meetingAddressLanguage} fallback={t('requests.noMeeting')} />
        </Fact>
        <FamilyFacts booking={b} />
        <TravelerNotes notes={b.notes} lang={b.notesLanguage} label={t('requests.notes')} />
      </dl>
      {answerBy && (
        <p className="mt-4 flex items-center gap-1.5 text-sm text-amber-800 dark:text-amber-200">
          <Hourglass className="h-4 w-4 shrink-0" aria-hidden />
          {t(
            replacing ? 'requests.replacement.answerBy' : 'requests.answerBy',
            formatDeadline(answerBy, locale, b.timeZone, t('japanTime')),
          )}
        </p>
      )}
      <ReschedulePanel booking={b} side="guide" />
      {/* A paid request the family changed before she answered: her answer to the change is here too, read
          only when the server says one waits (decision 195), so the requests list asks for no changes of its own. */}
      {b.changeRequest && <ChangeAnswer booking={b} />}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-4 dark:border-stone-800">
        <Button variant="primary" busy={answer.isPending} disabled={!b.actions.includes('accept')} onClick={accept}>
          <Check className="h-4 w-4" aria-hidden />
          {t('requests.accept')}
        </Button>
        <Button
          variant="outline"
          disabled={answer.isPending || !b.actions.includes('decline')}
          onClick={() => setDeclining(true)}
        >
          <X className="h-4 w-4" aria-hidden />
          {t('requests.declineButton')}
        </Button>
      </div>
      <DeclineDialog booking={b} open={declining} onOpenChange={setDeclining} />
    </article>
  );
}
