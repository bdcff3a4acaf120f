import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import type { Currency } from '../../../shared/currency';
import { REVIEW_WINDOW_DAYS } from '../../../shared/schemas/reviews';
import type { BookingEventMap, BookingEventName } from '../bookings/index';
import type { NotificationsService } from './notifications.service';
import { bookingNumber, texts, type Money } from './templates';
import { tripTroubleTexts, type TourWhen } from './trip-trouble-texts';
import { changeTexts } from './change-texts';

/** The part of the bookings module's event seam this module listens to (bookings/events.ts). */
export interface BookingEventSource {
  on<K extends BookingEventName>(name: K, listener: (payload: BookingEventMap[K]) => unknown): () => void;
}

interface Base {
  bookingId: number;
  travelerId: number;
  guideUserId: number;
}

interface Resched extends Base {
  proposalId: number;
  by: 'traveler' | 'guide';
  date: string;
  startTime: string;
  /** The booking's days (decision 154); events written before it carried none: one. */
  days?: number;
}

/** The credit the guide's end of a paid booking gave, when the event carries one (decision 139), in the booking's currency. */
interface Credit {
  creditCents?: number;
  creditCurrency?: Currency;
  creditExpiresAt?: string;
}
// Events written before two currencies (decision 164) name none: theirs were yuan.
const creditOf = (p: Credit) => (p.creditCents && p.creditExpiresAt ? { cents: p.creditCents, currency: p.creditCurrency ?? 'CNY', expiresAt: p.creditExpiresAt } : null);

/** The currency of an event's amount (bookings/events.ts: a payment's or refund's is what was charged); absent on events from before two currencies: yuan. */
interface In {
  currency?: Currency;
}
const amountOf = (cents: number, p: In): Money => ({ cents, currency: p.currency ?? 'CNY' });

/** The tour's days an event carries, if it carries them all. */
const whenOf = (p: Partial<TourWhen>): TourWhen | undefined =>
  p.date !== undefined && p.startTime !== undefined && p.days !== undefined ? { date: p.date, startTime: p.startTime, days: p.days, ...(p.firstStartTime ? { firstStartTime: p.firstStartTime } : {}) } : undefined;

/** Where a booking's notice takes its reader: the booking on the traveler's trips or the guide's dashboard (decision 103). */
const urlFor = (p: Base, userId: number) => (userId === p.guideUserId ? guideBookingPath(p.bookingId) : travelerBookingPath(p.bookingId));

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

type Unsubscribe = () => void;
type Listen = <P extends Base>(name: BookingEventName, fn: (p: P) => Promise<unknown>) => Unsubscribe;

/** `events.on` for a listener that reads its event's fields as P, and is awaited. */
function listenerOn(events: BookingEventSource): Listen {
  return <P extends Base>(name: BookingEventName, fn: (p: P) => Promise<unknown>) =>
    // Each listener names the fields of its event it reads (P); every event carries Base.
    events.on(name, async (p) => {
      await fn(p as P);
    });
}

/** The booking each notice is about. */
const related = (p: Base) => ({ type: 'booking', id: p.bookingId });

/** A request made, paid, or held unpaid at checkout. */
function requestListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // A booking from an offer (decision 078) or an instant one (decision 153) is no request for the guide to answer: they hear of it when it is paid.
    on<Base & { fromOffer?: boolean; instantBook?: boolean }>('booking.created', async (p) =>
      p.fromOffer || p.instantBook ? [] : service.create([
        { userId: p.guideUserId, type: 'booking', text: texts.requestReceived(bookingNumber(p.bookingId)), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:created` },
      ]),
    ),
    on<Base & In & { amountCents: number; fromOffer?: boolean; instantBook?: boolean; answerBy?: string }>('booking.paid', (p) =>
      service.create(
        p.instantBook
          ? [
              { userId: p.guideUserId, type: 'booking', text: texts.instantBookedForGuide(bookingNumber(p.bookingId)), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
              { userId: p.travelerId, type: 'payment', text: texts.instantBookedForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
            ]
          : p.fromOffer
          ? [
              { userId: p.guideUserId, type: 'booking', text: texts.offerBookedForGuide(bookingNumber(p.bookingId)), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
              { userId: p.travelerId, type: 'payment', text: texts.offerBookedForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
            ]
          : [
        { userId: p.guideUserId, type: 'booking', text: texts.paidForGuide(bookingNumber(p.bookingId), p.answerBy), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
        { userId: p.travelerId, type: 'payment', text: texts.paidForTraveler(bookingNumber(p.bookingId), amountOf(p.amountCents, p)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:paid` },
            ],
      ),
    ),
    // A checkout left unpaid: until when its time is held.
    on<Base & { paymentDueAt: string }>('booking.payment_held', (p) =>
      service.create([
        { userId: p.travelerId, type: 'payment', text: texts.paymentHeld(bookingNumber(p.bookingId), p.paymentDueAt), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:payment-held`, expiresAt: new Date(p.paymentDueAt) },
      ]),
    ),
  ];
}

/** The guide's answer, a cancellation, and the end of the tour. */
function answerListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // An instant booking's acceptance came with its payment, whose notice told both sides (decision 153).
    on<Base & { instantBook?: boolean }>('booking.accepted', async (p) =>
      p.instantBook ? [] : service.create([
        { userId: p.travelerId, type: 'booking', text: texts.acceptedForTraveler(bookingNumber(p.bookingId)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:accepted` },
      ]),
    ),
    on<Base & In & { refundCents: number; reason: string }>('booking.declined', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: texts.declinedForTraveler(bookingNumber(p.bookingId), amountOf(p.refundCents, p), p.reason || null), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:declined` },
      ]),
    ),
    on<Base & Credit & In & { refundCents: number; by: 'traveler' | 'guide' | 'system'; reason: string; note?: string | null }>('booking.cancelled', (p) => {
      const c = { by: p.by, reason: p.reason, note: p.note ?? null };
      return service.create([
        { userId: p.travelerId, type: 'booking', text: texts.cancelled(bookingNumber(p.bookingId), amountOf(p.refundCents, p), { ...c, to: 'traveler', credit: creditOf(p) }), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:cancelled` },
        // The guide's own cancellation is not news to them; the traveler's refund receipt stays.
        ...(p.by === 'guide'
          ? []
          : [{ userId: p.guideUserId, type: 'booking' as const, text: texts.cancelled(bookingNumber(p.bookingId), amountOf(0, p), { ...c, to: 'guide' }), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:cancelled` }]),
      ]);
    }),
    // The invitation to review (decision 063: the window is REVIEW_WINDOW_DAYS from completion).
    on<Base>('booking.completed', (p) => {
      const text = texts.reviewInvite(bookingNumber(p.bookingId), REVIEW_WINDOW_DAYS);
      return service.create([
        { userId: p.travelerId, type: 'booking', text, actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:review-invite` },
        { userId: p.guideUserId, type: 'booking', text, actionUrl: guideBookingPath(p.bookingId, '#past-tours'), related: related(p), dedupeKey: `booking:${p.bookingId}:review-invite` },
      ]);
    }),
  ];
}

/** A new date proposed, agreed, declined or left to expire. */
function rescheduleListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // Rescheduling (decision 079): both sides hear of every step (and get it by e-mail when they chose that).
    on<Resched & { reason: string | null; expiresAt?: string }>('booking.reschedule_proposed', (p) => {
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:proposed`;
      const n = bookingNumber(p.bookingId);
      const answerer = p.by === 'guide' ? p.travelerId : p.guideUserId;
      // Only the side that answers hears of a proposal: the proposer just made it.
      return service.create([
        { userId: answerer, type: 'booking', text: texts.rescheduleProposedForAnswerer(n, p.by, p.date, p.startTime, p.reason, p.expiresAt, p.days), actionUrl: urlFor(p, answerer), related: related(p), dedupeKey: key },
      ]);
    }),
    on<Resched & { fromDate: string; fromStartTime: string }>('booking.rescheduled', (p) => {
      const text = texts.rescheduled(bookingNumber(p.bookingId), p.fromDate, p.fromStartTime, p.date, p.startTime, p.days);
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:accepted`;
      return service.create([p.travelerId, p.guideUserId].map((userId) => ({ userId, type: 'booking' as const, text, actionUrl: urlFor(p, userId), related: related(p), dedupeKey: key })));
    }),
    on<Resched & { reason: string }>('booking.reschedule_declined', (p) => {
      const text = texts.rescheduleDeclined(bookingNumber(p.bookingId), p.date, p.startTime, p.reason, p.days);
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:declined`;
      return service.create([p.travelerId, p.guideUserId].map((userId) => ({ userId, type: 'booking' as const, text, actionUrl: urlFor(p, userId), related: related(p), dedupeKey: key })));
    }),
    on<Resched>('booking.reschedule_expired', (p) => {
      const text = texts.rescheduleExpired(bookingNumber(p.bookingId), p.date, p.startTime, p.days);
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:expired`;
      return service.create([p.travelerId, p.guideUserId].map((userId) => ({ userId, type: 'booking' as const, text, actionUrl: urlFor(p, userId), related: related(p), dedupeKey: key })));
    }),
  ];
}

/** A replacement guide, a no-show, and a booking cancelled for the guide. */
function tripTroubleListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // A replacement guide (decision 137) and a no-show report (decision 138).
    // The tour's days come with the events since several days were replaceable (decision 154); an older event's texts are one day's.
    on<Base & Partial<TourWhen> & { note: string | null; lapsesAt: string }>('booking.replacement_offered', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: tripTroubleTexts.replacementOffered(bookingNumber(p.bookingId), p.note, p.lapsesAt, whenOf(p)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:replacement-offered:${p.lapsesAt}:${p.guideUserId}` },
      ]),
    ),
    on<Base & Partial<TourWhen> & { answerBy: string }>('booking.replacement_requested', (p) =>
      service.create([
        { userId: p.guideUserId, type: 'booking', text: tripTroubleTexts.replacementRequested(bookingNumber(p.bookingId), p.answerBy, whenOf(p)), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:replacement-requested:${p.guideUserId}` },
      ]),
    ),
    on<Base & { how: 'declined' | 'expired'; lapsesAt: string; attempt: number }>('booking.replacement_declined', (p) =>
      service.create([
        { userId: p.travelerId, type: 'booking', text: tripTroubleTexts.replacementDeclined(bookingNumber(p.bookingId), p.how, p.lapsesAt), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:replacement-declined:${p.attempt}` },
      ]),
    ),
    on<Base & Credit & In & { by: 'traveler' | 'guide'; refundCents: number; note: string | null; day?: number; days?: number }>('booking.no_show_reported', (p) => {
      const n = bookingNumber(p.bookingId);
      // The day of a report on a booking of several days (decision 158); an event without it is a tour of hours.
      const span = p.day && p.days ? { day: p.day, days: p.days } : null;
      const reported = p.by === 'traveler' ? p.guideUserId : p.travelerId;
      const reporter = p.by === 'traveler' ? p.travelerId : p.guideUserId;
      return service.create([
        { userId: reported, type: 'booking', text: tripTroubleTexts.noShowReported(n, p.by, amountOf(p.refundCents, p), p.note, span), actionUrl: urlFor(p, reported), related: related(p), dedupeKey: `booking:${p.bookingId}:no-show` },
        { userId: reporter, type: 'booking', text: tripTroubleTexts.noShowRecorded(n, p.by, amountOf(p.refundCents, p), creditOf(p), span), actionUrl: urlFor(p, reporter), related: related(p), dedupeKey: `booking:${p.bookingId}:no-show` },
      ]);
    }),
    on<Base & { note: string }>('booking.cancelled_for_guide', (p) =>
      service.create([{ userId: p.guideUserId, type: 'booking', text: tripTroubleTexts.cancelledForGuide(bookingNumber(p.bookingId), p.note), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:cancelled-for-guide` }]),
    ),
    // The guide reported absent is told while the traveler chooses another guide (decision 140), and the
    // traveler by when they choose (an event written before it carried the time tells the guide only).
    on<Base & Partial<TourWhen> & { note: string | null; lapsesAt?: string }>('booking.no_show_replacing', (p) =>
      service.create([
        { userId: p.guideUserId, type: 'booking', text: tripTroubleTexts.noShowReplacing(bookingNumber(p.bookingId), p.note, whenOf(p)), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:no-show-replacing` },
        ...(p.lapsesAt
          ? [{ userId: p.travelerId, type: 'booking' as const, text: tripTroubleTexts.sameDayChoice(bookingNumber(p.bookingId), p.lapsesAt, whenOf(p)), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:no-show-replacing` }]
          : []),
      ]),
    ),
  ];
}

/** A change to the travelers or days asked, made, or closed unmade. */
function changeListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // A changed trip (decision 177): the guide answers a request; both sides hear it made; the traveler hears it closed unmade.
    on<Base & { changeId: number; travelers: number; days: number; answerBy: string }>('booking.change_requested', (p) =>
      service.create([{ userId: p.guideUserId, type: 'booking', text: changeTexts.requested(bookingNumber(p.bookingId), p.travelers, p.days, p.answerBy), actionUrl: guideBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:requested` }]),
    ),
    on<Base & In & { changeId: number; travelers: number; days: number; refundCents: number }>('booking.changed', (p) => {
      const text = changeTexts.applied(bookingNumber(p.bookingId), p.travelers, p.days, p.refundCents > 0 ? amountOf(p.refundCents, p) : null);
      return service.create([p.travelerId, p.guideUserId].map((userId) => ({ userId, type: 'booking' as const, text, actionUrl: urlFor(p, userId), related: related(p), dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:applied` })));
    }),
    on<Base & { changeId: number; how: 'declined' | 'lapsed'; reason: string | null }>('booking.change_closed', (p) =>
      service.create([{ userId: p.travelerId, type: 'booking', text: changeTexts.closed(bookingNumber(p.bookingId), p.how, p.reason), actionUrl: travelerBookingPath(p.bookingId), related: related(p), dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:closed` }]),
    ),
  ];
}

/** The tour-day reminders: the first day's, then each later day's. */
function tourDayListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    on<Base & { day?: number; days?: number }>('booking.awaiting_start', (p) => service.create(tourDayNotices(p, p.day ?? 1, p.days ?? 1, 'start'))),
    // Each later day of a booking of several days (decision 154, amended): its own key, so once a day.
    on<Base & { day: number; days: number }>('booking.tour_day', (p) => service.create(tourDayNotices(p, p.day, p.days, `start:day${p.day}`))),
  ];
}
