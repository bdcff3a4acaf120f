/**
 * The booking notices (System messages) of the bookings' events: the seam, the request from asking to
 * the end of the tour, and the tour-day reminders; the other families are its reschedule-, change- and
 * trip-trouble-events.ts siblings.
 */
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import { REVIEW_WINDOW_DAYS } from '../../../shared/schemas/reviews';
import type { BookingEventMap, BookingEventName } from '../bookings/index';
import type { NotificationsService } from './notifications.service';
import type { CreateSystemMessage } from './system-message';
import { bookingNumber, texts } from './templates';
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
import { changeListeners } from './change-events';
import { rescheduleListeners } from './reschedule-events';
import { tripTroubleListeners } from './trip-trouble-events';

/** The part of the bookings module's event seam this module listens to (bookings/booking/events.ts). */
export interface BookingEventSource {
  on<K extends BookingEventName>(name: K, listener: (payload: BookingEventMap[K]) => unknown): () => void;
}

/**
 * The tour-day reminder to both sides (day `day` of `days`): for a day, lasting into the next; `key`
 * names the day, so each day reaches each side once.
 */
const tourDayNotices = (p: Base, day: number, days: number, key: string) =>
  [p.travelerId, p.guideUserId].map((userId) => ({
    userId,
    type: 'reminder' as const,
    text: texts.startDay(bookingNumber(p.bookingId), day, days),
    actionUrl: urlFor(p, userId),
    related: { type: 'booking', id: p.bookingId },
    dedupeKey: `booking:${p.bookingId}:${key}`,
    expiresAt: new Date(Date.now() + 36 * 3_600_000),
  }));

/**
 * System messages to both sides when a booking changes (through the bookings' events seam), each with
 * an action URL. A dedupe key per event and recipient keeps a replayed event from doubling them.
 */
export function subscribeToBookings(events: BookingEventSource, service: NotificationsService): () => void {
  const on = listenerOn(events);
  const offs = [
    ...requestListeners(on, service),
    ...answerListeners(on, service),
    ...rescheduleListeners(on, service),
    ...tripTroubleListeners(on, service),
    ...changeListeners(on, service),
    ...tourDayListeners(on, service),
  ];
  return () => offs.forEach((off) => off());
}

/** `events.on` for a listener that reads its event's fields as P, and is awaited. */
function listenerOn(events: BookingEventSource): Listen {
  return <P extends Base>(name: BookingEventName, fn: (p: P) => Promise<unknown>) =>
    // Each listener names the fields of its event it reads (P); every event carries Base.
    events.on(name, async (p) => {
      await fn(p as P);
    });
}

/** A request made, paid, or held unpaid at checkout. */
function requestListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // A booking from an offer (decision 078) or an instant one (decision 153) is no request for the guide to answer:
    // they hear of it when it is paid.
    on<Base & { fromOffer?: boolean; instantBook?: boolean }>('booking.created', async (p) =>
      p.fromOffer || p.instantBook
        ? []
        : service.create([
            {
              userId: p.guideUserId,
              type: 'booking',
              text: texts.requestReceived(bookingNumber(p.bookingId)),
              actionUrl: guideBookingPath(p.bookingId),
              related: related(p),
              dedupeKey: `booking:${p.bookingId}:created`,
            },
          ]),
    ),
    on<Paid>('booking.paid', (p) => service.create(paidNotices(p))),
    // A checkout left unpaid: until when its time is held.
    on<Base & { paymentDueAt: string }>('booking.payment_held', (p) =>
      service.create([
        {
          userId: p.travelerId,
          type: 'payment',
          text: texts.paymentHeld(bookingNumber(p.bookingId), p.paymentDueAt),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:payment-held`,
          expiresAt: new Date(p.paymentDueAt),
        },
      ]),
    ),
  ];
}

/** What a paid booking's event carries: the deposit as charged, and how the booking was made. */
type Paid = Base & In & { amountCents: number; fromOffer?: boolean; instantBook?: boolean; answerBy?: string };

/**
 * A paid booking told to both sides: booked at once (decision 153), booked from the guide's offer
 * (decision 078), or a request the guide still answers (by `answerBy`).
 */
function paidNotices(p: Paid): CreateSystemMessage[] {
  return p.instantBook
    ? [
        {
          userId: p.guideUserId,
          type: 'booking',
          text: texts.instantBookedForGuide(bookingNumber(p.bookingId)),
          actionUrl: guideBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:paid`,
        },
        {
          userId: p.travelerId,
          type: 'payment',
          text: texts.instantBookedForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:paid`,
        },
      ]
    : p.fromOffer
      ? [
          {
            userId: p.guideUserId,
            type: 'booking',
            text: texts.offerBookedForGuide(bookingNumber(p.bookingId)),
            actionUrl: guideBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:paid`,
          },
          {
            userId: p.travelerId,
            type: 'payment',
            text: texts.offerBookedForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)),
            actionUrl: travelerBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:paid`,
          },
        ]
      : [
          {
            userId: p.guideUserId,
            type: 'booking',
            text: texts.paidForGuide(bookingNumber(p.bookingId), p.answerBy),
            actionUrl: guideBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:paid`,
          },
          {
            userId: p.travelerId,
            type: 'payment',
            text: texts.paidForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)),
            actionUrl: travelerBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:paid`,
          },
        ];
}

/** The guide's answer, a cancellation, and the end of the tour. */
function answerListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // An instant booking's acceptance came with its payment, whose notice told both sides (decision 153).
    on<Base & { instantBook?: boolean }>('booking.accepted', async (p) =>
      p.instantBook
        ? []
        : service.create([
            {
              userId: p.travelerId,
              type: 'booking',
              text: texts.acceptedForTraveler(bookingNumber(p.bookingId)),
              actionUrl: travelerBookingPath(p.bookingId),
              related: related(p),
              dedupeKey: `booking:${p.bookingId}:accepted`,
            },
          ]),
    ),
    on<Base & In & { refundCents: number; reason: string }>('booking.declined', (p) =>
      service.create([
        {
          userId: p.travelerId,
          type: 'booking',
          text: texts.declinedForTraveler(bookingNumber(p.bookingId), amountOf(p.refundCents, p), p.reason || null),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:declined`,
        },
      ]),
    ),
    on<Cancelled>('booking.cancelled', (p) => service.create(cancelledNotices(p))),
    // The invitation to review (decision 063: the window is REVIEW_WINDOW_DAYS from completion).
    on<Base>('booking.completed', (p) => {
      const text = texts.reviewInvite(bookingNumber(p.bookingId), REVIEW_WINDOW_DAYS);
      return service.create([
        {
          userId: p.travelerId,
          type: 'booking',
          text,
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:review-invite`,
        },
        {
          userId: p.guideUserId,
          type: 'booking',
          text,
          actionUrl: guideBookingPath(p.bookingId, '#past-tours'),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:review-invite`,
        },
      ]);
    }),
  ];
}

/** What a cancellation's event carries: the refund as charged, who cancelled and why, and any credit. */
type Cancelled = Base &
  Credit &
  In & { refundCents: number; by: 'traveler' | 'guide' | 'system'; reason: string; note?: string | null };

/** A cancellation told to each side with its reason; the traveler's with the refund and any credit (decision 139). */
function cancelledNotices(p: Cancelled): CreateSystemMessage[] {
  const c = { by: p.by, reason: p.reason, note: p.note ?? null };
  return [
    {
      userId: p.travelerId,
      type: 'booking',
      text: texts.cancelled(bookingNumber(p.bookingId), amountOf(p.refundCents, p), {
        ...c,
        to: 'traveler',
        credit: creditOf(p),
      }),
      actionUrl: travelerBookingPath(p.bookingId),
      related: related(p),
      dedupeKey: `booking:${p.bookingId}:cancelled`,
    },
    // The guide's own cancellation is not news to them; the traveler's refund receipt stays.
    ...(p.by === 'guide'
      ? []
      : [
          {
            userId: p.guideUserId,
            type: 'booking' as const,
            text: texts.cancelled(bookingNumber(p.bookingId), amountOf(0, p), { ...c, to: 'guide' }),
            actionUrl: guideBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:cancelled`,
          },
        ]),
  ];
}

/** The tour-day reminders: the first day's, then each later day's. */
function tourDayListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    on<Base & { day?: number; days?: number }>('booking.awaiting_start', (p) =>
      service.create(tourDayNotices(p, p.day ?? 1, p.days ?? 1, 'start')),
    ),
    // Each later day of a booking of several days (decision 154, amended): its own key, so once a day.
    on<Base & { day: number; days: number }>('booking.tour_day', (p) =>
      service.create(tourDayNotices(p, p.day, p.days, `start:day${p.day}`)),
    ),
  ];
}
