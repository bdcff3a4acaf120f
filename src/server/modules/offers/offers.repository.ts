import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, conversations, guideServices, messages, offers, serviceSubcategories } from '../../db/schema/index';

export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;

export async function findConversation(db: Database, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** A tour request message of the conversation. */
export async function findRequest(db: Database, conversationId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.id, messageId), eq(messages.conversationId, conversationId), eq(messages.kind, 'tour_request')),
    );
  return row;
}

/** Marks a request answered by an offer (from pending, or again after an earlier offer). */
export async function markRequestOffered(db: Database, messageId: number) {
  await db
    .update(messages)
    .set({ tourRequestStatus: 'offered' })
    .where(and(eq(messages.id, messageId), inArray(messages.tourRequestStatus, ['pending', 'offered'])));
}

/** The guide's price for a service it offers (null: the basic price); undefined when not offered. */
export async function offeredService(db: Database, guideId: number, subcategoryId: number) {
  const [row] = await db
    .select({ priceCents: guideServices.priceCents })
    .from(guideServices)
    .where(and(eq(guideServices.guideId, guideId), eq(guideServices.subcategoryId, subcategoryId)));
  return row;
}

export async function insertOffer(db: Database, values: NewOffer): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

/** The offer row, locked for the rest of the transaction (one decision about an offer at a time). */
export async function lockOffer(db: Database, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

/** Closes an open offer (withdrawn or declined); undefined when it was no longer open. */
export async function closeOffer(
  db: Database,
  id: number,
  status: 'withdrawn' | 'declined',
  set: { declineReason?: OfferRow['declineReason']; closedAt: Date },
) {
  const [row] = await db
    .update(offers)
    .set({ status, ...set })
    .where(and(eq(offers.id, id), eq(offers.status, 'open')))
    .returning();
  return row;
}

/** Open offers answering a request (a new offer replaces them). */
export async function openOffersOfRequest(db: Database, requestMessageId: number) {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.requestMessageId, requestMessageId), eq(offers.status, 'open')));
}

/** The booking that used the offer: live, or paid at some point (the `bookings_offer_key` rule). */
const bookingJoin = and(
  eq(bookings.offerId, offers.id),
  sql`(${bookings.status} <> 'cancelled' or ${bookings.paidAt} is not null)`,
);

/** Offers with their service names and the booking made from each, if any. */
export async function offerViews(
  db: Database,
  where: {
    ids?: number[];
    messageIds?: number[];
    requestMessageIds?: number[];
    openFor?: { travelerId: number; now: Date };
  },
) {
  const conditions = [
    where.ids ? inArray(offers.id, where.ids) : undefined,
    where.openFor
      ? and(
          eq(offers.travelerId, where.openFor.travelerId),
          eq(offers.status, 'open'),
          gt(offers.expiresAt, where.openFor.now),
        )
      : undefined,
    where.messageIds ? inArray(offers.messageId, where.messageIds) : undefined,
    where.requestMessageIds ? inArray(offers.requestMessageId, where.requestMessageIds) : undefined,
  ].filter((c) => c !== undefined);
  if (!conditions.length) return [];
  return db
    .select({
      offer: offers,
      subcategory: {
        id: serviceSubcategories.id,
        nameEn: serviceSubcategories.nameEn,
        nameCn: serviceSubcategories.nameCn,
        nameJa: serviceSubcategories.nameJa,
      },
      booking: { id: bookings.id, bookingNumber: bookings.bookingNumber, status: bookings.status },
    })
    .from(offers)
    .leftJoin(serviceSubcategories, eq(serviceSubcategories.id, offers.subcategoryId))
    .leftJoin(bookings, bookingJoin)
    .where(or(...conditions))
    .orderBy(desc(offers.id));
}
export type OfferViewRow = Awaited<ReturnType<typeof offerViews>>[number];

export async function offerOfMessage(db: Database, messageId: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.messageId, messageId));
  return row;
}

/** The offer a booking was made from, if any. */
export async function offerOfBooking(db: Database, bookingId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select({ offer: offers })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, bookingId));
  return row?.offer;
}
