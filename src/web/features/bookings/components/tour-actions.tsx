import { CheckCircle2, Hourglass, PlayCircle, TimerReset, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINOR_PER_MAJOR } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  useAnswerExtension,
  useConfirmExtension,
  useConfirmStart,
  useWithdrawExtension,
  type UserType,
} from '../api/tour';
import { currentLocale } from '../../../lib/i18n';
import { amount, formatCalendarDate, formatDeadline } from '../../../lib/format';
import { CompleteDialog } from './complete-dialog';
import { ExtensionDialogs, type ExtensionStep } from './extension-dialogs';
import { TourDayNow } from './tour-day-now';

const START_STATUSES = ['upcoming', 'awaiting_start', 'start_confirmed'];
/**
 * The statuses of the ongoing tab: their cards always offer 'Complete Service' (docs/rules/money-and-cancellation.md).
 */
export const ON_TOUR_STATUSES = ['ongoing', 'extend_requested', 'extend_confirmed'];

/**
 * The on-tour buttons of a booking for one side (docs/rules/booking-lifecycle.md, what the traveler can do; the guide's
 * mirror them): 'Confirm Start' on the tour day, then the disabled 'Waiting for guide...'; on tour 'Request
 * Extension', 'Extension requested...', 'Pay Extension (price RMB)', 'Confirm Extension' and always
 * 'Complete Service'; the guide approves or rejects a paid extension. The server's `actions` (the
 * shared state machine) decide what is enabled. An extension's price is the booking's, in its currency
 * (decision 168): a yuan booking's button reads as docs/rules/booking-lifecycle.md words it, a yen
 * booking's names its yen.
 */
export function TourActions({ booking: b, side, isTourDay }: { booking: Booking; side: UserType; isTourDay: boolean }) {
  const { t } = useTranslation(['tour', 'bookings']);
  const [extension, setExtension] = useState<ExtensionStep>('closed');
  const [completing, setCompleting] = useState(false);
  const start = useConfirmStart();
  const answer = useAnswerExtension();
  const confirmExt = useConfirmExtension();
  const withdraw = useWithdrawExtension();
  const can = (e: string) => b.actions.includes(e);
  const mine = side === 'traveler' ? b.travelerConfirmedStart : b.guideConfirmedStart;
  const theirs = side === 'traveler' ? b.guideConfirmedStart : b.travelerConfirmedStart;
  const ext = b.extension;
  const hours = ext ? t(`request.options.${ext.hours}`, { defaultValue: String(ext.hours) }) : '';
  const locale = currentLocale();

  // mutateAsync, not mutate's callbacks: the booking's live event may move this card to another tab
  // (a started tour to Ongoing) before the reply arrives, and those callbacks never run once it is gone.
  const onStart = () =>
    start.mutateAsync({ id: b.id, userType: side }).then(
      (reply) =>
        showToast({
          title: t('toasts.startConfirmed'),
          description:
            reply.status === 'ongoing'
              ? undefined
              : side === 'traveler'
                ? t('toasts.waiting')
                : t('actions.waitingForTraveler'),
          variant: 'success',
        }),
      (err) =>
        showToast({
          title: t('toasts.errorTitle'),
          description:
            err instanceof ApiError && err.code === 'too_early' ? t('toasts.tooEarly') : t('toasts.startFailed'),
          variant: 'destructive',
        }),
    );
  const onAnswer = (a: 'approve' | 'reject') =>
    answer.mutateAsync({ id: b.id, answer: a }).then(
      () =>
        showToast({
          title: a === 'approve' ? t('toasts.approved') : t('toasts.rejected'),
          description: a === 'reject' ? t('toasts.rejectedBody') : undefined,
          variant: 'success',
        }),
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
    );
  const onConfirmExtension = () =>
    confirmExt.mutateAsync({ id: b.id, userType: side }).then(
      () => showToast({ title: t('toasts.extensionConfirmed'), variant: 'success' }),
      (err) =>
        showToast({
          title: t('toasts.errorTitle'),
          description:
            err instanceof ApiError && err.code === 'slot_unavailable'
              ? t('toasts.slotTaken')
              : t('toasts.confirmExtensionFailed'),
          variant: 'destructive',
        }),
    );

  const onWithdraw = () =>
    withdraw.mutateAsync(b.id).then(
      () => showToast({ title: t('toasts.withdrawn'), description: t('toasts.withdrawnBody'), variant: 'success' }),
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
    );

  const starting = START_STATUSES.includes(b.status);
  const onTour = ON_TOUR_STATUSES.includes(b.status);
  if (!starting && !onTour) return null;
  // docs/rules/money-and-cancellation.md: an upcoming trip offers 'Confirm Start' on its day only (otherwise the card's
  // Cancel).
  const offerStart = starting && can('start_confirm') && (b.status !== 'upcoming' || isTourDay);
  const waitingStart = starting && mine;
  let info: string | null = null;
  if (starting && !mine && theirs) info = side === 'traveler' ? t('guideConfirmed') : t('travelerConfirmed');
  else if (offerStart && !theirs) info = t('startDayHint');
  if (ext && b.status !== 'ongoing') {
    const price = formatMoney(ext.priceCents, b.currency, locale);
    if (ext.status === 'requested' && ext.payBy)
      info = t('extensionInfo.requestedLapse', {
        hours,
        price,
        ...formatDeadline(ext.payBy, locale, b.timeZone, t('bookings:japanTime'), false),
      });
    else if (ext.status === 'requested') info = t('extensionInfo.requested', { hours, price });
    else if (ext.status === 'paid')
      info =
        side === 'traveler'
          ? t('extensionInfo.paid', { hours, price })
          : t('extensionInfo.paidGuide', { hours, price });
    else if (ext.status === 'approved')
      info = side === 'traveler' ? t('extensionInfo.approved', { hours }) : t('extensionInfo.approvedGuide', { hours });
  }
  if (!offerStart && !waitingStart && !onTour && !info) return null;
  // Decision 155: a tour of several days is completed from its last day's start; before, the server leaves
  // 'service_complete' out of an ongoing tour's actions, and the card says why.
  const lastDay = b.schedule && b.schedule.length > 1 ? b.schedule[b.schedule.length - 1] : undefined;
  const completeLater =
    b.status === 'ongoing' && !can('service_complete') && lastDay
      ? t('actions.completeFromLastDay', { date: formatCalendarDate(lastDay.date, locale, { weekday: 'short' }) })
      : null;
  // `extensionPrice` is in the booking's major unit (yuan, or whole yen).
  const extensionCents = b.extensionPrice === null ? 0 : Math.round(b.extensionPrice * MINOR_PER_MAJOR[b.currency]);

  return (
    <div className="mt-4 border-t border-stone-100 pt-4 dark:border-stone-800">
      {(onTour || waitingStart || offerStart) && <TourDayNow booking={b} />}
      {info && (
        <p
          className="mb-3 flex items-start gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100"
          aria-live="polite"
        >
          <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{info}</span>
        </p>
      )}
      <div role="group" aria-label={t('actions.label')} className="flex flex-wrap gap-2">
        {offerStart && (
          <Button variant="accent" size="sm" busy={start.isPending} onClick={onStart}>
            <PlayCircle className="h-4 w-4" aria-hidden />
            {t('actions.confirmStart')}
          </Button>
        )}
        {waitingStart && (
          <Button variant="outline" size="sm" disabled>
            <Hourglass className="h-4 w-4" aria-hidden />
            {side === 'traveler' ? t('actions.waitingForGuide') : t('actions.waitingForTraveler')}
          </Button>
        )}

        {side === 'traveler' && b.status === 'ongoing' && (
          <Button variant="primary" size="sm" onClick={() => setExtension('request')}>
            <TimerReset className="h-4 w-4" aria-hidden />
            {t('actions.requestExtension')}
          </Button>
        )}
        {side === 'traveler' && b.status === 'extend_requested' && b.extensionPrice !== null && (
          <Button variant="accent" size="sm" onClick={() => setExtension('payment')}>
            {b.currency === 'CNY'
              ? t('actions.payExtension', { price: amount(extensionCents) })
              : t('actions.payExtensionPrice', { price: formatMoney(extensionCents, b.currency, locale) })}
          </Button>
        )}
        {side === 'traveler' && can('withdraw_extension') && (
          <Button variant="outline" size="sm" busy={withdraw.isPending} onClick={onWithdraw}>
            <X className="h-4 w-4" aria-hidden />
            {t('actions.withdrawExtension')}
          </Button>
        )}
        {side === 'traveler' && b.status === 'extend_requested' && b.extensionPrice === null && (
          <Button variant="outline" size="sm" disabled>
            <Hourglass className="h-4 w-4" aria-hidden />
            {t('actions.extensionRequested')}
          </Button>
        )}
        {side === 'traveler' && b.status === 'extend_confirmed' && !b.travelerConfirmedExtension && (
          <Button variant="accent" size="sm" busy={confirmExt.isPending} onClick={onConfirmExtension}>
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {t('actions.confirmExtension')}
          </Button>
        )}

        {side === 'guide' && can('approve_extension') && ext?.status === 'paid' && (
          <Button
            variant="primary"
            size="sm"
            busy={answer.isPending && answer.variables?.answer === 'approve'}
            disabled={answer.isPending}
            onClick={() => onAnswer('approve')}
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {t('actions.approveExtension')}
          </Button>
        )}
        {side === 'guide' && can('reject_extension') && (
          <Button
            variant="outline"
            size="sm"
            busy={answer.isPending && answer.variables?.answer === 'reject'}
            disabled={answer.isPending}
            onClick={() => onAnswer('reject')}
          >
            <X className="h-4 w-4" aria-hidden />
            {t('actions.rejectExtension')}
          </Button>
        )}

        {onTour && (
          <Button
            variant="outline"
            size="sm"
            disabled={!can('service_complete')}
            title={can('service_complete') ? undefined : (completeLater ?? t('actions.completeUnavailable'))}
            aria-describedby={completeLater ? `complete-later-${b.id}` : undefined}
            onClick={() => setCompleting(true)}
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {t('actions.completeService')}
          </Button>
        )}
      </div>
      {completeLater && (
        <p id={`complete-later-${b.id}`} className="mt-2 text-xs text-stone-600 dark:text-stone-400">
          {completeLater}
        </p>
      )}
      {side === 'traveler' && onTour && <ExtensionDialogs booking={b} step={extension} onStep={setExtension} />}
      {onTour && <CompleteDialog booking={b} side={side} open={completing} onOpenChange={setCompleting} />}
    </div>
  );
}
