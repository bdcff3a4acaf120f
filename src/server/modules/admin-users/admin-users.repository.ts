import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingNumber } from '../../../shared/booking/money-rules';
import type { Database } from '../../db/client';
import { adminAuditLog, bookingExtensions, bookings, disputes, guides, payments, users } from '../../db/schema/index';

/**
 * The admin console's read model: users and bookings across modules, each view in a
 * fixed number of statements (never one per row).
 */
const travelerUser = alias(users, 'traveler_user');
const guideUser = alias(users, 'guide_user');

const summaryColumns = {
  booking: bookings,
  traveler: { id: travelerUser.id, username: travelerUser.username, fullName: travelerUser.fullName },
  guide: { id: guides.id, userId: guideUser.id, username: guideUser.username, fullName: guideUser.fullName },
};

function bookingSummaries(db: Database, where: SQL, limit: number) {
  return db
    .select(summaryColumns)
    .from(bookings)
    .innerJoin(travelerUser, eq(travelerUser.id, bookings.travelerId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(guideUser, eq(guideUser.id, guides.userId))
    .where(where)
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(limit);
}
export type BookingSummaryRow = Awaited<ReturnType<typeof bookingSummaries>>[number];

export function toSummary(r: BookingSummaryRow) {
  const b = r.booking;
  return {
    id: b.id,
    bookingNumber: bookingNumber(b.id, b.bookingNumber),
    status: b.status,
    date: b.date,
    startsAt: b.startsAt.toISOString(),
    days: b.days,
    totalPriceCents: b.totalPriceCents,
    depositCents: b.depositCents,
    currency: b.currency,
    traveler: r.traveler,
    guide: r.guide,
  };
}

const userSummary = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  isGuide: users.isGuide,
  isAdmin: users.isAdmin,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

export async function listUsers(db: Database, q: string | undefined, page: number, limit: number) {
  const term = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    isNull(users.deletedAt),
    term
      ? or(
          sql`lower(${users.username}) like ${term}`,
          sql`lower(${users.email}) like ${term}`,
          sql`lower(${users.fullName}) like ${term}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(userSummary)
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userWithGuide(db: Database, id: number) {
  const [row] = await db
    .select({
      user: { ...userSummary, suspensionReason: users.suspensionReason, identityVerified: users.identityVerified },
      guide: { id: guides.id, status: guides.status, serviceCity: guides.serviceCity },
    })
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export function bookingsOfUser(db: Database, userId: number, guideId: number | undefined, limit = 50) {
  return bookingSummaries(
    db,
    guideId === undefined
      ? eq(bookings.travelerId, userId)
      : or(eq(bookings.travelerId, userId), eq(bookings.guideId, guideId))!,
    limit,
  );
}

/** By number: a stored booking number, or TG plus the id for bookings without one. */
export function bookingsByNumber(db: Database, number: string) {
  const n = number.trim().toUpperCase();
  const id = /^TG0*(\d{1,9})$/.exec(n)?.[1];
  const byId = id ? and(isNull(bookings.bookingNumber), eq(bookings.id, Number(id))) : undefined;
  return bookingSummaries(db, or(eq(sql`upper(${bookings.bookingNumber})`, n), byId)!, 20);
}

export async function bookingDetail(db: Database, id: number) {
  const [summary] = await bookingSummaries(db, eq(bookings.id, id), 1);
  if (!summary) return undefined;
  const [paymentRows, extensionRows, disputeRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.id),
    db.select().from(bookingExtensions).where(eq(bookingExtensions.bookingId, id)).orderBy(bookingExtensions.id),
    db.select().from(disputes).where(eq(disputes.bookingId, id)).orderBy(disputes.id),
  ]);
  const disputeIds = disputeRows.map((d) => d.id);
  const auditRows = await db
    .select({ entry: adminAuditLog, username: users.username })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(
      or(
        and(eq(adminAuditLog.entityType, 'booking'), eq(adminAuditLog.entityId, id)),
        disputeIds.length
          ? and(eq(adminAuditLog.entityType, 'dispute'), inArray(adminAuditLog.entityId, disputeIds))
          : undefined,
      ),
    )
    .orderBy(adminAuditLog.id);
  return { summary, paymentRows, extensionRows, disputeRows, auditRows };
}

/** A user's suspension, the row held until the transaction ends (suspend and reinstate read it first). */
export async function lockSuspension(db: Database, id: number) {
  const [row] = await db
    .select({ suspendedAt: users.suspendedAt, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setSuspension(
  db: Database,
  id: number,
  s: { suspendedAt: Date | null; suspensionReason: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...s, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** The user's guide listing from status `from` to `to`; the ids of the listings moved (none or one). */
export async function moveListing(
  db: Database,
  userId: number,
  from: 'active' | 'suspended',
  to: 'active' | 'suspended',
) {
  return db
    .update(guides)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(guides.userId, userId), eq(guides.status, from)))
    .returning({ id: guides.id });
}
