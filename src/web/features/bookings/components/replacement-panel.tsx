import { Hourglass, UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../shared/availability';
import { dateRangeText, spanText } from '../../../../shared/booking/span-text';
import { clashingBooking } from '../../../../shared/booking/traveler-busy';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementCandidate } from '../../../../shared/schemas/replacements';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError } from '../../../lib/api-client';
import { formatDeadline } from '../../../lib/format';
import { formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useTravelerBookings } from '../api/get-traveler-bookings';
import { useChooseReplacement, useReplacements } from '../api/trip-trouble';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { CreditBeforeNote, creditGiven, sentences } from './credit-note';
import { Candidate } from './replacement-candidate';

/**
 * The traveler's choice after the guide cancelled a paid booking (decision 137): up to three guides
 * free at the same time, each with what the traveler pays (never more than booked), a Choose button
 * each, and the full refund instead; until `lapsesAt`, after which the refund comes by itself.
 * After the guide's no-show (`sameDay`, decision 140) the guides are free later that day, each at
 * their own start time, which each shows; after a cancellation it is the booked time the card already shows.
 * A replacement takes over the booking's price, so every figure is in the booking's currency (decision 164).
 */
export function ReplacementPanel({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const locale = currentLocale();
  const list = useReplacements(b.id, true);
  const choose = useChooseReplacement();
  const [refunding, setRefunding] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const lapsesAt = list.data?.lapsesAt ?? b.replacement?.lapsesAt ?? null;
  const deadline = lapsesAt ? formatDeadline(lapsesAt, locale, b.timeZone, t('bookings:japanTime')) : null;
  const titleId = `replacement-${b.id}`;
  // Before the list comes, the booking's own replacement says which case it is, so the title does not change under the
  // reader.
  const sameDay = list.data?.sameDay ?? b.replacement?.sameDay ?? false;
  const copy = sameDay ? 'replacement.sameDay' : 'replacement';
  // The days after today of a tour of several days whose guide did not come (decision 140, amended): each guide offered
  // takes them at the booked hours.
  const rest =
    sameDay && (b.days ?? 1) > 1
      ? { dates: dateRangeText(addDays(b.date, 1), addDays(b.date, b.days! - 1), locale), time: b.scheduledStartTime }
      : null;
  // Past the lapse the list is empty and the refund job is due: no deadline to wait for any more.
  const lapsed = lapsesAt !== null && Date.parse(lapsesAt) <= openedAt;
  // The traveler's own other tour at the booked time: the server offers nobody for those hours, and the
  // empty list says why (the trips are the dashboard's own query, already read).
  const trips = useTravelerBookings(useSession()?.user.id);
  const clash =
    !sameDay && trips.data ? clashingBooking(trips.data.data, new Date(b.startsAt), new Date(b.endsAt)) : undefined;
  const empty = (key: 'empty' | 'emptyNow') =>
    clash
      ? t(key === 'empty' ? 'replacement.busy' : 'replacement.busyNow', {
          number: clash.bookingNumber,
          guide: clash.guide.fullName,
          ...deadline,
        })
      : t(`${copy}.${key}`, deadline ?? {});

  // mutateAsync: the chosen booking leaves this tab at once (confirmed), and the toast must still show.
  const pick = (c: ReplacementCandidate) =>
    // The start shown is the one asked for: a same-day guide whose time went meanwhile is refused, not moved
    // (decision 140).
    choose.mutateAsync({ id: b.id, guideId: c.guideId, startsAt: c.startsAt }).then(
      (booking) => {
        const by = booking.replacement?.answerBy;
        showToast({
          title: t('replacement.toasts.chosen', { guide: c.fullName }),
          description: by
            ? t('replacement.toasts.chosenBody', formatDeadline(by, locale, b.timeZone, t('bookings:japanTime')))
            : undefined,
          variant: 'success',
        });
      },
      (err) => {
        const api = err instanceof ApiError ? err : undefined;
        const code = api?.code;
        // Taken meanwhile: the list is read again without that guide (the mutation's invalidation does it).
        if (code === 'replacement_unavailable')
          showToast({
            title: t('replacement.toasts.taken', { guide: c.fullName }),
            description: t('replacement.toasts.takenBody'),
            variant: 'destructive',
          });
        // Booked elsewhere at that time since the list was read: the error names that booking.
        else if (code === 'traveler_busy') {
          const number = api?.body?.fields?.find((f) => f.path === 'booking')?.message ?? '';
          showToast({
            title: t('replacement.toasts.busy', { number }),
            description: t('replacement.toasts.busyBody', { number }),
            variant: 'destructive',
          });
        } else if (code === 'replacement_closed')
          showToast({
            title: t('replacement.toasts.closed'),
            description: t('replacement.toasts.closedBody'),
            variant: 'destructive',
          });
        else
          showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' });
      },
    );

  return (
    <section
      aria-labelledby={titleId}
      data-testid="replacement-panel"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50 sm:p-4"
    >
      <h4 id={titleId} className="flex items-start gap-2 text-base font-semibold">
        <UserRoundX className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <span>{t(`${copy}.title`)}</span>
      </h4>
      {/* Several days (decision 154): the guides offered are free on every one of them, at the booked hours;
          after a no-show on day 1, later today and on every other day (decision 140, amended). Awaiting the
          choice, the booking keeps its booked hours, so its start is every day's. */}
      {(b.days ?? 1) > 1 && (
        <p data-testid="replacement-span" className="mt-1">
          {sameDay
            ? t('replacement.sameDay.span', { dates: rest!.dates, time: rest!.time })
            : t('replacement.span', { span: spanText(b.date, b.days!, locale), time: b.scheduledStartTime })}
        </p>
      )}
      {deadline && !lapsed && <p className="mt-1">{t('replacement.deadline', deadline)}</p>}
      <div aria-live="polite" className="mt-3">
        {list.isError ? (
          <div
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            <p>{t(`${copy}.error`)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
              {t('bookings:retry')}
            </Button>
          </div>
        ) : list.isPending ? (
          <div
            aria-busy="true"
            aria-label={t('replacement.loading')}
            className="h-24 animate-pulse rounded-lg bg-amber-100/70 dark:bg-amber-900/30"
          />
        ) : list.data.candidates.length === 0 ? (
          <p data-testid="replacement-empty" className="rounded-lg bg-white/70 px-3 py-2 dark:bg-stone-900/60">
            {lapsed ? t('replacement.lapsed') : empty(deadline ? 'empty' : 'emptyNow')}
          </p>
        ) : (
          <>
            <p className="text-amber-900 dark:text-amber-100">{t(`${copy}.intro`)}</p>
            <ul className="mt-2 space-y-2">
              {list.data.candidates.map((c) => (
                <Candidate
                  key={c.guideId}
                  candidate={c}
                  start={sameDay ? { date: b.date, timeZone: b.timeZone, rest } : null}
                  bookedTotalCents={list.data.bookedTotalCents}
                  currency={b.currency}
                  busy={choose.isPending && choose.variables?.guideId === c.guideId}
                  disabled={choose.isPending}
                  onChoose={() => void pick(c)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="mt-3 border-t border-amber-200 pt-3 dark:border-amber-800">
        <Button variant="outline" size="sm" onClick={() => setRefunding(true)} disabled={!b.actions.includes('cancel')}>
          {t('replacement.refund')}
        </Button>
      </div>
      <RefundDialog
        booking={b}
        depositCents={list.data?.depositPaidCents ?? null}
        open={refunding}
        onOpenChange={setRefunding}
      />
    </section>
  );
}

/** "Take the full refund instead", confirmed: the traveler's cancellation refunds everything from here. */
function RefundDialog({
  booking: b,
  depositCents,
  open,
  onOpenChange,
}: {
  booking: Booking;
  depositCents: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['trips', 'bookings']);
  const update = useUpdateBookingStatus();
  const methodName = (m: string | null) => t(`refundTo.${m ?? 'cash'}`, { defaultValue: t('refundTo.cash') });
  const locale = currentLocale();
  const confirm = () =>
    update.mutateAsync({ id: b.id, status: 'cancelled' }).then(
      (reply) => {
        onOpenChange(false);
        const r = reply.refund;
        // The credit the guide's cancellation gave (decision 139), named with the refund.
        const credit = creditGiven(reply);
        showToast({
          title: t('toasts.cancelled'),
          description: sentences([
            r && r.amountCents > 0
              ? t('toasts.cancelledRefundPrice', {
                  price: formatMoney(r.amountCents, r.currency, locale),
                  min: r.minBusinessDays,
                  max: r.maxBusinessDays,
                  method: methodName(r.method),
                })
              : null,
            credit && t('card.creditIssued', credit),
          ]),
          variant: 'success',
        });
      },
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
    );
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('replacement.refundTitle')}
      description={
        depositCents
          ? t('replacement.refundBody', { amount: formatMoney(depositCents, b.currency, locale) })
          : t('replacement.refundBodyShort')
      }
      closeLabel={t('bookings:close')}
    >
      <CreditBeforeNote booking={b} />
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('replacement.keepChoosing')}
        </Button>
        <Button variant="danger" busy={update.isPending} onClick={confirm}>
          {t('replacement.refundConfirm')}
        </Button>
      </div>
    </Sheet>
  );
}

/** After the choice: the chosen guide is asked and answers by `answerBy` (the card's waiting line). */
export function ReplacementWaiting({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const by = b.replacement?.answerBy;
  return (
    <p
      data-testid="replacement-waiting"
      className="mt-3 flex items-start gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900 dark:bg-primary-900/40 dark:text-primary-100"
    >
      <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {by
          ? t('replacement.waiting', {
              guide: b.guide.fullName,
              ...formatDeadline(by, currentLocale(), b.timeZone, t('bookings:japanTime')),
            })
          : t('card.waitingShort', { guide: b.guide.fullName })}
      </span>
    </p>
  );
}
