/**
 * The guide a demo booking goes to, apart so that the planned bookings (bookings.ts) and the tour day
 * (tour-day.ts) both ask it without importing each other.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { guideForBooking } from '../../modules/bookings/index';
import type { Database } from '../client';
import { guides, users } from '../schema/index';

/** The demo guide by username, or the first listed guide of a city (not the demo guide), as booking sees it. */
export async function pickGuide(db: Database, key: string) {
  const where =
    key === 'guide'
      ? eq(users.username, 'guide')
      : and(eq(guides.serviceCity, key), eq(guides.status, 'active'), ne(users.username, 'guide'));
  const [row] = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(where)
    .orderBy(asc(guides.id))
    .limit(1);
  return row && guideForBooking(db, row.id);
}
