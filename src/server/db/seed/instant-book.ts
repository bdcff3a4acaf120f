import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { guides, users } from '../schema/index';

/**
 * One guide who confirms at once (decision 153): the first listed Chinese-speaking guide in Tokyo other
 * than the demo guide account (whose seeded requests wait for an answer), with instant booking on, a
 * 12-hour notice and the usual 30 minutes between tours, so Tokyo's "Instant confirmation" search
 * finds someone at once. Their existing bookings keep what they were made as.
 */
export async function seedDemoInstantBook(db: Database): Promise<void> {
  const [guide] = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.serviceCity, 'tokyo'), eq(guides.status, 'active'), eq(users.identityVerified, true), ne(users.username, 'guide'), sql`'zh' = any(${guides.languages})`))
    .orderBy(asc(guides.id))
    .limit(1);
  if (!guide) return;
  await db.update(guides).set({ instantBook: true, minNoticeHours: 12, bufferMinutes: 30 }).where(eq(guides.id, guide.id));
}
