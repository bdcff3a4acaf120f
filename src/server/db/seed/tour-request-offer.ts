/**
 * The demo's tour request and the guide's open offer for it (decision 078), apart from the chat in
 * messages.ts, which only asks for them once its messages are written.
 */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { bookingPrice } from '../../../shared/booking/money-rules';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { tourRequestAllowances } from '../../../shared/messaging/tour-request';
import { offerExpiresAt } from '../../../shared/offers/offer-rules';
import type { TourRequest } from '../../../shared/schemas/messaging';
import { offerSentNotice } from '../../modules/offers/index';
import type { Database } from '../client';
import { seedNotice } from './notices';
import { bookings, guideServices, guides, messages, offers } from '../schema/index';

const HOUR = 3_600_000;

/**
 * A second trip the traveler asked for with a tour request, which the guide answered with an
 * open offer an hour ago (decision 078), so a newcomer sees "Book this offer" at once. A free morning
 * about two weeks out, in the guide's zone; the fee a little under the rate-based price.
 */
export async function seedRequestWithOffer(
  db: Database,
  o: { conversationId: number; travelerId: number; guideUserId: number; guideId: number; now: number },
) {
  const [guide] = await db.select().from(guides).where(eq(guides.id, o.guideId));
  if (!guide) return null;
  const [service] = await db
    .select({ subcategoryId: guideServices.subcategoryId, priceCents: guideServices.priceCents })
    .from(guideServices)
    .where(eq(guideServices.guideId, guide.id))
    .limit(1);
  if (!service) return null;
  const tour = { startMinute: 10 * 60, hours: Math.min(Math.max(4, guide.minDurationHours), guide.maxDurationHours) };
  const travelers = Math.min(Math.max(2, guide.minPeople), guide.maxPeople);
  const date = await firstFreeMorning(db, guide, todayInZone(guide.timeZone, new Date(o.now)), tour);
  const request = demoTourRequest(date, tour.hours, travelers, service.subcategoryId);
  const [req] = await db
    .insert(messages)
    .values({
      conversationId: o.conversationId,
      senderId: o.travelerId,
      clientMessageId: 'seed-tour-request-1',
      body: '下一次来东京还想请您带我们，这次想去筑地一带。',
      kind: 'tour_request',
      tourRequest: request,
      tourRequestStatus: 'offered',
      createdAt: new Date(o.now - 1.5 * HOUR),
    })
    .returning({ id: messages.id });
  const offeredAt = new Date(o.now - 1 * HOUR);
  const [carrier] = await db
    .insert(messages)
    .values({
      conversationId: o.conversationId,
      senderId: o.guideUserId,
      clientMessageId: 'seed-offer-1',
      body: '这是我的报价，含两次茶歇的讲解。途中会在一家海苔老店停留 20 分钟（已在报价中声明）。额外费用按您的请求在现场以日元支付。',
      kind: 'offer',
      createdAt: offeredAt,
    })
    .returning({ id: messages.id });
  const offer = await insertOpenOffer(db, guide, service, {
    ...o,
    request,
    requestMessageId: req!.id,
    messageId: carrier!.id,
    offeredAt,
    startMinute: tour.startMinute,
  });
  // The traveler was told of it, with until when it can be booked, as a real offer tells them.
  const notice = offerSentNotice(offer);
  await seedNotice(db, {
    userId: notice.userId,
    type: 'booking',
    text: notice.text,
    related: notice.related!,
    actionUrl: notice.actionUrl!,
    createdAt: offeredAt,
    dedupeKey: notice.dedupeKey!,
  });
  return { requestMessageId: req!.id, offerMessageId: carrier!.id };
}

type GuideRow = typeof guides.$inferSelect;

/** The first day from 16 days out (to 39) whose morning the guide has free; the 39th when none is. */
async function firstFreeMorning(
  db: Database,
  guide: GuideRow,
  today: string,
  tour: { startMinute: number; hours: number },
): Promise<string> {
  let date = addDays(today, 16);
  for (let i = 16; i < 40; i++) {
    date = addDays(today, i);
    const from = zonedTimeToUtc(date, tour.startMinute, guide.timeZone);
    const to = new Date(from.getTime() + tour.hours * HOUR);
    const [busy] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.guideId, guide.id),
          ne(bookings.status, 'cancelled'),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      )
      .limit(1);
    if (!busy) break;
  }
  return date;
}

/** The traveler's request: a Tsukiji morning for two, a shared meal, nearby transport and tickets paid on site. */
function demoTourRequest(date: string, hours: number, travelers: number, subcategoryId: number): TourRequest {
  return {
    date,
    startTime: '10:00',
    durationHours: hours,
    travelers,
    meal: 'shared_meal',
    meals: 2,
    transport: 'nearby_city',
    tickets: 'pay_on_site_together',
    ticketCount: 2,
    itinerary: '上午逛筑地场外市场吃早餐，然后去滨离宫恩赐庭园喝抹茶，最后在银座附近午餐。',
    groupComposition: '两位成人',
    meetingAddress: '筑地站 1 号出口',
    meetingPostalCode: '104-0045',
    subcategoryId,
  };
}

/** The guide's open offer for the request: the rate-based price less a tenth, and one declared shop stop. */
async function insertOpenOffer(
  db: Database,
  guide: GuideRow,
  service: { subcategoryId: number; priceCents: number | null },
  o: {
    conversationId: number;
    travelerId: number;
    guideUserId: number;
    request: TourRequest;
    requestMessageId: number;
    messageId: number;
    offeredAt: Date;
    startMinute: number;
  },
): Promise<typeof offers.$inferSelect> {
  const { request, offeredAt } = o;
  const hours = request.durationHours;
  const suggested = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    servicePriceCents: service.priceCents,
    adults: request.travelers,
    hours,
  }).totalCents;
  const startsAt = zonedTimeToUtc(request.date, o.startMinute, guide.timeZone);
  const extras = tourRequestAllowances(request);
  const [offer] = await db
    .insert(offers)
    .values({
      conversationId: o.conversationId,
      messageId: o.messageId,
      requestMessageId: o.requestMessageId,
      guideId: guide.id,
      guideUserId: o.guideUserId,
      travelerId: o.travelerId,
      date: request.date,
      startMinute: o.startMinute,
      durationMinutes: hours * 60,
      timeZone: guide.timeZone,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * HOUR),
      travelers: request.travelers,
      subcategoryId: service.subcategoryId,
      priceCents: Math.round((suggested * 0.9) / 1000) * 1000,
      suggestedCents: suggested,
      currency: guide.currency,
      meetingAddress: request.meetingAddress,
      meetingPostalCode: request.meetingPostalCode,
      itinerary: request.itinerary,
      mealYen: extras.mealYen,
      transportYen: extras.transportYen,
      ticketsYen: extras.ticketsYen,
      // The demo's declared shop stop (decision 135): one the shop pays the guide for, said before paying.
      shopStops: [{ name: '築地 山本海苔店', minutes: 20, paidByShop: true }],
      expiresAt: offerExpiresAt(offeredAt, startsAt),
      createdAt: offeredAt,
    })
    .returning();
  return offer!;
}
