import { useTranslation } from 'react-i18next';
import { BesideText } from '../../../components/ui/beside-text';
import type { Currency, FxRate } from '../../../../shared/currency';
import { formatBeside, formatMoney } from '../../../../shared/money-format';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, hoursText } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

export interface PriceLines {
  /** Per hour for the first traveler: the service's price, else the guide's basic rate. */
  unitPriceCents: number;
  /** Per hour for each further traveler. */
  additionalPerPersonCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  hours: number;
  travelers: number;
  /** The price's lines as the server (or the shared rule) labels them (decision 152); they add up to total + credit. */
  lines?: { label: string; amountCents: number }[];
  /** Priced by the guide's offer (decision 078): one line, the offer's fee, instead of rate × hours. */
  fromOffer?: boolean;
  /** A travel credit taken off the total (decision 139): the lines above it add up to total + credit. */
  creditCents?: number;
  /** Until when that credit could have waited (a credit not yet spent, at the checkout): named with it. */
  creditExpiresAt?: string;
  /** Several days (decision 154): `hours` is every day's hours, and the first line reads as the days. */
  days?: number;
  /** One day's price of several, the server's (the quote's `chargeDayTotal`, decision 176). */
  dayTotalCents?: number;
  /** The currency every amount above is in (decision 164); yuan when missing. */
  currency?: Currency;
  /**
   * The guide's own figures when the amounts above are in another currency (decision 168): the
   * quote's or the booking's, shown beside them; `lines` in the order of `lines` above.
   */
  own?: {
    currency: Currency;
    totalCents: number;
    depositCents: number;
    balanceCents: number;
    lines?: number[];
    dayTotalCents?: number;
  };
  /** The rate between the two (the quote's, or the one the booking was made at). */
  rate?: FxRate;
}

/**
 * The total and how it is made: the price's lines (decision 152: the group's, as priced), else the
 * first traveler's hours and the additional travelers' hours (the second takes the rounding), then
 * the deposit paid online now and the rest paid to the guide in person.
 */
export function PriceBreakdown({
  price,
  className,
  estimate,
  paid,
}: {
  price: PriceLines;
  className?: string;
  estimate?: boolean;
  paid?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const days = price.days ?? 1;
  const extraPeople = Math.max(0, price.travelers - 1);
  const credit = price.creditCents ?? 0;
  // Days are priced by the day (a day rate, decision 154): the further travelers' hours are the known part.
  const base =
    days > 1
      ? price.totalCents + credit - Math.round(price.additionalPerPersonCents * extraPeople * price.hours)
      : Math.round(price.unitPriceCents * price.hours);
  const extra = price.totalCents + credit - base;
  const percent = price.totalCents > 0 ? Math.round((price.depositCents / price.totalCents) * 100) : 0;
  const locale = currentLocale();
  const currency = price.currency ?? 'CNY';
  // In the reader's currency, with the guide's own beside it when they differ (decision 168).
  const money = (cents: number, own?: number, exact = false) =>
    price.own && own !== undefined
      ? formatBeside({ minor: cents, currency }, { minor: own, currency: price.own.currency }, locale, exact)
      : formatMoney(cents, currency, locale);
  // A unit price in a line's label: the reader's currency alone.
  const unit = (cents: number) => formatMoney(cents, currency, locale);
  return (
    <div className={className}>
      <dl className="space-y-1.5 text-sm">
        {price.lines && !price.fromOffer ? (
          price.lines.map((l, i) => (
            <Line key={i} label={l.label} value={money(l.amountCents, price.own?.lines?.[i])} />
          ))
        ) : price.fromOffer ? (
          <Line
            label={t('price.offer', { hours: hoursText(price.hours), count: price.travelers })}
            value={money(price.totalCents, price.own?.totalCents)}
          />
        ) : days > 1 ? (
          <Line label={t('price.days', { count: days, hours: hoursText(price.hours / days) })} value={money(base)} />
        ) : (
          <Line
            label={t('price.basePrice', { price: unit(price.unitPriceCents), hours: hoursText(price.hours) })}
            value={money(base)}
          />
        )}
        {extraPeople > 0 && !price.fromOffer && !price.lines && (
          <Line
            label={t('price.extraPrice', {
              price: unit(price.additionalPerPersonCents),
              count: extraPeople,
              hours: hoursText(price.hours),
            })}
            value={money(extra)}
          />
        )}
        {credit > 0 && (
          <Line
            label={
              price.creditExpiresAt
                ? t('price.creditUntil', { date: formatCalendarDate(price.creditExpiresAt.slice(0, 10), locale) })
                : t('price.credit')
            }
            value={`−${money(credit)}`}
            className="text-green-800 dark:text-green-200"
          />
        )}
        <Line
          label={t('price.total')}
          value={money(price.totalCents, price.own?.totalCents)}
          className="border-t border-stone-200 pt-2 text-base font-semibold dark:border-stone-700"
        />
        <Line
          label={t(paid ? 'price.depositPaid' : 'price.deposit', { percent })}
          // A deposit paid was charged exactly that, never "about" it (decision 193).
          value={money(price.depositCents, price.own?.depositCents, paid)}
          className="font-semibold text-primary-800 dark:text-primary-200"
        />
        <Line
          label={t('price.balance')}
          value={money(price.balanceCents, price.own?.balanceCents)}
          className="text-stone-600 dark:text-stone-400"
        />
      </dl>
      {estimate && <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">{t('price.estimateNote')}</p>}
    </div>
  );
}

function Line({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', className)}>
      <dt className="min-w-0">{label}</dt>
      {/* Two currencies side by side wrap under a long label on a phone rather than push it out. */}
      <dd className="min-w-0 shrink-0 text-right tabular-nums max-sm:max-w-[60%] max-sm:shrink">
        <BesideText text={value} />
      </dd>
    </div>
  );
}
