import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { bookings, supportMessages, supportThreads, users } from '../schema/index';

/**
 * An urgent "Help now" thread in the admin support queue (decision 132): the demo traveler on the tour
 * under way asked two minutes before the seeding moment and shared the phone's location near the
 * meeting point, and nobody has answered yet. No deadline check is queued for it, so the demo admin
 * is not alerted at every fresh start; the queue shows its time left, then overdue.
 */
export async function seedDemoUrgentSupport(db: Database, now: Date): Promise<void> {
  const [trip] = await db
    .select({ id: bookings.id, travelerId: bookings.travelerId })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .where(and(eq(users.username, 'traveler'), eq(bookings.status, 'ongoing')))
    .limit(1);
  if (!trip) return;
  const at = new Date(now.getTime() - 2 * 60_000);
  const [thread] = await db
    .insert(supportThreads)
    .values({
      userId: trip.travelerId,
      topic: 'general',
      locale: 'zh-CN',
      pageUrl: '/dashboard',
      urgent: true,
      bookingId: trip.id,
      locationLat: 35.6825,
      locationLng: 139.7662,
      locationAccuracyM: 35,
      createdAt: at,
      lastMessageAt: at,
      awaitingSince: at,
    })
    .returning({ id: supportThreads.id });
  await db.insert(supportMessages).values({
    threadId: thread!.id,
    sender: 'visitor',
    authorUserId: trip.travelerId,
    body: '紧急求助：我和地陪在东京站丸之内北口走散了，电话打不通，请尽快联系我。',
    createdAt: at,
  });
}
