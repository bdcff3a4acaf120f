import { and, asc, eq, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '../../db/client';
import { guideBusyTimes, guideCalendars, guides } from '../../db/schema/index';
import { lockGuideSchedule } from '../bookings/index';
import type { BusyRange } from './ics-busy';

export type CalendarRow = typeof guideCalendars.$inferSelect;

/** The caller's guide listing: its id, and the account's language for her notices. */
export async function guideOfUser(db: Database, userId: number) {
  const [row] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, userId));
  return row;
}

export function calendarsOf(db: Database, guideId: number): Promise<CalendarRow[]> {
  return db.select().from(guideCalendars).where(eq(guideCalendars.guideId, guideId)).orderBy(asc(guideCalendars.id));
}

/** Her calendar `id`, or undefined when it is not hers (another guide's reads as missing: 404). */
export async function calendarOf(db: Database, guideId: number, id: number): Promise<CalendarRow | undefined> {
  const [row] = await db
    .select()
    .from(guideCalendars)
    .where(and(eq(guideCalendars.id, id), eq(guideCalendars.guideId, guideId)));
  return row;
}

export async function calendarById(db: Database, id: number): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(guideCalendars).where(eq(guideCalendars.id, id));
  return row;
}

export async function insertCalendar(db: Database, row: typeof guideCalendars.$inferInsert): Promise<CalendarRow> {
  const [created] = await db.insert(guideCalendars).values(row).returning();
  return created!;
}

/** Removes her calendar and, by the foreign key's cascade, its busy times; false when it is not hers. */
export async function deleteCalendar(db: Database, guideId: number, id: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockGuideSchedule(tx, guideId);
    const gone = await tx
      .delete(guideCalendars)
      .where(and(eq(guideCalendars.id, id), eq(guideCalendars.guideId, guideId)))
      .returning({ id: guideCalendars.id });
    return gone.length > 0;
  });
}

/**
 * A good read: the calendar's busy times replaced whole, under the guide's schedule lock — the
 * checkout's (decision 199) — so no booking is checked against half of them. False when the calendar
 * was removed meanwhile.
 */
export async function replaceBusyTimes(
  db: Database,
  calendar: Pick<CalendarRow, 'id' | 'guideId'>,
  ranges: BusyRange[],
  read: { at: Date; etag: string | null; lastModified: string | null },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await lockGuideSchedule(tx, calendar.guideId);
    const kept = await tx
      .update(guideCalendars)
      .set({
        etag: read.etag,
        lastModified: read.lastModified,
        lastReadAt: read.at,
        lastSuccessAt: read.at,
        busyCount: ranges.length,
        problem: null,
        failingSince: null,
        failureNoticeAt: null,
      })
      .where(eq(guideCalendars.id, calendar.id))
      .returning({ id: guideCalendars.id });
    if (kept.length === 0) return false;
    await tx.delete(guideBusyTimes).where(eq(guideBusyTimes.calendarId, calendar.id));
    for (let i = 0; i < ranges.length; i += 1000) {
      await tx.insert(guideBusyTimes).values(
        ranges.slice(i, i + 1000).map((r) => ({
          guideId: calendar.guideId,
          calendarId: calendar.id,
          startsAt: r.startsAt,
          endsAt: r.endsAt,
        })),
      );
    }
    return true;
  });
}

/** An unchanged calendar (304): read now, nothing else changes. */
export async function markUnchanged(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(guideCalendars)
    .set({ lastReadAt: at, problem: null, failingSince: null, failureNoticeAt: null })
    .where(eq(guideCalendars.id, id));
}

/** A failed read: its busy times stay; the problem is recorded, and since when it fails. */
export async function markFailed(
  db: Database,
  id: number,
  at: Date,
  problem: string,
): Promise<CalendarRow | undefined> {
  const [row] = await db
    .update(guideCalendars)
    .set({ lastReadAt: at, problem, failingSince: sql`coalesce(${guideCalendars.failingSince}, ${at.toISOString()})` })
    .where(eq(guideCalendars.id, id))
    .returning();
  return row;
}

/** Claims the one notice of a calendar failing for a day: true once per failing spell. */
export async function claimFailureNotice(db: Database, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(guideCalendars)
    .set({ failureNoticeAt: at })
    .where(and(eq(guideCalendars.id, id), sql`${guideCalendars.failureNoticeAt} IS NULL`))
    .returning({ id: guideCalendars.id });
  return rows.length > 0;
}

/** Every calendar not read since `before` (the sync's round). */
export function calendarsDue(db: Database, before: Date): Promise<CalendarRow[]> {
  return db
    .select()
    .from(guideCalendars)
    .where(sql`${guideCalendars.lastReadAt} IS NULL OR ${guideCalendars.lastReadAt} < ${before.toISOString()}`)
    .orderBy(asc(guideCalendars.lastReadAt));
}

/** The guide's account: who is told of a failing calendar. */
export async function guideUserId(db: Database, guideId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: guides.userId }).from(guides).where(eq(guides.id, guideId));
  return row?.id;
}
