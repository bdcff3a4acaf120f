import { Hourglass, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_CHANGE_STATUSES, type BookingChange } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { formatDeadline } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAnswerChange, useBookingChanges } from '../api/booking-changes';
import { changeTripText, payNowText } from '../lib/change-text';
import { ChangePaymentSheet } from './change-payment-sheet';
import { TripChangeSheet } from './trip-change-sheet';

/** The statuses a booking can be changed in (decision 177): paid, before its start. */
export const CHANGEABLE_STATUSES: readonly Booking['status'][] = ['confirmed', 'upcoming'];

const isOpenChange = (c: BookingChange | undefined): c is BookingChange =>
  !!c && (OPEN_CHANGE_STATUSES as readonly string[]).includes(c.status);

/**
 * The traveler's trip change on the trip card (decision 177), for a paid booking before its start:
 * "Change the trip" (the sheet with the group and the days, priced as they change), an open change
 * with what it waits for — its payment (Pay, with the deadline) or the guide's answer (with hers) —
 * and Withdraw, and how the last one ended (declined with the guide's reason, lapsed, made).
 */
export function TripChangePanel({ booking: b, now }: { booking: Booking; now: Date }) {
  const { t } = useTranslation(['changes', 'bookings']);
  const locale = currentLocale();
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState<BookingChange | null>(null);
  const changeable = CHANGEABLE_STATUSES.includes(b.status);
  const changes = useBookingChanges(b.id, changeable);
  const answer = useAnswerChange();
  if (!changeable) return null;
  const latest = (changes.data?.changes ?? [])[0];
  const open = isOpenChange(latest) ? latest : null;
  const beforeStart = Date.parse(b.startsAt) > now.getTime();
  const canAsk = beforeStart && !changes.isPending && !open;
  if (!latest && !canAsk) return null;

  const deadline = (iso: string) => formatDeadline(iso, locale, b.timeZone, t('bookings:japanTime'));
  const trip = (c: BookingChange, side: 'from' | 'to' = 'to') => changeTripText(t, c[side], locale);
  const withdraw = (c: BookingChange) =>
    answer.mutateAsync({ id: b.id, changeId: c.id, answer: 'withdraw' }).then(
      () => showToast({ title: t('toasts.withdrawn'), description: t('toasts.withdrawnBody'), variant: 'success' }),
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.failed'), variant: 'destructive' }),
    );

  return (
    <section aria-label={t('region')} className="mt-3 space-y-2 text-sm">
      {open && (
        <div className="rounded-lg bg-primary-50 px-3 py-3 text-primary-900 dark:bg-primary-900/40 dark:text-primary-100">
          <p className="flex items-start gap-2 font-semibold">
            <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {open.status === 'awaiting_payment' ? t('open.awaitingPaymentTitle') : t('open.requestedTitle')}
          </p>
          <p className="mt-1 font-medium">{trip(open)}</p>
          <p className="mt-1">
            {open.status === 'awaiting_payment'
              ? open.expiresAt
                ? t('open.payBy', {
                    amount: payNowText(open.money, locale),
                    ...deadline(open.expiresAt),
                  })
                : t('open.pay', { amount: payNowText(open.money, locale) })
              : open.expiresAt
                ? t('open.answerBy', { guide: b.guide.fullName, ...deadline(open.expiresAt) })
                : t('open.answerSoon', { guide: b.guide.fullName })}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {open.status === 'awaiting_payment' && (
              <Button size="sm" variant="accent" onClick={() => setPaying(open)}>
                {t('open.payButton', { amount: payNowText(open.money, locale) })}
              </Button>
            )}
            <Button size="sm" variant="outline" busy={answer.isPending} onClick={() => void withdraw(open)}>
              <X className="h-4 w-4" aria-hidden />
              {t('open.withdraw')}
            </Button>
          </div>
        </div>
      )}
      {latest?.status === 'declined' && (
        <div className="rounded-lg bg-stone-100 px-3 py-2 dark:bg-stone-800">
          <p>{t('last.declined', { guide: b.guide.fullName, trip: trip(latest) })}</p>
          {latest.declineReason && (
            <p className="whitespace-pre-line break-words text-stone-600 dark:text-stone-400">
              {t('last.reason', { reason: latest.declineReason })}
            </p>
          )}
        </div>
      )}
      {latest?.status === 'lapsed' && (
        <p className="text-stone-600 dark:text-stone-400">{t('last.lapsed', { trip: trip(latest) })}</p>
      )}
      {latest?.status === 'applied' && (
        <p className="text-stone-600 dark:text-stone-400">{t('last.applied', { trip: trip(latest, 'from') })}</p>
      )}
      {canAsk && (
        <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
          <Users className="h-4 w-4" aria-hidden />
          {t('action')}
        </Button>
      )}
      {/*
       * Kept while open: the change it sends is open as soon as the list is read again, before its reply is handled.
       */}
      {(canAsk || asking) && (
        <TripChangeSheet booking={b} open={asking} onOpenChange={setAsking} onAwaitingPayment={setPaying} />
      )}
      {paying && <ChangePaymentSheet booking={b} change={paying} open onOpenChange={(o) => !o && setPaying(null)} />}
    </section>
  );
}
