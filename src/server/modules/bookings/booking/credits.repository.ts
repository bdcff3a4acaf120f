import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { travelCredits } from '../../../db/schema/index';

/** Gives back the credit a cancelled booking had spent (decision 139): the traveler keeps it for another. */
export async function restoreCredit(db: Database, bookingId: number): Promise<void> {
  await db
    .update(travelCredits)
    .set({ spentBookingId: null, spentAt: null })
    .where(eq(travelCredits.spentBookingId, bookingId));
}

/** The credit a booking ended by its guide gives, once per booking (the unique source key). */
export async function issueCredit(db: Database, values: typeof travelCredits.$inferInsert): Promise<void> {
  await db.insert(travelCredits).values(values).onConflictDoNothing({ target: travelCredits.sourceBookingId });
}

/** The traveler's credits, the unspent ones first. */
export async function creditsOf(db: Database, travelerId: number, now: Date) {
  return db
    .select()
    .from(travelCredits)
    .where(eq(travelCredits.travelerId, travelerId))
    .orderBy(
      sql`(${travelCredits.spentBookingId} is null and ${travelCredits.expiresAt} > ${now.toISOString()}::timestamptz) desc`,
      travelCredits.expiresAt,
      travelCredits.id,
    );
}
