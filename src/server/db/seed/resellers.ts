import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { guides, users } from '../schema/index';
import { INSTANT_CITIES } from './instant-book';

/**
 * Guides sold through resellers (decision 201): the demo account `guide` and the instant-booking guides of
 * Tokyo, Kyoto and Osaka (the step before chose them), so a reseller's engineer finds products at once.
 */
export async function seedDemoResellers(db: Database): Promise<void> {
  const demo = db.select({ id: users.id }).from(users).where(eq(users.username, 'guide'));
  await db
    .update(guides)
    .set({ sellsThroughResellers: true })
    .where(
      or(
        sql`${guides.userId} in ${demo}`,
        and(eq(guides.instantBook, true), inArray(guides.serviceCity, [...INSTANT_CITIES])),
      ),
    );
}
