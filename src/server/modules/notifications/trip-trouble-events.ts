/**
 * Notices when a trip goes wrong (decisions 137, 138, 140): a replacement guide offered, asked or
 * declined, a no-show reported, a booking cancelled for the guide. A family of subscribeToBookings's
 * listeners (booking-events.ts), beside its texts (trip-trouble-texts.ts).
 */
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import type { NotificationsService } from './notifications.service';
import { bookingNumber } from './templates';
import { tripTroubleTexts } from './trip-trouble-texts';
import type { TourWhen } from './tour-as-booked';
import {
  amountOf,
  creditOf,
  related,
  urlFor,
  type Base,
  type Credit,
  type In,
  type Listen,
  type Unsubscribe,
} from './event-parts';

/** The tour's days an event carries, if it carries them all. */
const whenOf = (p: Partial<TourWhen>): TourWhen | undefined =>
  p.date !== undefined && p.startTime !== undefined && p.days !== undefined
    ? {
        date: p.date,
        startTime: p.startTime,
        days: p.days,
        ...(p.firstStartTime ? { firstStartTime: p.firstStartTime } : {}),
      }
    : undefined;

/**
 * A replacement guide, a no-show, and a booking cancelled for the guide. The tour's days come with
 * the events since several days were replaceable (decision 154); an older event's texts are one day's.
 */
export function tripTroubleListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [...replacementListeners(on, service), ...noShowListeners(on, service)];
}

/** A replacement guide (decision 137): offered to the traveler, asked of the guide chosen, or declined. */
function replacementListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    on<Base & Partial<TourWhen> & { note: string | null; lapsesAt: string }>('booking.replacement_offered', (p) =>
      service.create([
        {
          userId: p.travelerId,
          type: 'booking',
          text: tripTroubleTexts.replacementOffered(bookingNumber(p.bookingId), p.note, p.lapsesAt, whenOf(p)),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:replacement-offered:${p.lapsesAt}:${p.guideUserId}`,
        },
      ]),
    ),
    on<Base & Partial<TourWhen> & { answerBy: string }>('booking.replacement_requested', (p) =>
      service.create([
        {
          userId: p.guideUserId,
          type: 'booking',
          text: tripTroubleTexts.replacementRequested(bookingNumber(p.bookingId), p.answerBy, whenOf(p)),
          actionUrl: guideBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:replacement-requested:${p.guideUserId}`,
        },
      ]),
    ),
    on<Base & { how: 'declined' | 'expired'; lapsesAt: string; attempt: number }>('booking.replacement_declined', (p) =>
      service.create([
        {
          userId: p.travelerId,
          type: 'booking',
          text: tripTroubleTexts.replacementDeclined(bookingNumber(p.bookingId), p.how, p.lapsesAt),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:replacement-declined:${p.attempt}`,
        },
      ]),
    ),
  ];
}

/**
 * A no-show report (decision 138), a booking support cancelled for the guide, and the absent guide replaced the same
 * day (decision 140).
 */
function noShowListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    on<
      Base &
        Credit &
        In & { by: 'traveler' | 'guide'; refundCents: number; note: string | null; day?: number; days?: number }
    >('booking.no_show_reported', (p) => {
      const n = bookingNumber(p.bookingId);
      // The day of a report on a booking of several days (decision 158); an event without it is a tour of hours.
      const span = p.day && p.days ? { day: p.day, days: p.days } : null;
      const reported = p.by === 'traveler' ? p.guideUserId : p.travelerId;
      const reporter = p.by === 'traveler' ? p.travelerId : p.guideUserId;
      return service.create([
        {
          userId: reported,
          type: 'booking',
          text: tripTroubleTexts.noShowReported(n, p.by, amountOf(p.refundCents, p), p.note, span),
          actionUrl: urlFor(p, reported),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:no-show`,
        },
        {
          userId: reporter,
          type: 'booking',
          text: tripTroubleTexts.noShowRecorded(n, p.by, amountOf(p.refundCents, p), creditOf(p), span),
          actionUrl: urlFor(p, reporter),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:no-show`,
        },
      ]);
    }),
    on<Base & { note: string }>('booking.cancelled_for_guide', (p) =>
      service.create([
        {
          userId: p.guideUserId,
          type: 'booking',
          text: tripTroubleTexts.cancelledForGuide(bookingNumber(p.bookingId), p.note),
          actionUrl: guideBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:cancelled-for-guide`,
        },
      ]),
    ),
    // The guide reported absent is told while the traveler chooses another guide (decision 140), and the
    // traveler by when they choose (an event written before it carried the time tells the guide only).
    on<Base & Partial<TourWhen> & { note: string | null; lapsesAt?: string }>('booking.no_show_replacing', (p) =>
      service.create([
        {
          userId: p.guideUserId,
          type: 'booking',
          text: tripTroubleTexts.noShowReplacing(bookingNumber(p.bookingId), p.note, whenOf(p)),
          actionUrl: guideBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:no-show-replacing`,
        },
        ...(p.lapsesAt
          ? [
              {
                userId: p.travelerId,
                type: 'booking' as const,
                text: tripTroubleTexts.sameDayChoice(bookingNumber(p.bookingId), p.lapsesAt, whenOf(p)),
                actionUrl: travelerBookingPath(p.bookingId),
                related: related(p),
                dedupeKey: `booking:${p.bookingId}:no-show-replacing`,
              },
            ]
          : []),
      ]),
    ),
  ];
}
