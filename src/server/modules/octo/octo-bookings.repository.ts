import { randomBytes } from 'node:crypto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, channels, guides, octoBookings, users, type OctoContact } from '../../db/schema/index';

export type OctoBookingRow = typeof octoBookings.$inferSelect;

/** What an OCTO booking is answered from: the reseller's row, our booking, and the guide's notice and group. */
export interface OctoBookingRead {
  octo: OctoBookingRow;
  booking: Pick<
    typeof bookings.$inferSelect,
    | 'id'
    | 'bookingNumber'
    | 'status'
    | 'guideId'
    | 'travelerId'
    | 'startsAt'
    | 'endsAt'
    | 'timeZone'
    | 'paidAt'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'cancelReason'
    | 'completedAt'
    | 'updatedAt'
  >;
  guide: { minNoticeHours: number; maxPeople: number };
}

const readColumns = {
  octo: octoBookings,
  booking: {
    id: bookings.id,
    bookingNumber: bookings.bookingNumber,
    status: bookings.status,
    guideId: bookings.guideId,
    travelerId: bookings.travelerId,
    startsAt: bookings.startsAt,
    endsAt: bookings.endsAt,
    timeZone: bookings.timeZone,
    paidAt: bookings.paidAt,
    cancelledAt: bookings.cancelledAt,
    cancelledBy: bookings.cancelledBy,
    cancelReason: bookings.cancelReason,
    completedAt: bookings.completedAt,
    updatedAt: bookings.updatedAt,
  },
  guide: { minNoticeHours: guides.minNoticeHours, maxPeople: guides.maxPeople },
};

async function reads(db: Database, where: SQL | undefined): Promise<OctoBookingRead[]> {
  return db
    .select(readColumns)
    .from(octoBookings)
    .innerJoin(bookings, eq(bookings.id, octoBookings.bookingId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(where)
    .orderBy(desc(octoBookings.id))
    .limit(100);
}

/** A reseller's booking by its uuid: only its own (another's uuid is not found, decision 202). */
export async function octoBookingByUuid(db: Database, channelId: number, uuid: string) {
  const [row] = await reads(db, and(eq(octoBookings.channelId, channelId), eq(octoBookings.uuid, uuid)));
  return row;
}

/** The OCTO booking made on our booking `bookingId`, whichever reseller's. */
export async function octoBookingOfBooking(db: Database, bookingId: number) {
  const [row] = await reads(db, eq(octoBookings.bookingId, bookingId));
  return row;
}

/** A reseller's bookings, by its reference or our booking id (its newest 100). */
export async function octoBookingsOf(
  db: Database,
  channelId: number,
  by: { resellerReference?: string; bookingId?: number },
) {
  return reads(
    db,
    and(
      eq(octoBookings.channelId, channelId),
      by.resellerReference === undefined ? undefined : eq(octoBookings.resellerReference, by.resellerReference),
      by.bookingId === undefined ? undefined : eq(octoBookings.bookingId, by.bookingId),
    ),
  );
}

export async function insertOctoBooking(db: Database, values: typeof octoBookings.$inferInsert): Promise<void> {
  await db.insert(octoBookings).values(values);
}

export async function updateOctoBooking(
  db: Database,
  id: number,
  set: Partial<typeof octoBookings.$inferInsert>,
): Promise<void> {
  await db.update(octoBookings).set(set).where(eq(octoBookings.id, id));
}

/**
 * A guest traveler for one reseller's booking (decision 202): a user who cannot sign in (no password, no e-mail),
 * named as the reseller names the traveler, so the guide and the admin read the booking as any other.
 */
export async function insertGuestTraveler(db: Database, fullName: string, locale: string | null): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ username: `octo-guest-${randomBytes(8).toString('hex')}`, fullName, locale })
    .returning({ id: users.id });
  return row!.id;
}

export async function deleteGuestTraveler(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function nameGuestTraveler(db: Database, id: number, contact: OctoContact, locale: string | null) {
  await db
    .update(users)
    .set({ ...(contact.fullName && { fullName: contact.fullName }), ...(locale && { locale }) })
    .where(eq(users.id, id));
}

/** What the traveler's confirmation says (decision 202): the booking, its reseller's row and name, the guide's name. */
export async function noticeFactsOf(db: Database, bookingId: number) {
  const [row] = await db
    .select({ b: bookings, o: octoBookings, guide: users.fullName, reseller: channels.name })
    .from(bookings)
    .innerJoin(octoBookings, eq(octoBookings.bookingId, bookings.id))
    .innerJoin(channels, eq(channels.id, octoBookings.channelId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(bookings.id, bookingId));
  return row;
}
