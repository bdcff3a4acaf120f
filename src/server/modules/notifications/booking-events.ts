import { REVIEW_WINDOW_DAYS } from '../../../shared/schemas/reviews';
import type { NotificationsService } from './notifications.service';
import { bookingNumber, texts } from './templates';

/** The part of the bookings module's event seam this module listens to (bookings/events.ts). */
export interface BookingEventSource {
  on(name: string, listener: (payload: never) => void | Promise<void>): () => void;
}

interface Base {
  bookingId: number;
  travelerId: number;
  guideUserId: number;
}

/**
 * System messages to both sides when a booking changes (issue 10 / bookings' events seam), each with
 * an action URL. A dedupe key per event and recipient keeps a replayed event from doubling them.
 */
export function subscribeToBookings(events: BookingEventSource, service: NotificationsService): () => void {
  const on = <P extends Base>(name: string, fn: (p: P) => Promise<unknown>) =>
    events.on(name, (async (p: P) => {
      await fn(p);
    }) as (p: never) => Promise<void>);
  const related = (p: Base) => ({ type: 'booking', id: p.bookingId });
  const offs = [
    on<Base>('booking.created', (p) =>
      service.create([
        { userId: p.guideUserId, type: 'booking', text: texts.requestReceived(bookingNumber(p.bookingId)), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:created` },
      ]),
    ),
    on<Base & { amountCents: number }>('booking.paid', (p) =>
      service.create([
        { userId: p.guideUserId, type: 'booking', text: texts.paidForGuide(bookingNumber(p.bookingId)), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
        { userId: p.travelerId, type: 'payment', text: texts.paidForTraveler(bookingNumber(p.bookingId), p.amountCents), actionUrl: '/dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
      ]),
    ),
    on<Base>('booking.accepted', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: texts.acceptedForTraveler(bookingNumber(p.bookingId)), actionUrl: '/dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:accepted` },
        { userId: p.guideUserId, type: 'booking', text: texts.acceptedForGuide(bookingNumber(p.bookingId)), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:accepted` },
      ]),
    ),
    on<Base & { refundCents: number }>('booking.declined', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: texts.declinedForTraveler(bookingNumber(p.bookingId), p.refundCents), actionUrl: '/search', related: related(p), dedupeKey: `booking:${p.bookingId}:declined` },
        { userId: p.guideUserId, type: 'booking', text: texts.declinedForGuide(bookingNumber(p.bookingId)), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:declined` },
      ]),
    ),
    on<Base & { refundCents: number }>('booking.cancelled', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: texts.cancelled(bookingNumber(p.bookingId), p.refundCents), actionUrl: '/dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:cancelled` },
        { userId: p.guideUserId, type: 'booking', text: texts.cancelled(bookingNumber(p.bookingId), 0), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:cancelled` },
      ]),
    ),
    // The invitation to review (decision 063: the window is REVIEW_WINDOW_DAYS from completion).
    on<Base>('booking.completed', (p) => {
      const text = texts.reviewInvite(bookingNumber(p.bookingId), REVIEW_WINDOW_DAYS);
      return service.create([
        { userId: p.travelerId, type: 'booking', text, actionUrl: '/dashboard?tab=past', related: related(p), dedupeKey: `booking:${p.bookingId}:review-invite` },
        { userId: p.guideUserId, type: 'booking', text, actionUrl: '/guide-dashboard#past-tours', related: related(p), dedupeKey: `booking:${p.bookingId}:review-invite` },
      ]);
    }),
    on<Base>('booking.awaiting_start', (p) =>
      service.create([
        { userId: p.travelerId, type: 'reminder', text: texts.startDay(bookingNumber(p.bookingId)), actionUrl: '/dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:start`, expiresAt: new Date(Date.now() + 36 * 3_600_000) },
        { userId: p.guideUserId, type: 'reminder', text: texts.startDay(bookingNumber(p.bookingId)), actionUrl: '/guide-dashboard', related: related(p), dedupeKey: `booking:${p.bookingId}:start`, expiresAt: new Date(Date.now() + 36 * 3_600_000) },
      ]),
    ),
  ];
  return () => offs.forEach((off) => off());
}
