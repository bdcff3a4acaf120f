import { ClipboardCheck } from 'lucide-react';
import { BesideText } from '../../../components/ui/beside-text';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GuideExtra } from '../../../../shared/booking/money-rules';
import { cancellationTerms } from '../../../../shared/booking/cancellation-terms';
import { PAYMENT_WINDOW_MINUTES } from '../../../../shared/booking/schedule';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { PaymentMethodName } from '../../../../shared/schemas/payments';
import type { ShopStop } from '../../../../shared/schemas/shop-stops';
import { ShopStopsList } from '../../../components/ui/shop-stops';
import { ExtrasList } from '../../guides';
import { currentLocale } from '../../../lib/i18n';
import { durationText, formatCalendarDate, formatDeadline, hoursText } from '../../../lib/format';
import { shareOfCharge, type Currency, type FxRate } from '../../../../shared/currency';
import { formatBeside, formatMoney } from '../../../../shared/money-format';
import type { PriceLines } from './price-breakdown';
import { spanText } from '../../../../shared/booking/span-text';
import { TourTime } from '../../../components/ui/tour-time';
import { groupText } from '../lib/group-text';
import { bookingCharge, bookingTerms } from '../lib/price';
import { inCurrency } from '../../../../shared/booking/charge';
import type { ChoosableExtraKind } from '../../../../shared/booking/family-plans';

/** Until when what is being paid for stays open, as each screen knows it. */
export type ReviewValidity =
  /** A new booking: Pay creates it and holds the time for the payment window. */
  | { kind: 'newHold' }
  /** A pending booking, held until its payment is due. */
  | { kind: 'hold'; until: string }
  /** A guide's offer, open until it lapses. */
  | { kind: 'offer'; until: string }
  /** An extension not asked for yet: Pay asks, and the request waits for the payment window. */
  | { kind: 'extensionNew' }
  /** An extension asked for and unpaid, lapsing at its due time. */
  | { kind: 'extension'; until: string };

export interface OrderReviewFacts {
  /** The service in the reader's language. */
  service: string;
  guideName: string;
  /** The tour's date and start, in the guide's time zone. */
  date: string;
  startTime: string;
  timeZone: string;
  hours: number;
  travelers: number;
  /**
   * The server's figures (a booking, an offer, an extension's fee) or the shared rule's preview, which Pay checks
   * against the server's.
   */
  totalCents: number;
  nowCents: number;
  inPersonCents: number;
  method: PaymentMethodName;
  /** The deposit the cancellation tiers split; null for an extension, whose own terms apply. */
  depositCents: number | null;
  validity: ReviewValidity;
  /** A guide's offer: the shop stops it declared (decision 135), read before paying. */
  shopStops?: readonly ShopStop[];
  /** A travel credit already taken off the total (decision 139). */
  creditCents?: number;
  /** The group's children (3–11) and infants (under 3) among the travelers (decision 152). */
  children?: number;
  infants?: number;
  /** The price's lines as labelled (decision 152); they add up to total + credit. */
  lines?: { label: string; amountCents: number }[];
  /** Consecutive days, each of `hours` from `startTime` (decision 154); one when missing. */
  days?: number;
  /** What the guide declares the tour includes or not (decision 151), read before paying. */
  extras?: readonly GuideExtra[];
  /** The extras the family expects to pay at cost in person (decision 178): listed apart, in no amount above. */
  atCost?: readonly { kind: ChoosableExtraKind; priceCents: number; currency: Currency }[];
  /** The booking's frozen overtime rate an hour (decision 152), shown as the overtime extra's price. */
  overtimeRateCents?: number | null;
  /** The currency of the amounts above (decision 164); yuan when missing. */
  currency?: Currency;
  /** The guide's own figures when the amounts above are in another currency (decision 168). */
  own?: PriceLines['own'];
  /** The rate the quote or the booking converts at. */
  rate?: FxRate;
  /** What Pay charges now, when it is not `nowCents` in `currency`: a wallet charges yuan (decision 164). */
  charge?: { amountCents: number; currency: Currency };
}

/** The extras with the overtime priced at the rate the booking froze, where it has one. */
const extrasAsBooked = (extras: readonly GuideExtra[], overtimeRateCents: number | null | undefined) =>
  overtimeRateCents == null
    ? extras
    : extras.map((e) => (e.kind === 'overtime_hour' && !e.included ? { ...e, priceCents: overtimeRateCents } : e));

/**
 * The review of an extension's payment: the booking's tour, the extension's hours and the server's
 * fee (or the same rule's preview until the request is sent), paid in full online. Like the booking's
 * own figures, the fee reads in the currency its traveler saw with the guide's own beside it, and Pay
 * charges what the method charges (decision 164, 168).
 */
export function extensionReviewFacts(
  b: Booking,
  extension: { hours: number; priceCents: number },
  method: PaymentMethodName,
  service: string,
): OrderReviewFacts {
  const seen = b.rate ? b.chargeCurrency : b.currency;
  const seenCents = inCurrency(bookingTerms(b), extension.priceCents, seen);
  return {
    service,
    guideName: b.guide.fullName,
    date: b.date,
    startTime: b.scheduledStartTime,
    timeZone: b.timeZone,
    hours: extension.hours,
    travelers: b.travelers,
    totalCents: seenCents,
    nowCents: seenCents,
    inPersonCents: 0,
    method,
    depositCents: null,
    validity: b.extension?.payBy ? { kind: 'extension', until: b.extension.payBy } : { kind: 'extensionNew' },
    currency: seen,
    own:
      seen === b.currency
        ? undefined
        : { currency: b.currency, totalCents: extension.priceCents, depositCents: 0, balanceCents: 0 },
    rate: b.rate ?? undefined,
    charge: bookingCharge(b, extension.priceCents, method),
  };
}

/**
 * The final confirmation before money is committed (decision 122): what is booked, what it costs,
 * what is paid now and what in person, how and when, what a cancellation gives back of this
 * booking's own deposit (`cancellationTerms`, the split the server cancels with), and how long the
 * hold or the offer lasts. One block beside every Pay button that commits money: checkout, an
 * offer's booking, an extension.
 */
export function OrderReview({ facts, className }: { facts: OrderReviewFacts; className?: string }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const currency = facts.currency ?? 'CNY';
  const own = facts.own;
  // The reader's currency, the guide's own beside it when they differ (decision 168).
  const shown = (cents: number, ownCents?: number) => (
    <BesideText
      text={
        own && ownCents !== undefined
          ? formatBeside({ minor: cents, currency }, { minor: ownCents, currency: own.currency }, locale)
          : formatMoney(cents, currency, locale)
      }
    />
  );
  const charge = facts.charge ?? { amountCents: facts.nowCents, currency };
  const now = formatMoney(charge.amountCents, charge.currency, locale);
  // Paid in person in the guide's own currency: yen for a guide in yen, handed over in Japan.
  const inPersonCurrency = own?.currency ?? currency;
  const inPerson = formatMoney(own ? own.balanceCents : facts.inPersonCents, inPersonCurrency, locale);
  const converted = !!facts.rate && (!!own || charge.currency !== currency);
  const titleId = useId();
  const method = t(`payment.methods.${facts.method}`);
  // Deadlines are dated and on the tour's clock, like the tour they belong to (formatDeadline).
  const at = (iso: string) => formatDeadline(iso, locale, facts.timeZone, t('japanTime'));
  const extension = facts.depositCents === null;
  const days = facts.days ?? 1;

  return (
    <section aria-labelledby={titleId} className={className} data-testid="order-review">
      <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-stone-900 dark:text-white">
        <ClipboardCheck className="h-5 w-5 shrink-0 text-primary-700 dark:text-primary-300" aria-hidden />
        {t('review.title')}
      </h3>
      <dl className="mt-3 space-y-1.5 text-sm">
        <Row label={t('review.service')}>{facts.service}</Row>
        <Row label={t('review.guide')}>{facts.guideName}</Row>
        <Row label={t('review.when')}>
          {/* Several days: every one of them, each at the same hours (decision 154). */}
          {days > 1 ? (
            <>
              {/* No space after a full-width bracket (locales/VOICE.md). */}
              {spanText(facts.date, days, locale)}
              {locale === 'en' && ' '}
              <TourTime date={facts.date} start={facts.startTime} hours={facts.hours} timeZone={facts.timeZone} />
            </>
          ) : (
            <>
              {formatCalendarDate(facts.date, locale, { weekday: 'short' })}{' '}
              <TourTime date={facts.date} start={facts.startTime} timeZone={facts.timeZone} />
            </>
          )}
        </Row>
        <Row label={t('review.group')}>
          {t('review.groupValue', {
            duration:
              days > 1
                ? t('price.days', { count: days, hours: hoursText(facts.hours) })
                : durationText(facts.hours, locale),
            travelers: groupText(t, facts),
          })}
        </Row>
        {facts.lines?.map((l, i) => (
          <Row key={i} label={l.label}>
            {shown(l.amountCents, own?.lines?.[i])}
          </Row>
        ))}
        {!!facts.creditCents && (
          <Row label={t('review.credit')}>−{formatMoney(facts.creditCents, currency, locale)}</Row>
        )}
        <Row label={t('review.total')} strong>
          {shown(facts.totalCents, own?.totalCents)}
        </Row>
        <Row label={t('review.now')} strong>
          <span data-testid="review-now">{now}</span>
        </Row>
        {facts.inPersonCents > 0 && (
          <Row label={t('review.inPerson')}>
            <span data-testid="review-in-person">{inPerson}</span>
          </Row>
        )}
      </dl>
      {!!facts.atCost?.length && (
        <div data-testid="review-at-cost">
          <h4 className="mt-4 text-sm font-semibold">{t('family.atCostTitle')}</h4>
          <dl className="mt-1 space-y-1.5 text-sm">
            {facts.atCost.map((e, i) => (
              <Row key={i} label={t(`family.kind.${e.kind}`)}>
                {t('family.atCostLine', { price: formatMoney(e.priceCents, e.currency, locale) })}
              </Row>
            ))}
          </dl>
          <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('family.atCostNote')}</p>
        </div>
      )}
      {facts.shopStops && <ShopStopsList stops={facts.shopStops} className="mt-3 text-sm" />}
      {!!facts.extras?.length && (
        <>
          <h4 className="mt-4 text-sm font-semibold">{t('review.extras')}</h4>
          <ExtrasList
            extras={extrasAsBooked(facts.extras, facts.overtimeRateCents)}
            currency={inPersonCurrency}
            className="mt-1 text-sm text-stone-700 dark:text-stone-300"
          />
        </>
      )}

      <h4 className="mt-4 text-sm font-semibold">{t('review.payment')}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-700 dark:text-stone-300">
        <li>{t('review.paymentNow', { method, amount: now })}</li>
        {charge.currency !== currency && (
          <li>{t('review.walletYuan', { amount: now, shown: formatMoney(facts.nowCents, currency, locale) })}</li>
        )}
        {facts.inPersonCents > 0 && (
          <li>
            {/* Several days pay a share each day, on that day (decision 179). */}
            {t(`review.paymentInPerson${inPersonCurrency === 'JPY' ? 'Yen' : ''}${days > 1 ? 'Days' : ''}` as const, {
              amount: inPerson,
              days,
            })}
          </li>
        )}
        {converted && (
          <li data-testid="review-rate">
            {t('review.rate', { rate: facts.rate!.jpyPerCny, date: formatCalendarDate(facts.rate!.asOf, locale) })}
          </li>
        )}
      </ul>

      <h4 className="mt-4 text-sm font-semibold">{t('review.cancellation')}</h4>
      {extension ? (
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{t('review.extensionTerms', { amount: now })}</p>
      ) : (
        <Tiers
          depositCents={own?.depositCents ?? facts.depositCents!}
          charged={charge}
          format={(cents) => formatMoney(cents, charge.currency, locale)}
        />
      )}

      <h4 className="mt-4 text-sm font-semibold">{t('review.validity')}</h4>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" data-testid="order-review-validity">
        {validityText(facts.validity, t, at)}
      </p>
      <p className="mt-3 text-xs text-stone-500 dark:text-stone-400">
        <Link
          to="/legal/commerce"
          className="underline underline-offset-2 hover:text-primary-700 dark:hover:text-primary-300"
        >
          {t('review.disclosure')}
        </Link>
      </p>
    </section>
  );
}

function validityText(
  v: ReviewValidity,
  t: (key: string, o?: Record<string, unknown>) => string,
  at: (iso: string) => { date: string; time: string; zone: string },
): string {
  const minutes = PAYMENT_WINDOW_MINUTES;
  switch (v.kind) {
    case 'newHold':
      return t('review.holdNew', { minutes });
    case 'hold':
      return t('review.holdUntil', at(v.until));
    case 'offer':
      return t('review.offerUntil', at(v.until));
    case 'extensionNew':
      return t('review.extensionNew', { minutes });
    case 'extension':
      return t('review.extensionUntil', at(v.until));
  }
}

/**
 * This booking's deposit by the tiers: what comes back and what is kept, in what is charged. A tier
 * returns its share of the charge, as the server refunds it (`shareOfCharge`, decision 164).
 */
function Tiers({
  depositCents,
  charged,
  format,
}: {
  depositCents: number;
  charged: { amountCents: number };
  format: (cents: number) => string;
}) {
  const { t } = useTranslation('bookings');
  const back = (refund: number) => (depositCents > 0 ? shareOfCharge(refund, depositCents, charged.amountCents) : 0);
  return (
    <>
      <table className="mt-1 w-full text-left text-sm" data-testid="order-review-tiers">
        <caption className="sr-only">{t('review.cancellation')}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-xs text-stone-500 dark:border-stone-700 dark:text-stone-400">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t('review.cancelWhen')}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              {t('review.cancelRefund')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('review.cancelFee')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-stone-800">
          {cancellationTerms(depositCents).map((term) => (
            <tr key={term.case}>
              <th scope="row" className="py-1 pr-2 font-normal">
                {t(`policy.tiers.${term.case}`)}
              </th>
              <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{format(back(term.refundCents))}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">
                {format(charged.amountCents - back(term.refundCents))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('review.cancelNote')}</p>
    </>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="shrink-0 text-stone-600 dark:text-stone-400">{label}</dt>
      <dd
        className={`min-w-0 text-right ${strong ? 'font-semibold text-stone-900 dark:text-white' : 'text-stone-800 dark:text-stone-200'}`}
      >
        {children}
      </dd>
    </div>
  );
}
