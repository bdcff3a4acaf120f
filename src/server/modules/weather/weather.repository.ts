import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { WeatherWarningEvidence } from '../../../shared/weather';
import type { Database } from '../../db/client';
import { bookings, bookingWeatherChecks, guides, users, weatherWarnings } from '../../db/schema/index';

/** Bookings the rule applies to: paid and not yet over (a request waiting for its guide included). */
export const CHECKED_STATUSES = ['confirmed', 'upcoming', 'awaiting_start', 'start_confirmed'] as const;

export interface CheckedBooking {
  id: number;
  status: string;
  date: string;
  timeZone: string;
  startsAt: Date;
  serviceCity: string;
}

const checkedBookingColumns = {
  id: bookings.id,
  status: bookings.status,
  date: bookings.date,
  timeZone: bookings.timeZone,
  startsAt: bookings.startsAt,
  serviceCity: guides.serviceCity,
};

/**
 * Active bookings starting in (now, until] whose day-before check has not been made for their current
 * start (a rescheduled booking is checked again for its new day).
 */
export async function bookingsWithoutEveCheck(db: Database, now: Date, until: Date): Promise<CheckedBooking[]> {
  return db
    .select(checkedBookingColumns)
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(
      and(
        inArray(bookings.status, [...CHECKED_STATUSES]),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, until),
        sql`not exists (select 1 from booking_weather_checks c where c.booking_id = ${bookings.id} and c.checkpoint = 'eve' and c.starts_at = ${bookings.startsAt})`,
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

export async function checkedBooking(db: Database, id: number): Promise<CheckedBooking | undefined> {
  const [row] = await db
    .select(checkedBookingColumns)
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(eq(bookings.id, id));
  return row;
}

/** Active bookings of a city between two instants (an admin's warning applies to them at once). */
export async function activeBookingsOfCity(
  db: Database,
  city: string,
  from: Date,
  until: Date,
): Promise<CheckedBooking[]> {
  return db
    .select(checkedBookingColumns)
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(
      and(
        eq(guides.serviceCity, city),
        inArray(bookings.status, [...CHECKED_STATUSES]),
        gt(bookings.endsAt, from),
        lte(bookings.startsAt, until),
      ),
    );
}

/** An admin's warnings for an office in force at `now`, newest first. */
export async function recordedWarningsInForce(db: Database, office: string, now: Date) {
  return db
    .select()
    .from(weatherWarnings)
    .where(
      and(
        eq(weatherWarnings.areaCode, office),
        lte(weatherWarnings.issuedAt, now),
        or(isNull(weatherWarnings.liftedAt), gt(weatherWarnings.liftedAt, now)),
      ),
    )
    .orderBy(desc(weatherWarnings.issuedAt));
}

export type NewCheck = typeof bookingWeatherChecks.$inferInsert;

/**
 * Writes one check (the evidence) and the booking's warning in force, in the caller's transaction.
 * A booking that moved on meanwhile (cancelled, started, moved to another time) keeps what it had:
 * only the check row is written.
 */
export async function recordCheck(
  db: Database,
  check: NewCheck,
  evidence: WeatherWarningEvidence | null,
): Promise<void> {
  await db.insert(bookingWeatherChecks).values(check);
  await db
    .update(bookings)
    .set({ weatherWarning: evidence })
    .where(
      and(
        eq(bookings.id, check.bookingId),
        eq(bookings.startsAt, check.startsAt),
        inArray(bookings.status, [...CHECKED_STATUSES]),
      ),
    );
}

/** Every check of a booking, oldest first (the admin's booking timeline). */
export async function checksOf(db: Database, bookingId: number) {
  return db
    .select()
    .from(bookingWeatherChecks)
    .where(eq(bookingWeatherChecks.bookingId, bookingId))
    .orderBy(asc(bookingWeatherChecks.id));
}

export async function insertRecordedWarning(db: Database, row: typeof weatherWarnings.$inferInsert) {
  const [out] = await db.insert(weatherWarnings).values(row).returning();
  return out!;
}

export async function liftRecordedWarning(db: Database, id: number, now: Date) {
  const [out] = await db
    .update(weatherWarnings)
    .set({ liftedAt: now })
    .where(and(eq(weatherWarnings.id, id), isNull(weatherWarnings.liftedAt)))
    .returning();
  return out;
}

/** The latest recorded warnings (the console's list), with who recorded them. */
export async function listRecordedWarnings(db: Database, limit = 50) {
  return db
    .select({ warning: weatherWarnings, username: users.username })
    .from(weatherWarnings)
    .innerJoin(users, eq(users.id, weatherWarnings.recordedBy))
    .orderBy(desc(weatherWarnings.id))
    .limit(limit);
}
