import { minutesToTime } from '../../../shared/availability';
import { trimRate, type FxRate } from '../../../shared/currency';
import { bookingNumber, depositCents } from '../../../shared/booking/money-rules';
import { offerStatus } from '../../../shared/offers/offer-rules';
import type { Offer } from '../../../shared/schemas/offers';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { OfferSource, OfferTerms } from '../bookings/index';
import type { OfferReader, RequestOffer } from '../messaging/index';
import * as repo from './offers.repository';
import type { OfferViewRow } from './offers.repository';

export interface OfferBookDeps {
  db: Database;
  rates: () => { depositRate: number; commissionRate: number };
  now: () => Date;
}

/**
 * The rate an offer was priced at (decision 169); null for one made before offers kept it. numeric(10,6) reads padded,
 * so it is trimmed.
 */
const rateOf = (o: Pick<OfferViewRow['offer'], 'jpyPerCny' | 'fxAsOf' | 'fxSource'>): FxRate | null =>
  o.jpyPerCny === null || o.fxAsOf === null || o.fxSource === null
    ? null
    : { jpyPerCny: trimRate(o.jpyPerCny), asOf: o.fxAsOf, source: o.fxSource };

export const closed = (status: string) =>
  new AppError('offer_closed', `This offer is ${status}`, [{ path: 'offerId', message: status }]);

/**
 * Offers as they read (decision 078): the reply shape, the terms a booking takes, and what messaging
 * shows. It needs only the database and the clock, so compose.ts builds it before bookings and
 * messaging, which both read offers, and before OffersService, which needs messaging to send one.
 */
export class OfferBook implements OfferSource, OfferReader {
  constructor(private readonly deps: OfferBookDeps) {}

  private get db() {
    return this.deps.db;
  }

  now(): Date {
    return this.deps.now();
  }

  toOffer(r: OfferViewRow, now = this.now()): Offer {
    const o = r.offer;
    const extras = { mealYen: o.mealYen, transportYen: o.transportYen, ticketsYen: o.ticketsYen };
    return {
      id: o.id,
      conversationId: o.conversationId,
      messageId: o.messageId,
      requestMessageId: o.requestMessageId,
      guideId: o.guideId,
      guideUserId: o.guideUserId,
      travelerId: o.travelerId,
      status: offerStatus({ stored: o.status, booked: Boolean(r.booking?.id), expiresAt: o.expiresAt }, now),
      date: o.date,
      startTime: minutesToTime(o.startMinute),
      timeZone: o.timeZone,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      durationHours: o.durationMinutes / 60,
      days: o.days,
      travelers: o.travelers,
      subcategory: r.subcategory?.id ? r.subcategory : null,
      priceCents: o.priceCents,
      suggestedCents: o.suggestedCents,
      depositCents: depositCents(o.priceCents, this.deps.rates().depositRate),
      currency: o.currency,
      rate: rateOf(o),
      meetingAddress: o.meetingAddress,
      meetingPostalCode: o.meetingPostalCode,
      meetingLat: o.meetingLat,
      meetingLng: o.meetingLng,
      itinerary: o.itinerary,
      guideDrives: o.guideDrives,
      shopStops: o.shopStops,
      extras: { ...extras, totalYen: extras.mealYen + extras.transportYen + extras.ticketsYen },
      expiresAt: o.expiresAt.toISOString(),
      declineReason: o.declineReason,
      booking: r.booking?.id
        ? {
            id: r.booking.id,
            bookingNumber: bookingNumber(r.booking.id, r.booking.bookingNumber),
            status: r.booking.status,
          }
        : null,
      createdAt: o.createdAt.toISOString(),
    };
  }

  async view(id: number): Promise<Offer | undefined> {
    const [row] = await repo.offerViews(this.db, { ids: [id] });
    return row ? this.toOffer(row) : undefined;
  }

  /**
   * For bookings (their OfferSource): the offer locked in the booking's transaction, if this traveler may book it now.
   */
  async termsForBooking(db: Database, traveler: AuthUser, offerId: number, now: Date): Promise<OfferTerms> {
    const o = await repo.lockOffer(db, offerId);
    if (!o || o.travelerId !== traveler.id) throw notFound('Offer');
    const [current] = await repo.offerViews(db, { ids: [offerId] });
    const status = this.toOffer(current!, now).status;
    if (status !== 'open') throw closed(status);
    return {
      offerId: o.id,
      guideId: o.guideId,
      date: o.date,
      startMinute: o.startMinute,
      durationMinutes: o.durationMinutes,
      days: o.days,
      timeZone: o.timeZone,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      travelers: o.travelers,
      subcategoryId: o.subcategoryId,
      priceCents: o.priceCents,
      currency: o.currency,
      rate: rateOf(o),
      meetingAddress: o.meetingAddress,
      meetingPostalCode: o.meetingPostalCode,
      meetingLat: o.meetingLat,
      meetingLng: o.meetingLng,
      itinerary: o.itinerary,
    };
  }

  /** The traveler's offers still open (not booked, declined, withdrawn or expired), the closest expiry first. */
  async openFor(travelerId: number): Promise<Offer[]> {
    const now = this.now();
    const rows = await repo.offerViews(this.db, { openFor: { travelerId, now } });
    return rows
      .map((r) => this.toOffer(r, now))
      .filter((o) => o.status === 'open')
      .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt) || a.id - b.id);
  }

  // ---- what messaging shows (OfferReader)

  async byMessage(messageIds: number[]): Promise<Map<number, Offer>> {
    const rows = await repo.offerViews(this.db, { messageIds });
    const now = this.now();
    return new Map(
      rows.filter((r) => r.offer.messageId !== null).map((r) => [r.offer.messageId!, this.toOffer(r, now)]),
    );
  }

  /** The latest offer of each request. */
  async byRequest(requestMessageIds: number[]): Promise<Map<number, RequestOffer>> {
    const rows = await repo.offerViews(this.db, { requestMessageIds });
    const now = this.now();
    const out = new Map<number, RequestOffer>();
    for (const r of rows) {
      const key = r.offer.requestMessageId;
      if (key === null || out.has(key)) continue; // newest first
      const o = this.toOffer(r, now);
      out.set(key, {
        id: o.id,
        status: o.status,
        bookingId: o.booking?.id ?? null,
        bookingNumber: o.booking?.bookingNumber ?? null,
      });
    }
    return out;
  }
}
