import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bookingChanges, bookings, payments } from '../../../db/schema';
import { OPEN_CHANGE_STATUSES } from '../../../../shared/schemas/booking-changes';
import type { PaymentRow } from '../booking/bookings.repository';

/** The trip changes of a booking (decision 177); callers hold the booking's row lock when they write. */
export type ChangeRow = typeof bookingChanges.$inferSelect;

export async function insertChange(tx: Database, values: typeof bookingChanges.$inferInsert): Promise<ChangeRow> {
  const [row] = await tx.insert(bookingChanges).values(values).returning();
  return row!;
}

export async function updateChange(
  tx: Database,
  id: number,
  set: Partial<typeof bookingChanges.$inferInsert>,
): Promise<ChangeRow | undefined> {
  const [row] = await tx.update(bookingChanges).set(set).where(eq(bookingChanges.id, id)).returning();
  return row;
}

/** The booking's open change (awaiting payment or the guide), if any: there is at most one. */
export async function openChange(db: Database, bookingId: number): Promise<ChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), inArray(bookingChanges.status, [...OPEN_CHANGE_STATUSES])));
  return row;
}

export async function changeById(db: Database, bookingId: number, id: number): Promise<ChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.id, id)));
  return row;
}

export async function changeByPayment(db: Database, paymentId: number): Promise<ChangeRow | undefined> {
  const [row] = await db.select().from(bookingChanges).where(eq(bookingChanges.paymentId, paymentId));
  return row;
}

/** Newest first. */
export async function changesOf(db: Database, bookingId: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, bookingId))
    .orderBy(desc(bookingChanges.id));
}

export async function changePayments(db: Database, bookingId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'change')))
    .orderBy(asc(payments.id));
}

/**
 * What the traveler paid online for the deposit and applied changes that can still be refunded,
 * newest first: a released deposit share goes back from the latest money in first. The payment of a
 * change not applied is no part of the deposit: it goes back whole on its own (decision 194), and its
 * refund may not have run yet.
 */
export async function depositPaymentsLeft(db: Database, bookingId: number): Promise<PaymentRow[]> {
  const applied = db
    .select({ id: bookingChanges.paymentId })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'applied')));
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        or(eq(payments.kind, 'deposit'), and(eq(payments.kind, 'change'), inArray(payments.id, applied))),
        inArray(payments.status, ['succeeded', 'partially_refunded']),
      ),
    )
    .orderBy(desc(payments.id));
  return rows.filter((p) => p.amountCents > p.refundedCents);
}

/** A change's new trip written on the booking, whose status it leaves as it is (a paid booking before its tour). */
export async function writeChangedTrip(
  tx: Database,
  id: number,
  set: Partial<typeof bookings.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(bookings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), inArray(bookings.status, ['confirmed', 'upcoming'])))
    .returning({ id: bookings.id });
  return rows.length === 1;
}
