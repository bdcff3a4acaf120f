import { addDays } from '../../../shared/availability';
import type { Currency, FxRate } from '../../../shared/currency';
import { guideRates, tripPrice, type RateColumns, type TripLength } from '../../../shared/booking/trip-price';
import { formatMoney } from '../../../shared/money-format';
import { bookingRulesOf, timeToMinutes, zonedTimeToUtc } from '../../../shared/booking/schedule';
import { tourRequestAllowances } from '../../../shared/messaging/tour-request';
import {
  offerCeilingCents,
  offerExpiresAt,
  offerFloorCents,
  type OfferDeclineReason,
} from '../../../shared/offers/offer-rules';
import type { CreateOfferBody, Offer, OfferQuote } from '../../../shared/schemas/offers';
import { meetingCoords } from '../../../shared/schemas/bookings';
import { inTransaction, type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { checkTotalInBounds } from '../../lib/money-bounds';
import type { AuthUser } from '../auth/index';
import { assertBookableDay, assertTimeFree, guideBusyRanges, type guideForBooking } from '../bookings/index';
import type { MessagingService } from '../messaging/index';
import * as repo from './offers.repository';
import type { OfferRow } from './offers.repository';
import type { CreateSystemMessage } from '../notifications/index';
import { assertMayDrive, assertPublicTexts } from '../licences/index';
import { closed, type OfferBook } from './offer-book';
import { offerClosedNotice, offerSentNotice } from './offer-notices';

/** What offers need of messaging: an offer is sent as a message, and its card re-sent when it changes. */
export type OfferMessaging = Pick<MessagingService, 'sendOffer' | 'refresh'>;

export interface OffersDeps {
  db: Database;
  book: OfferBook;
  messaging: OfferMessaging;
  guideForBooking: typeof guideForBooking;
  rates: () => { depositRate: number; commissionRate: number };
  /** Today's rate, which the offer keeps beside its fee (decision 169). */
  fxRate: () => Promise<FxRate>;
  /** The notification centre's create, when it is there (a declined or withdrawn offer tells the other side). */
  notify?: (notices: CreateSystemMessage[]) => Promise<unknown>;
}

const MINUTE_MS = 60_000;

/** The guide an offer is made by: the checkout's read of her (`guideForBooking`). */
type OfferGuide = NonNullable<Awaited<ReturnType<typeof guideForBooking>>>;

/**
 * Offers (decision 078): a guide answers a tour request, or any conversation with a
 * traveler, with priced terms. Only the two people of the conversation see an offer (404 for anyone
 * else); the guide makes and withdraws it, the traveler declines or books it (through bookings).
 * Every change re-sends the offer's message and the request's to both sides.
 */
export class OffersService {
  /** The app's clock (the bookings' one, compose.ts), so tests move one time for both. */
  private now(): Date {
    return this.deps.book.now();
  }

  constructor(private readonly deps: OffersDeps) {}

  private get db() {
    return this.deps.db;
  }

  private view(id: number): Promise<Offer | undefined> {
    return this.deps.book.view(id);
  }

  /** The conversation if the caller is its guide; 404 for anyone else. */
  private async guideConversation(user: AuthUser, conversationId: number) {
    const c = await repo.findConversation(this.db, conversationId);
    if (!c || c.guideUserId !== user.id) throw notFound('Conversation');
    const guide = await this.deps.guideForBooking(this.db, c.guideId);
    if (!guide) throw notFound('Guide');
    return { c, guide };
  }

  /** The rate-based price of a tour and the floor and ceiling of a fee for it. */
  private async price(
    guideId: number,
    base: RateColumns,
    q: { durationHours: number; days?: number; travelers: number; subcategoryId?: number },
  ) {
    let servicePriceCents: number | null = null;
    if (q.subcategoryId !== undefined) {
      const service = await repo.offeredService(this.db, guideId, q.subcategoryId);
      if (!service)
        throw new AppError('service_not_offered', 'This guide does not offer that service', [
          { path: 'subcategoryId', message: 'not offered' },
        ]);
      servicePriceCents = service.priceCents;
    }
    // Several days (decision 154) are suggested at the price a booking of them would be charged: the
    // one pricing function with the one reading of the guide's rates (decision 187).
    const trip: TripLength =
      q.days === undefined ? { hours: q.durationHours } : { days: q.days, dayHours: q.durationHours };
    const suggestedCents = tripPrice(
      guideRates(base, servicePriceCents),
      { adults: q.travelers },
      trip,
      this.deps.rates(),
    ).price.totalCents;
    return {
      suggestedCents,
      floorCents: offerFloorCents(suggestedCents),
      ceilingCents: offerCeilingCents(suggestedCents),
    };
  }

  async quote(
    user: AuthUser,
    conversationId: number,
    q: { durationHours: number; days?: number; travelers: number; subcategoryId?: number },
  ): Promise<OfferQuote> {
    const { guide } = await this.guideConversation(user, conversationId);
    return {
      ...(await this.price(guide.id, guide, q)),
      depositRate: this.deps.rates().depositRate,
      currency: guide.currency,
    };
  }

  async create(
    user: AuthUser,
    conversationId: number,
    body: CreateOfferBody,
  ): Promise<{ data: Offer; created: boolean }> {
    const { c, guide } = await this.guideConversation(user, conversationId);
    const request = await this.openRequest(c.id, body.requestMessageId);
    await this.checkPublishable(user, guide.id, body);
    const subcategoryId = body.subcategoryId ?? request?.tourRequest?.subcategoryId ?? undefined;
    const { suggestedCents, floorCents, ceilingCents } = await this.price(guide.id, guide, { ...body, subcategoryId });
    checkFee(body.priceCents, guide.currency, floorCents, ceilingCents);
    const { startMinute, durationMinutes, startsAt, days, endsAt } = offerTimes(body, guide.timeZone);
    const now = this.now();
    await this.assertGuideFree(guide, { date: body.date, days, startsAt, endsAt }, now);
    // The rate the fee is priced at for the traveler, kept with it: the booking made from it is fixed at it
    // (decision 169).
    const rate = await this.deps.fxRate();
    const extras =
      body.extras ??
      (request?.tourRequest
        ? tourRequestAllowances(request.tourRequest)
        : { mealYen: 0, transportYen: 0, ticketsYen: 0 });
    let replaced: OfferRow[] = [];
    const sent = await this.deps.messaging.sendOffer(
      user,
      c.id,
      { clientMessageId: body.clientMessageId, body: body.note.trim() },
      async (tx, message) => {
        if (request) replaced = await replaceOpenOffers(tx, request.id, now);
        await repo.insertOffer(tx, {
          conversationId: c.id,
          messageId: message.id,
          requestMessageId: request?.id ?? null,
          guideId: guide.id,
          guideUserId: guide.userId,
          travelerId: c.travelerId,
          date: body.date,
          startMinute,
          durationMinutes,
          days,
          timeZone: guide.timeZone,
          startsAt,
          endsAt,
          travelers: body.travelers,
          subcategoryId: subcategoryId ?? null,
          priceCents: body.priceCents,
          suggestedCents,
          currency: guide.currency,
          jpyPerCny: rate.jpyPerCny,
          fxAsOf: rate.asOf,
          fxSource: rate.source,
          meetingAddress: body.meetingAddress,
          meetingPostalCode: body.meetingPostalCode,
          ...meetingCoords(body),
          itinerary: body.itinerary,
          mealYen: extras.mealYen,
          transportYen: extras.transportYen,
          ticketsYen: extras.ticketsYen,
          guideDrives: body.guideDrives,
          shopStops: body.shopStops,
          expiresAt: offerExpiresAt(now, startsAt, body.validHours),
          createdAt: now,
        });
      },
    );
    const row = await repo.offerOfMessage(this.db, sent.messageId);
    if (!row) throw new AppError('conflict', 'This clientMessageId was used for another message');
    if (sent.created) {
      await this.refresh(c.id, [request?.id, ...replaced.map((r) => r.messageId)]);
      // The traveler hears of it beside the chat, with until when it can be booked.
      await this.deps.notify?.([offerSentNotice(row)]);
    }
    return { data: (await this.view(row.id))!, created: sent.created };
  }

  /** The tour request the offer answers, if any: 404 if it is not one of this conversation, 409 once answered. */
  private async openRequest(conversationId: number, requestMessageId: number | undefined) {
    const request =
      requestMessageId !== undefined ? await repo.findRequest(this.db, conversationId, requestMessageId) : undefined;
    if (requestMessageId !== undefined) {
      if (!request?.tourRequest) throw notFound('Tour request');
      const latest = (await this.deps.book.byRequest([request.id])).get(request.id);
      if (!['pending', 'offered'].includes(request.tourRequestStatus ?? 'pending') || latest?.status === 'booked') {
        throw new AppError('tour_request_closed', 'This request has already been answered');
      }
    }
    return request;
  }

  /** Decision 092: the offer's texts are published to the traveler; driving needs both proofs. */
  private async checkPublishable(user: AuthUser, guideId: number, body: CreateOfferBody) {
    await assertPublicTexts(this.db, user.id, [
      { path: 'itinerary', text: body.itinerary },
      { path: 'note', text: body.note },
      ...body.shopStops.map((s, i) => ({ path: `shopStops.${i}.name`, text: s.name })),
    ]);
    if (body.guideDrives) await assertMayDrive(this.db, guideId);
  }

  /**
   * An offer is a way into a booking: the same calendar as the checkout, checked again when booked;
   * outside the weekly hours if the guide likes, but with their own notice and buffer (decision 153).
   */
  private async assertGuideFree(
    guide: OfferGuide,
    t: { date: string; days: number; startsAt: Date; endsAt: Date },
    now: Date,
  ) {
    assertBookableDay(t.date, guide.timeZone, now);
    if (t.days > 1) assertBookableDay(addDays(t.date, t.days - 1), guide.timeZone, now);
    const rules = bookingRulesOf(guide);
    const around = rules.bufferMinutes * MINUTE_MS;
    const busy = await guideBusyRanges(
      this.db,
      guide.id,
      new Date(t.startsAt.getTime() - around),
      new Date(t.endsAt.getTime() + around),
    );
    assertTimeFree({ startsAt: t.startsAt, endsAt: t.endsAt, busy, now, ...rules });
  }

  /** GET /api/me/open-offers: the caller's offers waiting for their answer (none for anyone else's). */
  openOffers(user: AuthUser): Promise<Offer[]> {
    return this.deps.book.openFor(user.id);
  }

  /** The offer, for its traveler or its guide; 404 for anyone else. */
  async get(user: AuthUser, id: number): Promise<Offer> {
    const offer = await this.view(id);
    if (!offer || (offer.travelerId !== user.id && offer.guideUserId !== user.id)) throw notFound('Offer');
    return offer;
  }

  async decline(user: AuthUser, id: number, reason: OfferDeclineReason | undefined): Promise<Offer> {
    return this.close(user, id, 'declined', reason);
  }

  async withdraw(user: AuthUser, id: number): Promise<Offer> {
    return this.close(user, id, 'withdrawn');
  }

  /** The traveler declines, the guide withdraws: only an open offer, and only by its own side (404 otherwise). */
  private async close(
    user: AuthUser,
    id: number,
    to: 'declined' | 'withdrawn',
    reason?: OfferDeclineReason,
  ): Promise<Offer> {
    const now = this.now();
    const row = await inTransaction(this.db, async (db) => {
      const o = await repo.lockOffer(db, id);
      if (!o || (to === 'declined' ? o.travelerId : o.guideUserId) !== user.id) throw notFound('Offer');
      const [current] = await repo.offerViews(db, { ids: [id] });
      const status = this.deps.book.toOffer(current!, now).status;
      if (status !== 'open') throw closed(status);
      await repo.closeOffer(db, id, to, { closedAt: now, ...(to === 'declined' && { declineReason: reason ?? null }) });
      return o;
    });
    await this.refresh(row.conversationId, [row.messageId, row.requestMessageId]);
    await this.deps.notify?.([offerClosedNotice(row, to, reason)]);
    return (await this.view(id))!;
  }

  /** A booking changed: if it came from an offer, both sides see the offer and the request anew. */
  async bookingChanged(bookingId: number): Promise<void> {
    const o = await repo.offerOfBooking(this.db, bookingId);
    if (o) await this.refresh(o.conversationId, [o.messageId, o.requestMessageId]);
  }

  private async refresh(conversationId: number, ids: (number | null | undefined)[]) {
    const messageIds = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
    if (messageIds.length) await this.deps.messaging.refresh(conversationId, messageIds);
  }
}

/** The fee within bounds, and within the suggested price's floor and ceiling. */
function checkFee(priceCents: number, currency: Currency, floorCents: number, ceilingCents: number): void {
  // The fee is in the guide's currency, as every price of hers (decision 164): ¥8,000 (JPY) or 495 RMB.
  const fee = (minor: number) => formatMoney(minor, currency, 'en');
  checkTotalInBounds(priceCents, currency, 'priceCents');
  if (priceCents < floorCents)
    throw new AppError('price_below_floor', `The fee must be at least ${fee(floorCents)}`, [
      { path: 'priceCents', message: `min ${floorCents}` },
    ]);
  if (priceCents > ceilingCents)
    throw new AppError('price_above_ceiling', `The fee must be at most ${fee(ceilingCents)}`, [
      { path: 'priceCents', message: `max ${ceilingCents}` },
    ]);
}

/** When the offered tour starts and ends, in the guide's time zone. */
function offerTimes(body: Pick<CreateOfferBody, 'date' | 'startTime' | 'durationHours' | 'days'>, timeZone: string) {
  const startMinute = timeToMinutes(body.startTime)!;
  const durationMinutes = Math.round(body.durationHours * 60);
  const startsAt = zonedTimeToUtc(body.date, startMinute, timeZone);
  const days = body.days ?? 1;
  // The last day's end: an offer of several days holds the guide throughout, as its booking will (decision 154).
  const endsAt = new Date(
    zonedTimeToUtc(addDays(body.date, days - 1), startMinute, timeZone).getTime() + durationMinutes * MINUTE_MS,
  );
  return { startMinute, durationMinutes, startsAt, days, endsAt };
}

/** A new offer on a request replaces an open one (the guide revised the terms); the request reads offered. */
async function replaceOpenOffers(tx: Database, requestId: number, now: Date): Promise<OfferRow[]> {
  const replaced = await repo.openOffersOfRequest(tx, requestId);
  for (const r of replaced) await repo.closeOffer(tx, r.id, 'withdrawn', { closedAt: now });
  await repo.markRequestOffered(tx, requestId);
  return replaced;
}
