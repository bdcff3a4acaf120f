import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, jobs } from '../../db/schema/index';

export async function findBookingRow(db: Database, id: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking;
}

/** Moves a booking to its new day and hours and runs its tour day's job now, in one transaction. */
export async function moveBookingToNow(db: Database, id: number, moved: { date: string; startMinute: number; startsAt: Date; endsAt: Date }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(bookings).set(moved).where(eq(bookings.id, id));
    await tx.update(jobs).set({ runAt: now }).where(and(eq(jobs.kind, 'booking.start_day'), eq(jobs.dedupeKey, `booking.start_day:${id}`)));
  });
}
