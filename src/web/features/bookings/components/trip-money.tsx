import { useTranslation } from 'react-i18next';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import { BesideText } from '../../../components/ui/beside-text';
import { formatBeside, formatMoney, formatWithAbout } from '../../../../shared/money-format';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatInstant } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { bookingAmountText, bookingPriceLines } from '../lib/price';
import { Fact } from './booking-card-parts';

const PAID = new Set<BookingPayment['status']>(['succeeded', 'partially_refunded', 'refunded']);

/**
 * A trip's money on its card (decision 179): the price's lines as charged (the server's labels: "3 天 ×
 * 8 小时", the group on its own lines), the travel credit taken off, the total; what was paid online, with
 * how and when; and what is left to pay the guide in person, to whom and on which day — a share each day
 * of several. Every amount is the server's: the booking's, in the currency its traveler saw with the
 * guide's beside (decision 168), and what is paid in person in the guide's currency with the traveler's beside.
 */
export function TripMoney({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const locale = currentLocale();
  const price = bookingPriceLines(b);
  const currency = price.currency ?? b.currency;
  const money = (cents: number, own?: number) =>
    price.own && own !== undefined
      ? formatBeside({ minor: cents, currency }, { minor: own, currency: price.own.currency }, locale)
      : formatMoney(cents, currency, locale);
  const credit = price.creditCents ?? 0;
  const deposit = b.payments.find((p) => p.kind === 'deposit' && PAID.has(p.status));
  const inPerson = b.payments.find((p) => p.kind === 'final_payment' && p.status !== 'failed');
  return (
    <Fact label={t('card.price')} wide>
      <dl className="space-y-1" data-testid="trip-money">
        {price.lines?.map((l, i) => (
          <Row key={i} label={l.label} value={money(l.amountCents, price.own?.lines?.[i])} muted />
        ))}
        {credit > 0 && (
          <Row
            label={t('card.money.credit')}
            value={`−${money(credit, b.creditCents)}`}
            className="text-green-800 dark:text-green-200"
          />
        )}
        {/*
         * Extensions paid count in the total at once (after paying 270 元 for an hour more the card said 810 for 4
         * hours).
         */}
        {b.extensionsPaidCents > 0 && (
          <Row label={t('card.money.extensions')} value={bookingAmountText(b, b.extensionsPaidCents, locale)} muted />
        )}
        <Row
          label={t('card.money.total')}
          value={
            b.extensionsPaidCents > 0
              ? bookingAmountText(b, b.totalPriceCents + b.extensionsPaidCents, locale)
              : money(price.totalCents, price.own?.totalCents)
          }
          strong
          testId="trip-price"
        />
      </dl>
      <div className="mt-2 space-y-1 border-t border-stone-100 pt-2 dark:border-stone-800">
        {deposit ? (
          <p data-testid="trip-paid">
            {t('card.money.paid', {
              amount: formatMoney(deposit.amountCents, deposit.currency, locale),
              how: methodText(t, deposit),
              date: formatInstant(b.depositPaidAt ?? deposit.createdAt, locale, b.timeZone).date,
            })}
            {deposit.provider === 'simulated' && (
              <span className="text-stone-500 dark:text-stone-400"> · {t('card.demo')}</span>
            )}
          </p>
        ) : (
          b.status !== 'cancelled' && (
            <p data-testid="trip-paid">
              {t('card.depositDuePrice', { price: formatMoney(b.chargeDepositCents, b.chargeCurrency, locale) })}
            </p>
          )
        )}
        <ChangesPaid booking={b} />
        {inPerson && b.status !== 'cancelled' && (
          <p data-testid="trip-paid-in-person">
            {t('card.money.paidInPerson', {
              guide: b.guide.fullName,
              amount: formatMoney(inPerson.amountCents, inPerson.currency, locale),
            })}
          </p>
        )}
        <InPersonDue booking={b} />
      </div>
    </Fact>
  );
}

/**
 * What a trip change or an extension moved online (decisions 177, 193): each change's and extension's payment, and
 * what came back of every online payment, a rejected extension's included, as the statement sums it per currency
 * (the reply's `refundedOnline`, which the booking PDF's refund line reads too).
 */
function ChangesPaid({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('trips');
  const locale = currentLocale();
  const moved = b.payments.filter((p) => (p.kind === 'change' || p.kind === 'extension') && PAID.has(p.status));
  const refunded = refundedText(b, locale);
  return (
    <>
      {moved.map((p) => (
        <p key={p.id} data-testid={`trip-${p.kind}-paid`}>
          {t(p.kind === 'change' ? 'card.money.changePaid' : 'card.money.extensionPaid', {
            amount: formatMoney(p.amountCents, p.currency, locale),
            date: formatInstant(p.createdAt, locale, b.timeZone).date,
          })}
        </p>
      ))}
      {refunded !== '' && b.status !== 'cancelled' && (
        <p data-testid="trip-refunded">{t('card.money.refunded', { amount: refunded })}</p>
      )}
    </>
  );
}

/**
 * What came back online, one sum per currency charged, from the statement (the reply's `refundedOnline`): the live
 * card's line and the cancelled card's say the figure the cancellation dialog promised, a change's refund included.
 */
export function refundedText(b: Booking, locale: ReturnType<typeof currentLocale>): string {
  return (b.refundedOnline ?? [])
    .filter((r) => r.cents > 0)
    .map((r) => formatMoney(r.cents, r.currency, locale))
    .join(' + ');
}

/** What is left to hand the guide, to whom and when: on the day for one day, a share each day for several. */
function InPersonDue({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('trips');
  const locale = currentLocale();
  const due = b.dueInPersonCents ?? 0;
  const days = b.dueInPersonOn ?? [];
  if (due <= 0 || days.length === 0) return null;
  const about = (cents: number, charge: number | null) =>
    formatWithAbout(
      { minor: cents, currency: b.currency },
      charge === null ? null : { minor: charge, currency: b.chargeCurrency },
      locale,
    );
  const dayDate = (date: string) => formatCalendarDate(date, locale, { weekday: 'short', year: undefined });
  return (
    <div data-testid="trip-due" className="rounded-lg bg-accent-50 px-3 py-2 dark:bg-accent-700/20">
      <p className="font-semibold text-accent-800 dark:text-accent-100">
        {t('card.money.due', { guide: b.guide.fullName, amount: about(due, b.dueInPersonChargeCents ?? null) })}
      </p>
      {days.length === 1 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {t('card.money.dueOnDay', { date: dayDate(days[0]!.date) })}
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('card.money.dueEachDay')}</p>
          <ol className="mt-1 space-y-0.5 text-sm">
            {days.map((d) => (
              <li key={d.day} className="flex flex-wrap justify-between gap-x-3">
                <span>{t('card.money.dayShare', { n: d.day, date: dayDate(d.date) })}</span>
                <span className="ml-auto tabular-nums">{about(d.cents, d.chargeCents)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function methodText(t: (key: string, o?: Record<string, unknown>) => string, p: BookingPayment): string {
  if (p.method === 'card' && p.last4) return t('card.money.cardEnding', { last4: p.last4 });
  return t(`bookings:payment.methods.${p.method}`);
}

function Row({
  label,
  value,
  strong,
  muted,
  className,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    // A label and its amount that do not fit on a phone's line: the amount under the label, to the right.
    <div
      className={cn(
        'flex flex-wrap items-baseline justify-between gap-x-3',
        strong && 'font-semibold',
        muted && 'text-stone-600 dark:text-stone-400',
        className,
      )}
    >
      <dt className="min-w-0">{label}</dt>
      <dd className="ml-auto min-w-0 text-right tabular-nums" data-testid={testId}>
        <BesideText text={value} />
      </dd>
    </div>
  );
}
