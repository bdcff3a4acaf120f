import { sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { guideBusyCondition, travelerBusyCondition } from './busy';

/** An active booking of the traveler overlapping the requested hours (one traveler, one place). */
export interface TravelerOverlap {
  id: number;
  bookingNumber: string | null;
  status: BookingStatus;
  /** Money on its way for an unpaid one: a payment processing, or waiting for a wallet's approval. */
  paymentInFlight: boolean;
}

/**
 * The checkout's read of a guide's day in one statement: the weekly windows, the day's
 * exceptions and the bookings holding [from, to) (`busy.ts`) — what `guideSchedule` and `busyRanges`
 * read in three — and, given `traveler`, that traveler's active bookings overlapping their requested
 * hours (`travelerOverlaps`' read; a checkout sends it after the schedule locks, so one statement
 * after the locks sees what the locks protect).
 */
export async function daySchedule(db: Database, guideId: number, date: string, from: Date, to: Date, traveler?: { id: number; from: Date; to: Date }) {
  const travelerPart = traveler
    ? sql`
    UNION ALL
    SELECT 't', NULL, NULL, NULL, NULL, NULL, NULL, NULL, id, booking_number, status,
        exists (SELECT 1 FROM payments p WHERE p.booking_id = bookings.id AND p.status IN ('processing', 'pending', 'succeeded'))
      FROM bookings WHERE ${travelerBusyCondition(traveler.id, traveler.from, traveler.to)}`
    : sql``;
  const result = await db.execute(sql`
    SELECT 'w' AS k, weekday::int AS weekday, NULL::text AS date, NULL::boolean AS available, start_minute::int AS start_minute, end_minute::int AS end_minute, NULL::float8 AS s, NULL::float8 AS e,
        NULL::int AS id, NULL::text AS num, NULL::text AS status, NULL::boolean AS inflight
      FROM guide_weekly_availability WHERE guide_id = ${guideId}
    UNION ALL
    SELECT 'x', NULL, date::text, available, start_minute::int, end_minute::int, NULL, NULL, NULL, NULL, NULL, NULL
      FROM guide_availability_exceptions WHERE guide_id = ${guideId} AND date = ${date}::date
    UNION ALL
    SELECT 'b', NULL, NULL, NULL, NULL, NULL, extract(epoch FROM starts_at) * 1000, extract(epoch FROM ends_at) * 1000, id, NULL, NULL, NULL
      FROM bookings WHERE ${guideBusyCondition(guideId, from, to)}${travelerPart}`);
  type Row = {
    k: 'w' | 'x' | 'b' | 't';
    weekday: number | null;
    date: string | null;
    available: boolean | null;
    start_minute: number | null;
    end_minute: number | null;
    s: number | string | null;
    e: number | string | null;
    id: number | null;
    num: string | null;
    status: BookingStatus | null;
    inflight: boolean | null;
  };
  const rows = rowsOf<Row>(result);
  return {
    weekly: rows.filter((r) => r.k === 'w').map((r) => ({ weekday: r.weekday!, startMinute: r.start_minute!, endMinute: r.end_minute! })),
    exceptions: rows.filter((r) => r.k === 'x').map((r) => ({ date: r.date!, available: r.available!, startMinute: r.start_minute, endMinute: r.end_minute })),
    busy: rows.filter((r) => r.k === 'b').map((r) => ({ id: Number(r.id), startsAt: new Date(Number(r.s)), endsAt: new Date(Number(r.e)) })),
    travelerOverlaps: rows
      .filter((r) => r.k === 't')
      .map((r): TravelerOverlap => ({ id: Number(r.id), bookingNumber: r.num, status: r.status!, paymentInFlight: Boolean(r.inflight) })),
  };
}
