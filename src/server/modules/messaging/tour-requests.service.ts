/**
 * Tour requests in a conversation (decision 053): the traveler sends one, the guide accepts it (a
 * pending booking through the bookings module) or rejects it, and the traveler is told. Apart from the
 * chat (MessagingService), whose `send` a request goes through.
 */
import { travelerBookingPath } from '../../../shared/booking/links';
import type { RejectReason } from '../../../shared/messaging/tour-request';
import { matchLocale } from '../../../shared/locales';
import type { TourRequest } from '../../../shared/schemas/messaging';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { refuseContactDetails } from '../../lib/public-texts';
import type { Realtime } from '../../realtime/index';
import type { AuthUser, TokenCaller } from '../auth/index';
import type { NotificationsService } from '../notifications/index';
import { notificationTexts } from '../notifications/index';
import { memberOf, pairFacts, serviceNames } from './conversation-facts';
import { readOffers, type OfferReader } from './message-offers';
import { toMessage } from './message-view';
import * as repo from './messaging.repository';
import type { ConversationRow, MessageRow } from './messaging.repository';
import type { MessagingService } from './messaging.service';
import { showToBoth } from './send-events';
import { creditsOf } from './send-rules';

/** What messaging needs of the bookings module: a tour request accepted by the guide becomes a pending booking. */
export interface CreateBooking {
  create(
    /** The traveler, booked for by the server (no session of theirs to check). */
    traveler: TokenCaller & { sessionId: null },
    body: {
      guideId: number;
      date: string;
      startTime: string;
      durationHours: number;
      travelers: number;
      subcategoryId?: number;
      meetingAddress?: string;
      meetingPostalCode?: string;
      meetingLat?: number;
      meetingLng?: number;
      notes?: string;
    },
  ): Promise<{ id: number }>;
}

interface Deps {
  db: Database;
  realtime: Realtime;
  notifications: NotificationsService;
  bookings: CreateBooking;
  /** The offers messages carry (the offers module's OfferBook; messaging does not import it). */
  offers: OfferReader;
  log: { warn: (o: object, m: string) => void };
  /** The chat: a tour request is a message it sends. */
  chat: Pick<MessagingService, 'send'>;
}

/** The tour requests of conversations; only their two participants see or answer them (404 otherwise). */
export class TourRequestsService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * A tour request: the service must be one the guide offers (400 service_not_offered). The body is
   * the traveler's note only; every reader sees the summary in their own language (decision 053).
   */
  async sendTourRequest(
    user: AuthUser,
    id: number,
    input: { clientMessageId: string; request: TourRequest; note: string },
  ) {
    const { c, side } = await memberOf(this.db, user, id);
    if (side !== 'traveler') throw new AppError('forbidden', 'Only the traveler sends a tour request');
    if (!(await repo.offersService(this.db, c.guideId, input.request.subcategoryId))) {
      throw new AppError('service_not_offered', 'This guide does not offer that service', [
        { path: 'request.subcategoryId', message: 'not offered' },
      ]);
    }
    // A request may go to several guides and is kept with the booking: no contact details (decision 205).
    const [writer] = await repo.people(this.db, [user.id]);
    refuseContactDetails(
      [
        { path: 'note', text: input.note },
        { path: 'request.itinerary', text: input.request.itinerary },
        { path: 'request.groupComposition', text: input.request.groupComposition },
        { path: 'request.meetingAddress', text: input.request.meetingAddress },
      ],
      matchLocale(writer?.locale) ?? 'en',
    );
    // The service's names now, for the e-mail written with the message and for the reply.
    const services = await serviceNames(this.db, [{ tourRequest: input.request }]);
    const checked = { id: user.id, sessionId: null }; // requireAuth read the session
    return this.deps.chat.send(
      checked,
      id,
      { clientMessageId: input.clientMessageId, body: input.note.trim(), tourRequest: input.request },
      services,
    );
  }

  /** The guide accepts a tour request: a pending booking through the bookings module. */
  async acceptTourRequest(user: AuthUser, id: number, messageId: number) {
    const { c, side } = await memberOf(this.db, user, id);
    const m = await repo.findMessage(this.db, c.id, messageId);
    if (!m || m.kind !== 'tour_request' || !m.tourRequest) throw notFound('Tour request');
    if (side !== 'guide') throw new AppError('forbidden', 'Only the guide answers a tour request');
    if (m.tourRequestStatus !== 'pending')
      throw new AppError('tour_request_closed', 'This request has already been answered');
    const [traveler] = await repo.people(this.db, [c.travelerId]);
    if (!traveler) throw notFound('Traveler');
    const r = m.tourRequest;
    const booking = await this.deps.bookings.create(
      { id: traveler.id, sessionId: null },
      {
        guideId: c.guideId,
        date: r.date,
        startTime: r.startTime,
        durationHours: r.durationHours,
        travelers: r.travelers,
        ...(r.subcategoryId && { subcategoryId: r.subcategoryId }),
        meetingAddress: r.meetingAddress,
        meetingPostalCode: r.meetingPostalCode.replace(/^(\d{3})-?(\d{4})$/, '$1-$2'),
        ...(r.meetingLat != null && r.meetingLng != null && { meetingLat: r.meetingLat, meetingLng: r.meetingLng }),
        notes: r.itinerary.slice(0, 1000),
      },
    );
    const bookingId = booking.id;
    const updated = await repo.updateTourRequest(this.db, m.id, { tourRequestStatus: 'accepted', bookingId });
    if (!updated) throw new AppError('tour_request_closed', 'This request has already been answered');
    return this.afterAnswer(user, c, updated, 'accepted');
  }

  async rejectTourRequest(user: AuthUser, id: number, messageId: number, reason: RejectReason) {
    const { c, side } = await memberOf(this.db, user, id);
    const m = await repo.findMessage(this.db, c.id, messageId);
    if (!m || m.kind !== 'tour_request') throw notFound('Tour request');
    if (side !== 'guide') throw new AppError('forbidden', 'Only the guide answers a tour request');
    const updated = await repo.updateTourRequest(this.db, m.id, {
      tourRequestStatus: 'rejected',
      rejectReason: reason,
    });
    if (!updated) throw new AppError('tour_request_closed', 'This request has already been answered');
    return this.afterAnswer(user, c, updated, 'rejected');
  }

  private async afterAnswer(user: AuthUser, c: ConversationRow, m: MessageRow, outcome: 'accepted' | 'rejected') {
    const [f, services, offers] = await Promise.all([
      pairFacts(this.db, c),
      serviceNames(this.db, [m]),
      readOffers(this.deps.offers, [m]),
    ]);
    const data = toMessage(m, { unlocked: f.confirmed, services, offers });
    // Both sides see the request's new state at once (the same message, re-sent).
    showToBoth(this.deps.realtime, c, data, creditsOf(c, f.hasBooking));
    const [guide] = await repo.people(this.db, [user.id]);
    const name = guide?.nickname || guide?.fullName || user.username;
    // Written to the outbox and created after this reply (decision 085).
    await this.deps.notifications
      .enqueueNow([
        {
          userId: c.travelerId,
          type: 'booking',
          text:
            outcome === 'accepted'
              ? notificationTexts.tourRequestAccepted(name)
              : notificationTexts.tourRequestRejected(name),
          actionUrl: m.bookingId ? travelerBookingPath(m.bookingId) : `/messages?c=${c.id}`,
          related: { type: 'conversation', id: c.id },
          dedupeKey: `tour-request:${m.id}:${outcome}`,
        },
      ])
      .catch((err) => this.deps.log.warn({ err }, 'tour request notice failed'));
    return { data };
  }
}
