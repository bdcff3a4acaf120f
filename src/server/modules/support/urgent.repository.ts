import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { bookings, guides, supportThreads, users } from '../../db/schema/index';

/** The two deadlines in milliseconds (settings, decision 132). */
export interface ReplyWindows {
  urgentMs: number;
  otherMs: number;
}

/** A waiting thread's deadline, in SQL: its wait's start plus the window of its kind. */
export const replyBySql = (w: ReplyWindows) =>
  sql`(${supportThreads.awaitingSince} + (case when ${supportThreads.urgent} then ${w.urgentMs}::float8 else ${w.otherMs}::float8 end) * interval '1 millisecond')`;

const travelerUser = alias(users, 'traveler_user');
const guideUser = alias(users, 'guide_user');

/** A booking with both parties' user rows (names and e-mail, the contact the product holds). */
export async function bookingsWithParties(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      date: bookings.date,
      timeZone: bookings.timeZone,
      endsAt: bookings.endsAt,
      // The verified numbers are what the team calls back on (decision 147).
      traveler: {
        userId: travelerUser.id,
        fullName: travelerUser.fullName,
        email: travelerUser.email,
        phone: travelerUser.phone,
      },
      guide: { userId: guideUser.id, fullName: guideUser.fullName, email: guideUser.email, phone: guideUser.phone },
    })
    .from(bookings)
    .innerJoin(travelerUser, eq(travelerUser.id, bookings.travelerId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(guideUser, eq(guideUser.id, guides.userId))
    .where(inArray(bookings.id, ids));
}
export type BookingWithParties = Awaited<ReturnType<typeof bookingsWithParties>>[number];

/**
 * Marks a wait as alerted, once: only while the thread is open and still waiting since `since` (a reply
 * ended that wait; a later message starts another), and not alerted for it before. True when this call did it.
 */
export async function claimOverdueAlert(db: Database, threadId: number, since: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(supportThreads)
    .set({ overdueAlertedAt: now })
    .where(
      and(
        eq(supportThreads.id, threadId),
        eq(supportThreads.status, 'open'),
        eq(supportThreads.awaitingSince, since),
        sql`(${supportThreads.overdueAlertedAt} is null or ${supportThreads.overdueAlertedAt} < ${supportThreads.awaitingSince})`,
      ),
    )
    .returning({ id: supportThreads.id });
  return rows.length > 0;
}

/** Every admin who can be told (not deleted, not suspended). */
export async function adminIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return rows.map((r) => r.id);
}

interface StatsRow {
  urgent: boolean;
  threads: number | string;
  answered: number | string;
  median: number | string | null;
  p90: number | string | null;
}

/**
 * First-reply times of the threads started in [from, now], urgent and other apart: the median and the
 * 90th percentile in seconds, nearest rank (`percentile_disc`, as the guides' response times), and the
 * open threads waiting past their deadline at `now`.
 */
export async function replyMetrics(db: Database, w: ReplyWindows, from: Date, now: Date) {
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const firstReply = sql`extract(epoch from first_reply_at - created_at)`;
  const stats = rowsOf<StatsRow>(
    await db.execute(sql`
      SELECT urgent,
             count(*) AS threads,
             count(first_reply_at) AS answered,
             (percentile_disc(0.5) within group (order by ${firstReply}) filter (where first_reply_at is not null))::float8 AS median,
             (percentile_disc(0.9) within group (order by ${firstReply}) filter (where first_reply_at is not null))::float8 AS p90
      FROM support_threads
      WHERE created_at >= ${fromAt} AND created_at <= ${nowAt}
      GROUP BY urgent`),
  );
  const overdue = await db
    .select({ urgent: supportThreads.urgent, n: sql<number>`count(*)`.mapWith(Number) })
    .from(supportThreads)
    .where(and(eq(supportThreads.status, 'open'), sql`${replyBySql(w)} < ${nowAt}`))
    .groupBy(supportThreads.urgent);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const side = (urgent: boolean) => {
    const r = stats.find((s) => Boolean(s.urgent) === urgent);
    return {
      threads: Number(r?.threads ?? 0),
      answered: Number(r?.answered ?? 0),
      medianSeconds: num(r?.median ?? null),
      p90Seconds: num(r?.p90 ?? null),
      overdue: overdue.find((o) => o.urgent === urgent)?.n ?? 0,
    };
  };
  return { urgent: side(true), other: side(false) };
}
