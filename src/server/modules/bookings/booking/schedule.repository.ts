import { and, between, gt, inArray, lt, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/raw-row';
import { prepared } from '../../../db/prepared';
import {
  bookings,
  guideAvailabilityExceptions,
  guideBusyTimes,
  guideWeeklyAvailability,
} from '../../../db/schema/index';
import { guideBusyCondition, holdsTime, importedBusyCondition, travelerBusyCondition } from './busy.repository';

/** An active booking of the traveler overlapping the requested hours (one traveler, one place). */
export interface TravelerOverlap {
  id: number;
  bookingNumber: string | null;
  status: BookingStatus;
  /** Money on its way for an unpaid one: a payment processing, or waiting for a wallet's approval. */
  paymentInFlight: boolean;
}

/**
 * An unpaid checkout with no money on its way: another booking of the traveler's at those hours
 * releases it instead of being refused (booking-core's `releaseOrRefuse`), so it holds none of them.
 */
export const releasable = (o: Pick<TravelerOverlap, 'status' | 'paymentInFlight'>): boolean =>
  o.status === 'pending' && !o.paymentInFlight;

const $ = (name: string) => sql.placeholder(name);

/** `daySchedule`'s statement, prepared once per shape (decision 189): `t` when it reads a traveler's overlaps too. */
const dayRead = prepared((shape: string) => {
  const travelerPart =
    shape === 't'
      ? sql`
    UNION ALL
    SELECT 't', NULL, NULL, NULL, NULL, NULL, NULL, NULL, id, booking_number, status,
        exists (SELECT 1 FROM payments p WHERE p.booking_id = bookings.id AND p.status IN ('processing', 'pending', 'succeeded'))
      FROM bookings WHERE ${travelerBusyCondition($('traveler'), $('tFrom'), $('tTo'))}`
      : sql``;
  return sql`
    SELECT 'w' AS k, weekday::int AS weekday, NULL::text AS date, NULL::boolean AS available, start_minute::int AS start_minute, end_minute::int AS end_minute, NULL::float8 AS s, NULL::float8 AS e,
        NULL::int AS id, NULL::text AS num, NULL::text AS status, NULL::boolean AS inflight
      FROM guide_weekly_availability WHERE guide_id = ${$('guide')}
    UNION ALL
    SELECT 'x', NULL, date::text, available, start_minute::int, end_minute::int, NULL, NULL, NULL, NULL, NULL, NULL
      FROM guide_availability_exceptions WHERE guide_id = ${$('guide')} AND date BETWEEN ${$('date')}::date AND ${$('last')}::date
    UNION ALL
    SELECT 'b', NULL, NULL, NULL, NULL, NULL, extract(epoch FROM starts_at) * 1000, extract(epoch FROM ends_at) * 1000, id, NULL, NULL, NULL
      FROM bookings WHERE ${guideBusyCondition($('guide'), $('from'), $('to'))}
    UNION ALL
    SELECT 'b', NULL, NULL, NULL, NULL, NULL, extract(epoch FROM starts_at) * 1000, extract(epoch FROM ends_at) * 1000, NULL, NULL, NULL, NULL
      FROM guide_busy_times WHERE ${importedBusyCondition($('guide'), $('from'), $('to'))}${travelerPart}`;
});

/**
 * The checkout's read of a guide's day in one statement: the weekly windows, the day's
 * exceptions and what holds [from, to) (`busy.repository.ts`: her bookings, and her other calendars' busy
 * times with a null `id`, decision 199) — what `guideSchedule` and `busyRanges`
 * read in three — and, given `traveler`, that traveler's active bookings overlapping their requested
 * hours (`travelerOverlaps`' read; a checkout sends it after the schedule locks, so one statement
 * after the locks sees what the locks protect). `lastDate`: the exceptions of every day up to it, for
 * a booking of several days (decision 154).
 */
export async function daySchedule(
  db: Database,
  guideId: number,
  date: string,
  from: Date,
  to: Date,
  traveler?: { id: number; from: Date; to: Date },
  lastDate = date,
) {
  const result = await dayRead(db, traveler ? 't' : '', {
    guide: guideId,
    date,
    last: lastDate,
    from: from.toISOString(),
    to: to.toISOString(),
    traveler: traveler?.id,
    tFrom: traveler?.from.toISOString(),
    tTo: traveler?.to.toISOString(),
  });
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
    weekly: rows
      .filter((r) => r.k === 'w')
      .map((r) => ({ weekday: r.weekday!, startMinute: r.start_minute!, endMinute: r.end_minute! })),
    exceptions: rows
      .filter((r) => r.k === 'x')
      .map((r) => ({ date: r.date!, available: r.available!, startMinute: r.start_minute, endMinute: r.end_minute })),
    busy: rows
      .filter((r) => r.k === 'b')
      .map((r) => ({
        id: r.id === null ? null : Number(r.id),
        startsAt: new Date(Number(r.s)),
        endsAt: new Date(Number(r.e)),
      })),
    travelerOverlaps: rows
      .filter((r) => r.k === 't')
      .map((r): TravelerOverlap => ({
        id: Number(r.id),
        bookingNumber: r.num,
        status: r.status!,
        paymentInFlight: Boolean(r.inflight),
      })),
  };
}

/** One guide's day as the slot rule reads it: weekly windows, that date's exceptions, the bookings holding time. */
export type GuideDay = Pick<Awaited<ReturnType<typeof daySchedule>>, 'weekly' | 'exceptions' | 'busy'>;

/**
 * `daySchedule`'s guide part for many guides at once, imported busy times included (decision 199; a
 * replacement's candidates, decisions 137 and 140): three statements whatever the number of guides,
 * instead of one read per guide. Every guide asked has an entry, empty when they have no hours.
 */
export async function guidesDays(
  db: Database,
  guideIds: number[],
  date: string,
  from: Date,
  to: Date,
  lastDate = date,
): Promise<Map<number, GuideDay>> {
  const out = new Map<number, GuideDay>(guideIds.map((id) => [id, { weekly: [], exceptions: [], busy: [] }]));
  if (guideIds.length === 0) return out;
  const [weekly, exceptions, busy] = await Promise.all([
    db
      .select({
        guideId: guideWeeklyAvailability.guideId,
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        endMinute: guideWeeklyAvailability.endMinute,
      })
      .from(guideWeeklyAvailability)
      .where(inArray(guideWeeklyAvailability.guideId, guideIds)),
    db
      .select({
        guideId: guideAvailabilityExceptions.guideId,
        date: guideAvailabilityExceptions.date,
        available: guideAvailabilityExceptions.available,
        startMinute: guideAvailabilityExceptions.startMinute,
        endMinute: guideAvailabilityExceptions.endMinute,
      })
      .from(guideAvailabilityExceptions)
      .where(
        and(
          inArray(guideAvailabilityExceptions.guideId, guideIds),
          between(guideAvailabilityExceptions.date, date, lastDate),
        ),
      ),
    db
      .select({
        guideId: bookings.guideId,
        id: sql<number | null>`${bookings.id}`,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
      })
      .from(bookings)
      .where(and(inArray(bookings.guideId, guideIds), holdsTime(from, to)))
      .unionAll(
        db
          .select({
            guideId: guideBusyTimes.guideId,
            id: sql<number | null>`NULL::int`,
            startsAt: guideBusyTimes.startsAt,
            endsAt: guideBusyTimes.endsAt,
          })
          .from(guideBusyTimes)
          .where(
            and(
              inArray(guideBusyTimes.guideId, guideIds),
              lt(guideBusyTimes.startsAt, to),
              gt(guideBusyTimes.endsAt, from),
            ),
          ),
      ),
  ]);
  for (const { guideId, ...w } of weekly) out.get(guideId)!.weekly.push(w);
  for (const { guideId, ...x } of exceptions) out.get(guideId)!.exceptions.push(x);
  for (const { guideId, ...b } of busy) out.get(guideId)!.busy.push(b);
  return out;
}
