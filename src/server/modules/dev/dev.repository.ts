import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, jobs, sessions, users } from '../../db/schema/index';

export async function findBookingRow(db: Database, id: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking;
}

/** Moves a booking to its new day and hours and runs its tour day's job now, in one transaction. */
export async function moveBookingToNow(
  db: Database,
  id: number,
  moved: { date: string; startMinute: number; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(bookings).set(moved).where(eq(bookings.id, id));
    await tx
      .update(jobs)
      .set({ runAt: now })
      .where(and(eq(jobs.kind, 'booking.start_day'), eq(jobs.dedupeKey, `booking.start_day:${id}`)));
  });
}

/**
 * Moves the proof of every session of the account 11 minutes back (decision 183): the browser test of the prompt does
 * not wait 10 minutes.
 */
export async function staleSessionProofs(db: Database, username: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ provenAt: new Date(Date.now() - 11 * 60_000) })
    .where(inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.username, username))))
    .returning({ id: sessions.id });
  return rows.length;
}
