import { CheckCircle2, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CANCELLATION_REFUND_RATES } from '../../../../shared/booking/money-rules';
import { CHANGE_ANSWER_HOURS, type ChangeQuote } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { changeTripText, payNowText } from '../lib/change-text';
import { formatBeside, formatMoney } from '../../../../shared/money-format';
import type { Locale } from '../../../../shared/locales';
import { bookingAmountText } from '../lib/price';

/**
 * What a trip change does, in words, for the traveler (decision 177): the new trip, its total, what is
 * paid now or comes back (with the cancellation tier that measured a release), what is left to pay the
 * guide in person, and whether the guide must accept it first. Every figure is the server's, in the
 * booking's currency with what a card is charged beside it when the traveler saw another (decision 168).
 */
export function ChangeQuoteSummary({
  booking: b,
  quote: q,
  className,
}: {
  booking: Booking;
  quote: ChangeQuote;
  className?: string;
}) {
  const { t } = useTranslation(['changes', 'bookings']);
  const locale = currentLocale();
  const money = (cents: number) => bookingAmountText(b, cents, locale);
  const m = q.money;
  const released = m.refundCents + m.keptCents;
  const percent = m.tier ? Math.round(CANCELLATION_REFUND_RATES[m.tier] * 100) : 0;
  // The tier is measured from the first day dropped, else from the start (a smaller group).
  const droppedDays = q.to.days < q.from.days;
  return (
    <div className={cn('space-y-3 text-sm', className)} data-testid="change-quote">
      <dl className="space-y-2">
        <Line label={t('quote.newTrip')} value={changeTripText(t, q.to, locale)} />
        <Line
          label={t('quote.newTotal')}
          value={money(q.to.totalCents)}
          note={t('quote.now', { amount: money(q.from.totalCents) })}
          strong
        />
        {m.payNowCents > 0 ? (
          <Line label={t('quote.payNow')} value={payNowText(m, locale)} note={t('quote.payNowWhy')} strong />
        ) : released > 0 ? (
          <>
            <Line
              label={t('quote.back')}
              value={backText(b, m, locale)}
              note={
                m.tier
                  ? t(droppedDays ? 'quote.backWhyDays' : 'quote.backWhyGroup', { percent, when: t(`when.${m.tier}`) })
                  : undefined
              }
              strong
            />
            {m.keptCents > 0 && (
              <p className="text-xs text-stone-600 dark:text-stone-400">
                {t('quote.kept', { amount: money(m.keptCents) })}
              </p>
            )}
          </>
        ) : (
          <p className="text-stone-600 dark:text-stone-400">{t('quote.nothingToPay')}</p>
        )}
        <Line
          label={t('quote.inPerson')}
          value={money(q.to.inPersonCents)}
          note={t('quote.now', { amount: money(q.from.inPersonCents) })}
        />
      </dl>
      <p
        className={cn(
          'flex items-start gap-2 rounded-lg px-3 py-2',
          q.needsGuide
            ? 'bg-primary-50 text-primary-900 dark:bg-primary-900/40 dark:text-primary-100'
            : 'bg-green-50 text-green-900 dark:bg-green-900/30 dark:text-green-100',
        )}
      >
        {q.needsGuide ? (
          <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        ) : (
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        )}
        <span>{q.needsGuide ? t('quote.needsGuide', { hours: CHANGE_ANSWER_HOURS }) : t('quote.instant')}</span>
      </p>
    </div>
  );
}

/**
 * What comes back, as the refund returns it (decision 193): the server's parts per currency paid, exactly, with the
 * booking's own beside when one other currency returns it; the refund converted when the quote has no parts.
 */
function backText(b: Booking, m: ChangeQuote['money'], locale: Locale): string {
  const parts = m.refunds ?? [];
  if (parts.length === 0) return bookingAmountText(b, m.refundCents, locale);
  const [one] = parts;
  if (parts.length === 1 && one!.currency !== b.currency)
    return formatBeside(
      { minor: one!.cents, currency: one!.currency },
      { minor: m.refundCents, currency: b.currency },
      locale,
      true,
    );
  return parts.map((r) => formatMoney(r.cents, r.currency, locale)).join(' + ');
}

function Line({ label, value, note, strong }: { label: string; value: string; note?: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className={cn('text-right tabular-nums', strong && 'font-semibold text-stone-900 dark:text-stone-100')}>
        {value}
      </dd>
      {note && <dd className="basis-full text-xs text-stone-500 dark:text-stone-400">{note}</dd>}
    </div>
  );
}
