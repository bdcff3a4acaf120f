import { Check, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingChange } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { formatMoney } from '../../../../shared/money-format';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { withGap } from '../../../lib/cjk-spacing';
import { cn } from '../../../lib/cn';
import { formatDeadline } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAnswerChange, useBookingChanges } from '../api/booking-changes';
import { changeTripText } from '../lib/change-text';
import { DeclineReasonSheet } from './decline-reason-sheet';
import { CHANGEABLE_STATUSES } from './trip-change-panel';

const problem = (err: unknown) =>
  err instanceof ApiError &&
  (err.code === 'change_not_open' || err.code === 'slot_unavailable' || err.code === 'buffer_conflict')
    ? `toasts.${err.code}`
    : 'toasts.failed';

/**
 * The guide's answer to a trip change that waits for her (decision 177), on her tour card: what the
 * traveler asks (the trip booked and the trip asked), what she receives for it in her currency — the
 * new price and what the traveler pays her in person, and what the cancellation tiers keep for her of a
 * smaller deposit — until when she can answer, and Accept / Decline (a reason is required: the traveler
 * reads it on their card).
 */
export function ChangeAnswer({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(['changes', 'bookings']);
  const locale = currentLocale();
  const [declining, setDeclining] = useState(false);
  const changeable = CHANGEABLE_STATUSES.includes(b.status);
  const changes = useBookingChanges(b.id, changeable);
  const answer = useAnswerChange();
  const latest = (changes.data?.changes ?? [])[0];
  if (!changeable || latest?.status !== 'requested') return null;
  const c = latest;
  // In the booking's currency, the guide's own (decision 164).
  const money = (cents: number) => formatMoney(cents, b.currency, locale);
  const traveler = b.traveler.fullName;
  const accept = () =>
    answer.mutateAsync({ id: b.id, changeId: c.id, answer: 'accept' }).then(
      () =>
        showToast({
          title: t('toasts.accepted'),
          description: t('toasts.acceptedBody', { trip: changeTripText(t, c.to, locale) }),
          variant: 'success',
        }),
      (err) => showToast({ title: t('toasts.errorTitle'), description: t(problem(err)), variant: 'destructive' }),
    );

  return (
    <section
      aria-label={t('region')}
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="flex items-start gap-2 font-semibold text-amber-900 dark:text-amber-100">
        <Users className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        {t('guide.title', { traveler })}
      </p>
      <dl className="mt-2 space-y-1">
        <Line label={t('guide.asked')} value={changeTripText(t, c.to, locale)} strong />
        <Line label={t('guide.booked')} value={changeTripText(t, c.from, locale)} />
        <Line
          label={t('guide.price')}
          value={t('guide.figure', { amount: money(c.to.totalCents), was: money(c.from.totalCents) })}
          strong
        />
        <Line
          label={t('guide.inPerson')}
          value={t('guide.figure', { amount: money(c.to.inPersonCents), was: money(c.from.inPersonCents) })}
          strong
        />
      </dl>
      {c.money.keptCents > 0 && (
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          {t('guide.kept', { amount: money(c.money.keptCents) })}
        </p>
      )}
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('guide.earnings')}</p>
      {c.expiresAt && (
        <p className="mt-1 text-amber-800 dark:text-amber-200">
          {t('guide.answerBy', formatDeadline(c.expiresAt, locale, b.timeZone, t('bookings:japanTime')))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" busy={answer.isPending} onClick={() => void accept()}>
          <Check className="h-4 w-4" aria-hidden />
          {t('guide.accept')}
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => setDeclining(true)}>
          <X className="h-4 w-4" aria-hidden />
          {t('guide.decline')}
        </Button>
      </div>
      <DeclineChangeSheet booking={b} change={c} open={declining} onOpenChange={setDeclining} />
    </section>
  );
}

/**
 * "New price: 18,300 円 (now 16,500 円)": the label and its value in one run of text, spaced as the language spaces them
 * (`withGap`).
 */
function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="inline text-stone-600 dark:text-stone-400">{withGap(label)}</dt>
      <dd className={cn('inline tabular-nums', strong && 'font-medium text-stone-900 dark:text-stone-100')}>{value}</dd>
    </div>
  );
}

/** Declining needs a reason: the traveler reads it on their card. */
function DeclineChangeSheet({
  booking: b,
  change,
  open,
  onOpenChange,
}: {
  booking: Booking;
  change: BookingChange;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation(['changes', 'bookings']);
  const answer = useAnswerChange();
  const traveler = b.traveler.fullName;
  return (
    <DeclineReasonSheet
      open={open}
      onOpenChange={onOpenChange}
      text={(part) => t(`declineSheet.${part}`, { traveler })}
      busy={answer.isPending}
      // mutateAsync: the toast shows even when the list, read again, has already taken the answered change off the
      // card.
      decline={(reason) =>
        answer.mutateAsync({ id: b.id, changeId: change.id, answer: 'decline', reason }).then(() =>
          showToast({
            title: t('toasts.declined'),
            description: t('toasts.declinedBody', { traveler }),
            variant: 'success',
          }),
        )
      }
      refusal={(err) => t(problem(err))}
    />
  );
}
