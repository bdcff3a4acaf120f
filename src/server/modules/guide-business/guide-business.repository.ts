import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { weeklyDaysMask } from '../../../shared/availability';
import type { Currency } from '../../../shared/currency';
import { guideRates } from '../../../shared/booking/trip-price';
import type { AvailabilityBody, RatesBody } from '../../../shared/schemas/guide-business';
import type { Database } from '../../db/client';
import {
  bookings,
  guideAvailabilityExceptions,
  guideCalendarFeeds,
  guides,
  guideServices,
  guideWeeklyAvailability,
  serviceSubcategories,
  users,
} from '../../db/schema/index';

export async function guideOfUser(db: Database, userId: number) {
  const [row] = await db
    .select({ id: guides.id, timeZone: guides.timeZone, currency: guides.currency })
    .from(guides)
    .where(eq(guides.userId, userId));
  return row;
}

export async function readAvailability(db: Database, guideId: number, fromDate: string) {
  const [weekly, exceptions] = await Promise.all([
    db
      .select({
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        endMinute: guideWeeklyAvailability.endMinute,
      })
      .from(guideWeeklyAvailability)
      .where(eq(guideWeeklyAvailability.guideId, guideId))
      .orderBy(asc(guideWeeklyAvailability.weekday), asc(guideWeeklyAvailability.startMinute)),
    db
      .select({
        date: guideAvailabilityExceptions.date,
        available: guideAvailabilityExceptions.available,
        startMinute: guideAvailabilityExceptions.startMinute,
        endMinute: guideAvailabilityExceptions.endMinute,
        note: guideAvailabilityExceptions.note,
      })
      .from(guideAvailabilityExceptions)
      .where(and(eq(guideAvailabilityExceptions.guideId, guideId), gte(guideAvailabilityExceptions.date, fromDate)))
      .orderBy(asc(guideAvailabilityExceptions.date)),
  ]);
  return { weekly, exceptions };
}

/**
 * Replaces the weekly hours and the exceptions from `fromDate` on (older ones are history), and keeps
 * the search helper `weekly_days` in step, in one transaction. The guides row update announces the
 * change to search (migration 0003's triggers).
 */
export async function replaceAvailability(
  db: Database,
  guideId: number,
  body: AvailabilityBody,
  fromDate: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(guideWeeklyAvailability).where(eq(guideWeeklyAvailability.guideId, guideId));
    if (body.weekly.length)
      await tx.insert(guideWeeklyAvailability).values(body.weekly.map((s) => ({ ...s, guideId })));
    await tx
      .delete(guideAvailabilityExceptions)
      .where(and(eq(guideAvailabilityExceptions.guideId, guideId), gte(guideAvailabilityExceptions.date, fromDate)));
    if (body.exceptions.length) {
      await tx.insert(guideAvailabilityExceptions).values(
        body.exceptions.map((e) => ({
          guideId,
          date: e.date,
          available: e.available,
          startMinute: e.available ? e.startMinute : null,
          endMinute: e.available ? e.endMinute : null,
          note: e.note || null,
        })),
      );
    }
    await tx
      .update(guides)
      .set({ weeklyDays: weeklyDaysMask(body.weekly), updatedAt: new Date() })
      .where(eq(guides.id, guideId));
  });
}

export async function readRates(db: Database, guideId: number) {
  const [g] = await db
    .select({
      currency: guides.currency,
      basicPricePerHourCents: guides.basicPricePerHourCents,
      additionalPricePerPersonCents: guides.additionalPricePerPersonCents,
      minPeople: guides.minPeople,
      maxPeople: guides.maxPeople,
      minDurationHours: guides.minDurationHours,
      maxDurationHours: guides.maxDurationHours,
      includedPeople: guides.includedPeople,
      childPricePercent: guides.childPricePercent,
      infantsFree: guides.infantsFree,
      dayRateCents: guides.dayRateCents,
      dayHours: guides.dayHours,
      extras: guides.extras,
      instantBook: guides.instantBook,
      minNoticeHours: guides.minNoticeHours,
      bufferMinutes: guides.bufferMinutes,
      instantBookPausedUntil: guides.instantBookPausedUntil,
    })
    .from(guides)
    .where(eq(guides.id, guideId));
  const services = await db
    .select({
      subcategoryId: guideServices.subcategoryId,
      categoryId: serviceSubcategories.categoryId,
      nameEn: serviceSubcategories.nameEn,
      nameCn: serviceSubcategories.nameCn,
      nameJa: serviceSubcategories.nameJa,
      priceCents: guideServices.priceCents,
    })
    .from(guideServices)
    .innerJoin(serviceSubcategories, eq(serviceSubcategories.id, guideServices.subcategoryId))
    .where(eq(guideServices.guideId, guideId))
    .orderBy(asc(serviceSubcategories.categoryId), asc(serviceSubcategories.sortOrder));
  const { childPricePercent: _, instantBookPausedUntil, ...rest } = g!;
  // The child's rate as every price reads it (decision 187).
  return {
    ...rest,
    childPriceRate: guideRates(g!).childPriceRate,
    instantBookPausedUntil: instantBookPausedUntil?.toISOString() ?? null,
    services,
  };
}

/** Which of these subcategory ids exist in the catalogue. */
export async function existingSubcategories(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: serviceSubcategories.id })
    .from(serviceSubcategories)
    .where(inArray(serviceSubcategories.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Writes prices, ranges and services (with the search helper `service_ids`) in one transaction. */
export async function replaceRates(db: Database, guideId: number, body: RatesBody, currency: Currency): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(guideServices).where(eq(guideServices.guideId, guideId));
    if (body.services.length)
      await tx
        .insert(guideServices)
        .values(body.services.map((s) => ({ guideId, subcategoryId: s.subcategoryId, priceCents: s.priceCents })));
    await tx
      .update(guides)
      .set({
        currency,
        basicPricePerHourCents: body.basicPricePerHourCents,
        additionalPricePerPersonCents: body.additionalPricePerPersonCents,
        minPeople: body.minPeople,
        maxPeople: body.maxPeople,
        minDurationHours: body.minDurationHours,
        maxDurationHours: body.maxDurationHours,
        includedPeople: body.includedPeople,
        childPricePercent: Math.round(body.childPriceRate * 100),
        infantsFree: body.infantsFree,
        dayRateCents: body.dayRateCents,
        dayHours: body.dayHours,
        extras: body.extras,
        instantBook: body.instantBook,
        minNoticeHours: body.minNoticeHours,
        bufferMinutes: body.bufferMinutes,
        serviceIds: [...new Set(body.services.map((s) => s.subcategoryId))].sort((a, b) => a - b),
        updatedAt: new Date(),
      })
      .where(eq(guides.id, guideId));
  });
}

export async function findFeed(db: Database, guideId: number) {
  const [row] = await db.select().from(guideCalendarFeeds).where(eq(guideCalendarFeeds.guideId, guideId));
  return row;
}

/** Creates or replaces the guide's feed secret. */
export async function saveFeed(db: Database, guideId: number, nonce: string, tokenHash: string) {
  const [row] = await db
    .insert(guideCalendarFeeds)
    .values({ guideId, nonce, tokenHash })
    .onConflictDoUpdate({ target: guideCalendarFeeds.guideId, set: { nonce, tokenHash, createdAt: new Date() } })
    .returning();
  return row!;
}

/** Only inserts (a concurrent first GET keeps whichever row won). */
export async function createFeedIfMissing(db: Database, guideId: number, nonce: string, tokenHash: string) {
  await db.insert(guideCalendarFeeds).values({ guideId, nonce, tokenHash }).onConflictDoNothing();
  return (await findFeed(db, guideId))!;
}

export async function feedByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      guideId: guideCalendarFeeds.guideId,
      nonce: guideCalendarFeeds.nonce,
      tokenHash: guideCalendarFeeds.tokenHash,
    })
    .from(guideCalendarFeeds)
    .where(eq(guideCalendarFeeds.tokenHash, tokenHash));
  return row;
}

/** The guide's paid bookings (not unpaid requests) from `since` on, oldest first. No traveler data. */
export async function feedBookings(db: Database, guideId: number, since: Date) {
  return db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      durationMinutes: bookings.durationMinutes,
      date: bookings.date,
      startMinute: bookings.startMinute,
      days: bookings.days,
      // The confirmed extensions, for the day each lengthened (decision 155).
      extensions: sql<
        { status: string; day: number | null; minutes: number }[]
      >`coalesce((select json_agg(json_build_object('status', e.status, 'day', e.day, 'minutes', e.minutes)) from booking_extensions e where e.booking_id = ${bookings.id} and e.status = 'confirmed'), '[]'::json)`,
      timeZone: bookings.timeZone,
      travelers: bookings.travelers,
      meetingAddress: bookings.meetingAddress,
      meetingPostalCode: bookings.meetingPostalCode,
      subcategoryEn: serviceSubcategories.nameEn,
      updatedAt: bookings.updatedAt,
      travelerName: users.fullName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .leftJoin(serviceSubcategories, eq(serviceSubcategories.id, bookings.subcategoryId))
    .where(
      and(
        eq(bookings.guideId, guideId),
        ne(bookings.status, 'pending'),
        gte(bookings.endsAt, since),
        sql`(${bookings.paidAt} is not null or ${bookings.status} <> 'cancelled')`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
}
