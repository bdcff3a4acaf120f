import { Lock } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYING_HELP_PATH } from '../../licences';
import { Link } from 'react-router';
import { createPaymentBodySchema } from '../../../../shared/schemas/payments';
import { type Booking } from '../../../../shared/schemas/bookings';
import { type CreateBookingBody } from '../../../../shared/schemas/booking-create';
import type { GuideExtra } from '../../../../shared/booking/money-rules';
import type { Offer } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePaymentConfig } from '../api/get-payment-config';
import { useCheckout } from '../hooks/use-checkout';
import { localName } from '../../../lib/format';
import { formatMoney } from '../../../../shared/money-format';
import { chargeNow } from '../lib/price';
import { CancellationPolicy } from './cancellation-policy';
import { OrderReview, type OrderReviewFacts } from './order-review';
import { emptyPayment, PaymentFields, paymentBody, type PaymentValues } from './payment-fields';
import { PriceBreakdown, type PriceLines } from './price-breakdown';
import { StripePaymentFields, stripePaymentBody, type StripePaymentHandle } from './stripe-payment-fields';
import { TourSummary, type TourInfo } from './tour-summary';
import { tourDates } from '../../../../shared/booking/tour-days';
import { DayPlansFields, dayPlansBody, type DayPlanDraft } from './day-plans-fields';
import { FixedMeeting, MeetingFields, useMeetingDraft } from './checkout-meeting';
import { Problem } from './checkout-problem';

/**
 * /checkout: the tour, the meeting point (docs/rules/messaging.md postal code and address rules), the deposit's
 * payment, and the cancellation policy, with the price and the Pay button beside them (below them on
 * phones). A new booking is created by the first Pay, with the meeting point; an existing pending
 * booking (Continue Payment) is paid as it is.
 */
export function CheckoutForm({
  tour,
  price,
  booking,
  draft,
  offer,
  guideProfilePath,
  extras,
  atCost,
  onCreated,
  onPaid,
  onApproval,
  onContactSupport,
}: {
  tour: TourInfo;
  price: PriceLines;
  booking?: Booking;
  draft?: Omit<CreateBookingBody, 'meetingAddress' | 'meetingPostalCode' | 'notes'>;
  /** A guide's offer being booked (decision 078): its terms are fixed, nothing is typed again. */
  offer?: Offer;
  guideProfilePath: string;
  /** What the guide declares the tour includes or not (decision 151), listed in the review before paying. */
  extras?: readonly GuideExtra[];
  /** The extras ticked in the box, paid at cost in person (decision 178): listed, never charged. */
  atCost?: OrderReviewFacts['atCost'];
  onCreated: (booking: Booking) => void;
  onPaid: (booking: Booking) => void;
  onApproval: (url: string) => void;
  onContactSupport: () => void;
}) {
  const { t } = useTranslation(['bookings', 'licences']);
  const locale = currentLocale();
  const formId = useId();
  const config = usePaymentConfig();
  const demo = config.data?.demo ?? true;
  const stripeKey = config.data?.publishableKey ?? null;
  const stripe = useRef<StripePaymentHandle>(null);
  const [stripeCardComplete, setStripeCardComplete] = useState(false);
  const meeting = useMeetingDraft();
  const [plans, setPlans] = useState<DayPlanDraft[]>([]);
  const [payment, setPayment] = useState<PaymentValues>(() => emptyPayment(currentLocale()));
  const paymentFailed = () =>
    showToast({
      title: t('toasts.paymentFailed'),
      description: t('toasts.paymentFailedBody'),
      variant: 'destructive',
      action: { label: t('contactSupport'), onClick: onContactSupport },
    });
  const checkout = useCheckout({
    booking,
    draft,
    offerId: offer?.id,
    preview: booking ? undefined : price,
    onCreated,
    onPaid,
    onApproval,
    onPaymentFailed: paymentFailed,
    confirm: stripeKey ? (reply) => stripe.current!.confirm(reply) : undefined,
  });
  const body = stripeKey ? stripePaymentBody(payment) : paymentBody(payment);
  const complete =
    createPaymentBodySchema.safeParse(body).success &&
    (!stripeKey || payment.method !== 'card' || (stripeCardComplete && !!payment.cardHolder.trim()));
  const meetingFixed = !!booking || !!offer;
  const fixed =
    booking ??
    (offer
      ? {
          meetingAddress: offer.meetingAddress,
          meetingPostalCode: offer.meetingPostalCode,
          meetingLat: offer.meetingLat,
          meetingLng: offer.meetingLng,
          notes: offer.itinerary,
        }
      : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checkout.busy || !complete) return;
    const { address, postal, coords, notes, setErrors, postalError, addressRef, postalRef } = meeting;
    if (!meetingFixed) {
      const next = { address: address.trim() ? undefined : t('meeting.addressRequired'), postal: postalError(postal) };
      setErrors(next);
      if (next.postal) {
        showToast({ title: t('toasts.postalTitle'), description: t('toasts.postalBody'), variant: 'destructive' });
        postalRef.current?.focus();
        return;
      }
      if (next.address) {
        addressRef.current?.focus();
        return;
      }
    }
    void checkout.pay(
      meetingFixed
        ? { meetingAddress: '' }
        : {
            meetingAddress: address.trim(),
            meetingPostalCode: postal || undefined,
            ...coords,
            notes: notes.trim() || undefined,
            ...(dayPlansBody(plans).length && { dayPlans: dayPlansBody(plans) }),
          },
      body,
    );
  };

  const payHintId = `${formId}-pay-hint`;
  // What Pay charges with the chosen method (a wallet charges yuan), and what is left for the guide in
  // the guide's own currency (decision 164): the server's figures, not computed here for charging.
  const charge = chargeNow(price, payment.method);
  const nowText = formatMoney(charge.amountCents, charge.currency, locale);
  const restText = price.own
    ? formatMoney(price.own.balanceCents, price.own.currency, locale)
    : formatMoney(price.balanceCents, price.currency ?? 'CNY', locale);
  // The final confirmation beside Pay (decision 122): the server's figures for a booking or an offer,
  // the shared rule's preview for a new booking (Pay stops if the server's price differs).
  const review: OrderReviewFacts = {
    service: tour.service ? localName(tour.service, locale) : t('summary.basicTour'),
    guideName: tour.guide.fullName,
    date: tour.date,
    startTime: tour.startTime,
    timeZone: tour.timeZone,
    hours: tour.hours,
    days: tour.days,
    travelers: tour.travelers,
    totalCents: price.totalCents,
    nowCents: price.depositCents,
    inPersonCents: price.balanceCents,
    method: payment.method,
    depositCents: price.depositCents,
    creditCents: price.creditCents,
    children: tour.children,
    infants: tour.infants,
    lines: price.fromOffer ? undefined : price.lines,
    extras,
    atCost: booking ? booking.extras : atCost,
    overtimeRateCents: booking?.overtimeRateCents,
    currency: price.currency,
    own: price.fromOffer ? undefined : price.own,
    rate: price.rate,
    charge,
    validity: booking?.paymentDueAt
      ? { kind: 'hold', until: booking.paymentDueAt }
      : offer
        ? { kind: 'offer', until: offer.expiresAt }
        : { kind: 'newHold' },
    ...(offer && !booking && { shopStops: offer.shopStops }),
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        <Panel id={`${formId}-tour`} title={t('checkout.tour')}>
          <TourSummary tour={tour} />
        </Panel>
        <Panel
          id={`${formId}-meeting`}
          title={t('meeting.title')}
          description={meetingFixed ? undefined : t('meeting.description')}
        >
          {meetingFixed && fixed ? (
            <FixedMeeting fixed={fixed} offer={offer} />
          ) : (
            <MeetingFields meeting={meeting} busy={checkout.busy} city={tour.guide.serviceCity} />
          )}
        </Panel>
        {!meetingFixed && (tour.days ?? 1) > 1 && (
          <Panel id={`${formId}-plans`} title={t('family.plansTitle')} description={t('family.plansDescription')}>
            <DayPlansFields
              dates={tourDates(tour.date, tour.days ?? 1)}
              city={tour.guide.serviceCity}
              plans={plans}
              onChange={setPlans}
              disabled={checkout.busy}
            />
          </Panel>
        )}
        <Panel
          id={`${formId}-payment`}
          title={t('payment.titlePrice', { price: nowText })}
          description={
            <>
              {/* Several days pay the rest a share each day, on that day (decision 179). */}
              {(tour.days ?? 1) > 1
                ? t('payment.descriptionPriceDays', { balance: restText, days: tour.days })
                : t('payment.descriptionPrice', { balance: restText })}{' '}
              <Link
                to={PAYING_HELP_PATH}
                className="font-medium text-primary-700 underline dark:text-primary-300"
                data-testid="paying-help"
              >
                {t('licences:transport.whatYouPay')}
              </Link>
            </>
          }
        >
          {stripeKey ? (
            <StripePaymentFields
              ref={stripe}
              publishableKey={stripeKey}
              value={payment}
              onChange={setPayment}
              disabled={checkout.busy}
              onCardComplete={setStripeCardComplete}
              onPaid={onPaid}
              onFailed={paymentFailed}
            />
          ) : (
            <PaymentFields value={payment} onChange={setPayment} disabled={checkout.busy} demo={demo} />
          )}
        </Panel>
        <Panel id={`${formId}-policy`} title={t('policy.title')}>
          <CancellationPolicy startsAt={tour.startsAt} timeZone={tour.timeZone} />
        </Panel>
      </div>
      <div className="min-w-0">
        {/* Not sticky: with the review beside it the column is taller than a screen, and Pay would hide below it. */}
        <div className="space-y-4">
          <Panel id={`${formId}-price`} title={t('checkout.price')}>
            {offer && !booking && (
              <p className="mb-2 text-sm text-stone-700 dark:text-stone-300" data-testid="offer-price-note">
                {t('offer.priceNote')}
              </p>
            )}
            <PriceBreakdown price={price} estimate={!booking && !offer} />
            <OrderReview facts={review} className="mt-4 border-t border-stone-200 pt-4 dark:border-stone-700" />
            {checkout.problem && (
              <Problem
                problem={checkout.problem}
                tour={tour}
                guideProfilePath={guideProfilePath}
                onContactSupport={onContactSupport}
              />
            )}
            <Button
              type="submit"
              variant="accent"
              size="lg"
              className="mt-4 w-full"
              busy={checkout.busy}
              disabled={!complete}
              aria-describedby={!complete ? payHintId : undefined}
            >
              {!checkout.busy && <Lock className="h-4 w-4" aria-hidden />}
              {checkout.busy ? t('payment.processing') : t('payment.payPrice', { price: nowText })}
            </Button>
            {!complete && !checkout.busy && (
              <p id={payHintId} className="mt-2 text-center text-xs text-stone-600 dark:text-stone-400">
                {t('payment.required')}
              </p>
            )}
            <p className="mt-3 text-center text-xs text-stone-500 dark:text-stone-400">
              {t('checkout.restInPersonPrice', { price: restText })}
            </p>
          </Panel>
        </div>
      </div>
    </form>
  );
}
