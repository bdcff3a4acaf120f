import { sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import type { Database } from '../../db/client';

/**
 * The checkout's read of a guide's day in one statement (issue 24): the weekly windows, the day's
 * exceptions and the active bookings overlapping [from, to) — what `guideSchedule` and `busyRanges`
 * read in three.
 */
export async function daySchedule(db: Database, guideId: number, date: string, from: Date, to: Date) {
  const active = sql.join([...ACTIVE_BOOKING_STATUSES].map((s) => sql`${s}`), sql`, `);
  const result = await db.execute(sql`
    SELECT 'w' AS k, weekday::int AS weekday, NULL::text AS date, NULL::boolean AS available, start_minute::int AS start_minute, end_minute::int AS end_minute, NULL::float8 AS s, NULL::float8 AS e
      FROM guide_weekly_availability WHERE guide_id = ${guideId}
    UNION ALL
    SELECT 'x', NULL, date::text, available, start_minute::int, end_minute::int, NULL, NULL
      FROM guide_availability_exceptions WHERE guide_id = ${guideId} AND date = ${date}::date
    UNION ALL
    SELECT 'b', NULL, NULL, NULL, NULL, NULL, extract(epoch FROM starts_at) * 1000, extract(epoch FROM ends_at) * 1000
      FROM bookings WHERE guide_id = ${guideId} AND status IN (${active}) AND starts_at < ${to.toISOString()}::timestamptz AND ends_at > ${from.toISOString()}::timestamptz`);
  type Row = { k: 'w' | 'x' | 'b'; weekday: number | null; date: string | null; available: boolean | null; start_minute: number | null; end_minute: number | null; s: number | string | null; e: number | string | null };
  const rows = (result as unknown as { rows: Row[] }).rows;
  return {
    weekly: rows.filter((r) => r.k === 'w').map((r) => ({ weekday: r.weekday!, startMinute: r.start_minute!, endMinute: r.end_minute! })),
    exceptions: rows.filter((r) => r.k === 'x').map((r) => ({ date: r.date!, available: r.available!, startMinute: r.start_minute, endMinute: r.end_minute })),
    busy: rows.filter((r) => r.k === 'b').map((r) => ({ startsAt: new Date(Number(r.s)), endsAt: new Date(Number(r.e)) })),
  };
}
