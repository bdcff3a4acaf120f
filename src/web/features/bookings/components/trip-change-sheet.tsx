import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingChange, ChangeBody } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { CHANGE_ANSWER_HOURS } from '../../../../shared/schemas/booking-changes';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { durationText } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGuide } from '../../guides';
import { useChangeQuote, useRequestChange } from '../api/booking-changes';
import { bookedTrip, changeRefusalText, changeTripText } from '../lib/change-text';
import { formatMoney } from '../../../../shared/money-format';
import { ChangeQuoteSummary } from './change-quote-summary';
import { DaysPicker } from './days-picker';
import { GroupSteppers } from './group-steppers';

/** How long the steppers rest before the change is priced: a few taps make one question. */
const QUOTE_DEBOUNCE_MS = 400;
/** The schema's bounds, until the guide's own range has loaded. */
const ANY_GROUP = { minPeople: 1, maxPeople: 50 };

const same = (a: ChangeBody, b: ChangeBody) =>
  a.adults === b.adults && a.children === b.children && a.infants === b.infants && a.days === b.days;

/**
 * "Change the trip" (decision 177): the group's steppers and the days, the same date and start; the
 * change is priced by the server as they settle (`QUOTE_DEBOUNCE_MS`) and read in words
 * (`ChangeQuoteSummary`); a refusal reads as the booking box's (decision 176) or the change's own.
 * Sent, a change with something to pay goes on to its payment (`onAwaitingPayment`); one the guide
 * must accept, or made at once, is told in a toast.
 */
export function TripChangeSheet({
  booking: b,
  open,
  onOpenChange,
  onAwaitingPayment,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onAwaitingPayment: (change: BookingChange) => void;
}) {
  const { t } = useTranslation(['changes', 'bookings']);
  const locale = currentLocale();
  const booked = bookedTrip(b);
  const days = b.days ?? 1;
  const asBooked = useMemo<ChangeBody>(
    () => ({ adults: b.adults, children: b.children, infants: b.infants, days }),
    [b.adults, b.children, b.infants, days],
  );
  // Nothing chosen is the trip as booked now: once a change is made the sheet opens on the new trip. Kept
  // from its first opening, a second change (a day dropped) silently asked the first one's group back too.
  const [choice, setChoice] = useState<ChangeBody | null>(null);
  const asked = choice ?? asBooked;
  const [sendError, setSendError] = useState<string | null>(null);
  const errorId = useId();
  const guide = useGuide(open ? b.guideId : 0);
  const range = guide.data ?? ANY_GROUP;
  const settled = useDebouncedValue(asked, QUOTE_DEBOUNCE_MS);
  const unchanged = same(settled, booked);
  const quote = useChangeQuote(b.id, open && !unchanged ? settled : null);
  const request = useRequestChange();
  // The quote on screen is the one of what is chosen now: not a previous one kept while the next is asked.
  const current = !unchanged && same(settled, asked) && quote.data && !quote.isPlaceholderData ? quote.data : null;
  const waiting = !same(settled, asked) || (!unchanged && quote.isFetching);
  const refusal = quote.isError
    ? changeRefusalText(t, quote.error, { booking: b, days: settled.days, ...range }, locale)
    : null;

  const reset = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setChoice(null);
      setSendError(null);
      request.reset();
    }
  };
  const change = (patch: Partial<ChangeBody>) => {
    setChoice((a) => ({ ...(a ?? asBooked), ...patch }));
    setSendError(null);
  };
  const send = () => {
    if (!current) return;
    // mutateAsync: the reply is handled even when the list, read again, has already re-rendered the card.
    request.mutateAsync({ id: b.id, body: asked }).then(
      (c) => {
        reset(false);
        if (c.status === 'awaiting_payment') return onAwaitingPayment(c);
        const trip = changeTripText(t, c.to, locale);
        if (c.status === 'requested')
          showToast({
            title: t('toasts.requested'),
            description: t('toasts.requestedBody', { guide: b.guide.fullName, hours: CHANGE_ANSWER_HOURS }),
            variant: 'success',
          });
        else
          showToast({ title: t('toasts.applied'), description: t('toasts.appliedBody', { trip }), variant: 'success' });
      },
      (err) =>
        setSendError(
          changeRefusalText(t, err, { booking: b, days: asked.days, ...range }, locale) ?? t('sheet.sendFailed'),
        ),
    );
  };
  const submitLabel = !current
    ? t('sheet.submit')
    : current.money.payNowCents > 0
      ? t('sheet.submitPay', {
          amount: formatMoney(current.money.payNowChargeCents, current.money.chargeCurrency, locale),
        })
      : current.needsGuide
        ? t('sheet.submitAsk', { guide: b.guide.fullName })
        : t('sheet.submit');

  return (
    <Sheet
      open={open}
      onOpenChange={reset}
      title={t('sheet.title')}
      description={t('sheet.description', { guide: b.guide.fullName })}
      closeLabel={t('bookings:close')}
    >
      <div className="space-y-4">
        <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
          {t('sheet.current', { trip: changeTripText(t, booked, locale) })}
        </p>
        <GroupSteppers guide={range} group={asked} onChange={change} />
        <DaysPicker
          days={asked.days}
          date={b.date}
          dayHours={b.duration}
          hourly={false}
          eachDay={t('sheet.eachDay', { hours: durationText(b.duration, locale), time: b.scheduledStartTime })}
          onChange={(days) => change({ days: days ?? 1 })}
        />
        <div aria-live="polite" aria-busy={waiting} className="min-h-16">
          {same(asked, booked) ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('sheet.same')}</p>
          ) : waiting ? (
            <QuoteSkeleton label={t('sheet.loading')} />
          ) : refusal ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
            >
              {refusal}
            </p>
          ) : quote.isError ? (
            <div role="alert" className="space-y-2 text-sm text-red-900 dark:text-red-200">
              <p>{t('sheet.quoteFailed')}</p>
              <Button size="sm" variant="outline" onClick={() => void quote.refetch()}>
                {t('sheet.retry')}
              </Button>
            </div>
          ) : current ? (
            <ChangeQuoteSummary booking={b} quote={current} />
          ) : (
            <QuoteSkeleton label={t('sheet.loading')} />
          )}
        </div>
        {sendError && (
          <p id={errorId} role="alert" className="text-sm text-danger-600 dark:text-red-400">
            {sendError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="outline" onClick={() => reset(false)}>
            {t('sheet.back')}
          </Button>
          <Button
            variant="accent"
            busy={request.isPending}
            disabled={!current || waiting}
            aria-describedby={sendError ? errorId : undefined}
            onClick={send}
          >
            {submitLabel}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}

/** The quote's shape while it is asked: four lines and the guide's line. */
function QuoteSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-2" data-testid="change-quote-loading">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex justify-between gap-4" aria-hidden>
          <span className="h-4 w-24 animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-700" />
          <span className="h-4 w-20 animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-700" />
        </div>
      ))}
      <div
        className="h-9 animate-pulse rounded-lg bg-stone-100 motion-reduce:animate-none dark:bg-stone-800"
        aria-hidden
      />
    </div>
  );
}
