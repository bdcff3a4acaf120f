import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFER_DECLINE_REASONS, type OfferDeclineReason } from '../../../../shared/offers/offer-rules';
import type { Offer } from '../../../../shared/schemas/offers';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ShopStopsList } from '../../../components/ui/shop-stops';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { formatDeadline } from '../../../lib/format';
import { tourLengthText } from '../../../../shared/booking/tour-length';
import { formatMoney } from '../../../../shared/money-format';
import { useDisplayCurrency } from '../../../lib/display-currency';
import { priceText, useFxRate } from '../../../lib/prices';
import { TourTime } from '../../../components/ui/tour-time';
import { displayDate, serviceName, yen } from '../tour-request/rules';
import { closeChatWindow } from '../window/chat-window-store';
import { useAnswerOffer } from './api';
import { DetailRows } from '../tour-request/detail-rows';
import { PAYING_HELP_PATH } from '../../licences';
import { MeetingPlace } from '../../meeting-points';
import { WrittenText } from '../components/written-text';

/** What the badge says: "Booked TG0042" / "已预订 TG0042" once booked. */
export function offerStatusText(
  t: (k: string, o?: Record<string, unknown>) => string,
  offer: Pick<Offer, 'status' | 'booking'>,
): string {
  return offer.status === 'booked' && offer.booking
    ? t('offer.status.bookedAs', { number: offer.booking.bookingNumber })
    : t(`offer.status.${offer.status}`);
}

/**
 * A guide's offer in the thread (decision 078): the terms, the fee in the guide's currency (decision 164; the
 * rate-based price beside it for the guide) and for the traveler in theirs at the rate the offer was priced at
 * (decision 169), the deposit rule, and the extras in yen paid on site. The traveler books it in one tap (checkout
 * opens with everything filled in) or declines it; the guide withdraws it.
 */
export function OfferCard({ offer, isGuideView }: { offer: Offer; isGuideView: boolean }) {
  const { t } = useTranslation(['messaging', 'licences']);
  const locale = currentLocale();
  const answer = useAnswerOffer(offer.conversationId, offer.id);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState<OfferDeclineReason | ''>('');
  const open = offer.status === 'open';
  const display = useDisplayCurrency();
  // An offer made before offers kept their rate is read at today's, as its booking would be.
  const today = useFxRate(!isGuideView && !offer.rate && offer.currency !== display).data;
  const jpyPerCny = (offer.rate ?? today)?.jpyPerCny;
  const money = (minor: number) =>
    isGuideView
      ? formatMoney(minor, offer.currency, locale)
      : priceText(minor, offer.currency, display, jpyPerCny, locale);
  const until = formatDeadline(offer.expiresAt, locale, offer.timeZone, t('tour.japanTime'));
  const rows: [string, ReactNode][] = [
    [
      t('tour.date'),
      <>
        {displayDate(offer.date, locale)}{' '}
        <TourTime date={offer.date} start={offer.startTime} timeZone={offer.timeZone} />
      </>,
    ],
    // Several days (decision 154): how many, each of the offer's hours.
    [t('tour.duration'), tourLengthText(offer.days, offer.durationHours, locale)],
    [t('tour.travelers'), String(offer.travelers)],
    ...(offer.subcategory ? [[t('tour.service'), serviceName(offer.subcategory, locale)] as [string, string]] : []),
    [
      t('tour.itinerary'),
      // In the traveler's language by machine translation when it applies, the original one tap away (decision 145).
      <WrittenText
        text={offer.itinerary}
        language={offer.itineraryLanguage}
        translated={offer.itineraryTranslated}
        translation={offer.itineraryTranslation}
      />,
    ],
    [t('tour.meetingPoint'), <MeetingPlace place={offer} />],
  ];
  const extras: [string, number][] = [
    [t('offer.extrasMeal'), offer.extras.mealYen],
    [t('offer.extrasTransport'), offer.extras.transportYen],
    [t('offer.extrasTickets'), offer.extras.ticketsYen],
  ];
  return (
    <div
      data-testid="offer-card"
      data-status={offer.status}
      className="w-full max-w-sm rounded-xl border border-primary-200 bg-white p-3 text-sm text-stone-900 dark:border-primary-800 dark:bg-stone-950 dark:text-stone-100"
    >
      <p className="flex items-center justify-between gap-2">
        <span className="font-semibold">{t('offer.cardTitle')}</span>
        <span
          data-testid="offer-status"
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            offer.status === 'booked'
              ? 'bg-success-600 text-white'
              : open
                ? 'border border-primary-500 text-primary-800 dark:text-primary-200'
                : 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
          )}
        >
          {offerStatusText(t, offer)}
        </span>
      </p>
      <DetailRows rows={rows} />
      <div className="mt-2 space-y-0.5 border-t border-stone-100 pt-2 dark:border-stone-800">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-medium">{t('offer.fee')}</span>
          <span className="text-base font-semibold tabular-nums" data-testid="offer-fee">
            {money(offer.priceCents)}
          </span>
        </p>
        {isGuideView && (
          <p className="flex justify-between gap-2 text-xs text-stone-600 dark:text-stone-400">
            <span>{t('offer.suggested')}</span>
            <span className="tabular-nums">{money(offer.suggestedCents)}</span>
          </p>
        )}
        <p className="text-xs text-stone-600 dark:text-stone-400">
          {t('offer.depositRule', {
            deposit: money(offer.depositCents),
            rest: money(offer.priceCents - offer.depositCents),
          })}
        </p>
      </div>
      {offer.extras.totalYen > 0 && (
        <div className="mt-2 border-t border-stone-100 pt-2 dark:border-stone-800" data-testid="offer-extras">
          <p className="font-medium">{t('offer.extrasTitle')}</p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
            {extras
              .filter(([, v]) => v > 0)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt>{k}</dt>
                  <dd className="text-right tabular-nums">{yen(v, locale, isGuideView ? 'guide' : 'traveler')}</dd>
                </div>
              ))}
            <dt className="font-semibold">{t('offer.extrasTotal')}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {yen(offer.extras.totalYen, locale, isGuideView ? 'guide' : 'traveler')}
            </dd>
          </dl>
          <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('offer.extrasNote')}</p>
        </div>
      )}
      <ShopStopsList
        stops={offer.shopStops}
        className="mt-2 border-t border-stone-100 pt-2 text-xs dark:border-stone-800"
      />
      <div
        className="mt-2 space-y-0.5 border-t border-stone-100 pt-2 text-xs text-stone-600 dark:border-stone-800 dark:text-stone-400"
        data-testid="offer-transport"
      >
        {offer.guideDrives && (
          <p className="font-medium text-stone-800 dark:text-stone-200">{t('licences:transport.guideDrives')}</p>
        )}
        <p>{t('licences:transport.ticketsNote')}</p>
        <Link
          to={PAYING_HELP_PATH}
          onClick={closeChatWindow}
          className="font-medium text-primary-700 underline dark:text-primary-300"
        >
          {t('licences:transport.whatYouPay')}
        </Link>
      </div>
      {open && <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">{t('offer.bookBy', until)}</p>}
      {offer.status === 'declined' && offer.declineReason && (
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          {t('offer.declinedBecause', { reason: t(`offer.reasons.${offer.declineReason}`) })}
        </p>
      )}
      {open && !isGuideView && !declining && (
        <div className="mt-3 flex flex-wrap gap-2">
          <ButtonLink
            to={`/checkout?offer=${offer.id}`}
            onClick={closeChatWindow}
            variant="accent"
            size="sm"
            data-testid="book-offer"
          >
            {t('offer.book')}
          </ButtonLink>
          <Button size="sm" variant="outline" onClick={() => setDeclining(true)}>
            {t('offer.decline')}
          </Button>
        </div>
      )}
      {open && !isGuideView && declining && (
        <fieldset className="mt-3 space-y-1">
          <legend className="font-medium">{t('offer.chooseReason')}</legend>
          {OFFER_DECLINE_REASONS.map((x) => (
            <label key={x} className="flex items-center gap-2">
              <input
                type="radio"
                name={`decline-offer-${offer.id}`}
                value={x}
                checked={reason === x}
                onChange={() => setReason(x)}
              />
              {t(`offer.reasons.${x}`)}
            </label>
          ))}
          <div className="flex gap-2 pt-1">
            <Button size="sm" variant="outline" onClick={() => setDeclining(false)}>
              {t('tour.back')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              busy={answer.isPending}
              onClick={() => answer.mutate({ decline: true, ...(reason && { reason }) })}
            >
              {t('offer.confirmDecline')}
            </Button>
          </div>
        </fieldset>
      )}
      {open && isGuideView && (
        <div className="mt-3">
          <Button size="sm" variant="outline" busy={answer.isPending} onClick={() => answer.mutate({ withdraw: true })}>
            {t('offer.withdraw')}
          </Button>
        </div>
      )}
      {offer.status === 'booked' && offer.booking && !isGuideView && offer.booking.status === 'pending' && (
        <div className="mt-3">
          <ButtonLink to={`/checkout?booking=${offer.booking.id}`} onClick={closeChatWindow} variant="accent" size="sm">
            {t('tour.pay')}
          </ButtonLink>
        </div>
      )}
      {answer.isError && (
        <p role="alert" className="mt-2 text-danger-600 dark:text-danger-400">
          {t('offer.answerFailed')}
        </p>
      )}
    </div>
  );
}
