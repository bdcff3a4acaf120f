import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS, type RejectReason } from '../../../../shared/messaging/tour-request';
import type { Message } from '../../../../shared/schemas/messaging';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { DEFAULT_GUIDE_TIME_ZONE } from '../../../../shared/cities';
import { TourTime } from '../../../components/ui/tour-time';
import { closeChatWindow } from '../window/chat-window-store';
import { useAnswerTourRequest } from './api';
import { displayDate, serviceName } from './rules';
import { FeeLines } from './fee-lines';
import { DetailRows } from './detail-rows';
import { MeetingPlace } from '../../meeting-points';
import { WrittenText } from '../components/written-text';

/**
 * A tour request in the thread: its details and fees; the guide accepts directly or
 * rejects with a chosen reason and a confirmation; once accepted the traveler gets the pending
 * booking's payment link.
 */
export function TourRequestCard({
  message,
  isGuideView,
  onOffer,
}: {
  message: Message;
  isGuideView: boolean;
  onOffer?: () => void;
}) {
  const { t } = useTranslation('messaging');
  const r = message.tourRequest!;
  const answer = useAnswerTourRequest(message.conversationId, message.id);
  const [rejecting, setRejecting] = useState<'off' | 'reason' | 'confirm'>('off');
  const [reason, setReason] = useState<RejectReason | ''>('');
  const status = r.state.status;
  const offer = r.state.offer;
  // Decision 078: what became of the request once answered with an offer ("Booked TG0042").
  const badge =
    offer?.status === 'booked' && offer.bookingNumber
      ? t('offer.status.bookedAs', { number: offer.bookingNumber })
      : status === 'offered' && offer
        ? t(`requestOffer.${offer.status === 'booked' ? 'open' : offer.status}`)
        : t(`tourStatus.${status}`);
  const canOffer =
    isGuideView &&
    !!onOffer &&
    (status === 'pending' || (status === 'offered' && !!offer && offer.status !== 'open' && offer.status !== 'booked'));
  const rows: [string, ReactNode][] = [
    [
      t('tour.date'),
      // The request form asks for the start in Japan time (tour-request-form.tsx), so it reads back so.
      <>
        {displayDate(r.date, currentLocale())}{' '}
        <TourTime date={r.date} start={r.startTime} timeZone={DEFAULT_GUIDE_TIME_ZONE} />
      </>,
    ],
    [t('tour.duration'), t('tour.hours', { count: r.durationHours })],
    [t('tour.travelers'), String(r.travelers)],
    // The traveler's own words, in the guide's language by machine translation when it applies (decision 173).
    ...(r.groupComposition
      ? [
          [
            t('tour.group'),
            <WrittenText
              text={r.groupComposition}
              language={r.groupCompositionLanguage}
              translated={r.groupCompositionTranslated}
              translation={r.groupCompositionTranslation}
            />,
          ] as [string, ReactNode],
        ]
      : []),
    ...(r.service ? [[t('tour.service'), serviceName(r.service, currentLocale())] as [string, string]] : []),
    [
      t('tour.itinerary'),
      <WrittenText
        text={r.itinerary}
        language={r.itineraryLanguage}
        translated={r.itineraryTranslated}
        translation={r.itineraryTranslation}
      />,
    ],
    [t('tour.meetingPoint'), <MeetingPlace place={r} />],
    [t('tour.meal'), `${t(`tour.meals.${r.meal}`)} × ${r.meals}`],
    [t('tour.transport'), t(`tour.transportShort.${r.transport}`)],
    [
      t('tour.tickets'),
      `${t(`tour.ticketOptions.${r.tickets}`)}${r.tickets === 'no_payment' ? '' : ` × ${r.ticketCount}`}`,
    ],
  ];
  return (
    <div
      data-testid="tour-request-card"
      data-status={status}
      className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-900 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100"
    >
      <p className="flex items-center justify-between gap-2">
        <span className="font-semibold">{t('tour.cardTitle')}</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            status === 'accepted' || offer?.status === 'booked'
              ? 'bg-success-600 text-white'
              : status === 'rejected'
                ? 'bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300'
                : 'border border-warning-500 text-stone-800 dark:text-stone-100',
          )}
        >
          <span data-testid="tour-request-status">{badge}</span>
        </span>
      </p>
      <DetailRows rows={rows} />
      <div className="mt-2 border-t border-stone-100 pt-2 dark:border-stone-800">
        <FeeLines fees={r.state.allowances} reader={isGuideView ? 'guide' : 'traveler'} />
      </div>
      {status === 'rejected' && r.state.rejectReason && (
        <p className="mt-2 text-stone-600 dark:text-stone-300">
          {t('tour.rejectedBecause', { reason: t(`tour.reasons.${r.state.rejectReason}`) })}
        </p>
      )}
      {status === 'accepted' && !isGuideView && (
        <div className="mt-3 space-y-2">
          <p>{r.state.bookingId ? t('tour.acceptedPay') : t('tour.acceptedNoBooking')}</p>
          {r.state.bookingId && (
            <ButtonLink
              to={`/checkout?booking=${r.state.bookingId}`}
              onClick={closeChatWindow}
              variant="accent"
              size="sm"
            >
              {t('tour.pay')}
            </ButtonLink>
          )}
        </div>
      )}
      {status === 'accepted' && isGuideView && (
        <p className="mt-2 text-stone-600 dark:text-stone-300">{t('tour.acceptedGuide')}</p>
      )}
      {status === 'offered' && canOffer && (
        <div className="mt-3">
          <Button size="sm" variant="accent" onClick={onOffer}>
            {t('offer.makeNew')}
          </Button>
        </div>
      )}
      {status === 'pending' && isGuideView && (
        <div className="mt-3 space-y-2">
          {rejecting === 'off' && (
            <div className="flex flex-wrap gap-2">
              {canOffer && (
                <Button size="sm" variant="accent" onClick={onOffer}>
                  {t('offer.make')}
                </Button>
              )}
              <Button
                size="sm"
                variant="primary"
                busy={answer.isPending}
                onClick={() => answer.mutate({ accept: true })}
              >
                {t('tour.accept')}
              </Button>
              <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => setRejecting('reason')}>
                {t('tour.reject')}
              </Button>
            </div>
          )}
          {rejecting === 'reason' && (
            <fieldset className="space-y-1">
              <legend className="font-medium">{t('tour.chooseReason')}</legend>
              {REJECT_REASONS.map((x) => (
                <label key={x} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`reject-${message.id}`}
                    value={x}
                    checked={reason === x}
                    onChange={() => setReason(x)}
                  />
                  {t(`tour.reasons.${x}`)}
                </label>
              ))}
              <div className="flex gap-2 pt-1">
                <Button size="sm" variant="outline" onClick={() => setRejecting('off')}>
                  {t('tour.back')}
                </Button>
                <Button size="sm" variant="primary" disabled={!reason} onClick={() => setRejecting('confirm')}>
                  {t('tour.continue')}
                </Button>
              </div>
            </fieldset>
          )}
          {rejecting === 'confirm' && reason && (
            <div
              role="alertdialog"
              aria-label={t('tour.confirmTitle')}
              className="space-y-2 rounded-lg bg-stone-50 p-2 dark:bg-stone-900"
            >
              <p>{t('tour.confirmReject', { reason: t(`tour.reasons.${reason}`) })}</p>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setRejecting('reason')}>
                  {t('tour.back')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  busy={answer.isPending}
                  onClick={() => answer.mutate({ accept: false, reason })}
                >
                  {t('tour.confirmRejectButton')}
                </Button>
              </div>
            </div>
          )}
          {answer.isError && (
            <p role="alert" className="text-danger-600 dark:text-danger-400">
              {t('tour.answerFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
