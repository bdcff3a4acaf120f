/**
 * What the search index is built from (guide-search.ts): the guides that may be listed and their
 * availability exceptions, and the channel on which every instance hears a guide changed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray } from '../../db/raw-row';
import { guideAvailabilityExceptions, guides, guideWeeklyAvailability, users } from '../../db/schema/index';
import { heldRangesSince } from '../bookings/index';
import { summaryColumns } from './guide-cards.repository';
import { heldDays, type HeldSchedule } from './search-held';
import type { IndexedException, IndexedGuide } from './search-prices';

/**
 * What the search index holds of the guides that may be listed: all of them, or the given ids (absent
 * = unlisted). May be listed: the listing active (an approved application; not paused or suspended)
 * and the guide's identity verified. The third condition, an open day within the listing window,
 * the index decides from the weekly days and the exceptions (decision 091).
 */
export async function listedForSearch(db: Database, ids?: readonly number[]): Promise<IndexedGuide[]> {
  const [rows, longest] = await Promise.all([listedRows(db, ids), longestWindows(db, ids)]);
  for (const row of rows) {
    const days = longest.get(row.id);
    if (days) row.dayMinutes = days;
  }
  return rows;
}

const listedRows = (db: Database, ids?: readonly number[]): Promise<IndexedGuide[]> =>
  db
    .select({
      id: guides.id,
      userId: guides.userId,
      city: guides.serviceCity,
      languageMask: guides.languageMask,
      minPeople: guides.minPeople,
      maxPeople: guides.maxPeople,
      priceCents: guides.basicPricePerHourCents,
      currency: guides.currency,
      weeklyDays: guides.weeklyDays,
      serviceIds: guides.serviceIds,
      rating: guides.rating,
      reviewCount: guides.reviewCount,
      timeZone: guides.timeZone,
      licensed: sql<boolean>`${guides.licenceKind} is not null`,
      instantBook: summaryColumns.instantBook,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(
      and(
        eq(guides.status, 'active'),
        eq(users.identityVerified, true),
        ids ? sql`${guides.id} = any(${intArray(ids)}::int[])` : undefined,
      ),
    );

/**
 * Each guide's longest weekly window per weekday, in minutes (Monday first), so a search for a trip
 * asks whether each day holds the day's hours (decision 197): one grouped read, never one per guide.
 */
async function longestWindows(db: Database, ids?: readonly number[]): Promise<Map<number, number[]>> {
  const w = guideWeeklyAvailability;
  const rows = await db
    .select({
      guideId: w.guideId,
      weekday: w.weekday,
      minutes: sql<number>`max(${w.endMinute} - ${w.startMinute})::int`,
    })
    .from(w)
    .where(ids ? sql`${w.guideId} = any(${intArray(ids)}::int[])` : undefined)
    .groupBy(w.guideId, w.weekday);
  const byGuide = new Map<number, number[]>();
  for (const r of rows) {
    let days = byGuide.get(r.guideId);
    if (!days) byGuide.set(r.guideId, (days = [0, 0, 0, 0, 0, 0, 0]));
    days[r.weekday - 1] = r.minutes;
  }
  return byGuide;
}

/** Availability exceptions from yesterday on (older dates are in the past in every zone). */
export async function exceptionsForSearch(db: Database, ids?: readonly number[]): Promise<IndexedException[]> {
  return db
    .select({
      guideId: guideAvailabilityExceptions.guideId,
      date: guideAvailabilityExceptions.date,
      available: guideAvailabilityExceptions.available,
      minutes: sql<
        number | null
      >`(${guideAvailabilityExceptions.endMinute} - ${guideAvailabilityExceptions.startMinute})::int`,
    })
    .from(guideAvailabilityExceptions)
    .where(
      and(
        sql`${guideAvailabilityExceptions.date} >= current_date - 1`,
        ids ? sql`${guideAvailabilityExceptions.guideId} = any(${intArray(ids)}::int[])` : undefined,
      ),
    );
}

/**
 * The days something holds of the guides (all, or `ids`), as exceptions the index keeps (`heldDays`, decision 207):
 * what holds them read once from yesterday on, then the schedules of only the guides it touches.
 */
export async function heldDaysForSearch(db: Database, ids?: readonly number[]): Promise<IndexedException[]> {
  const held = await heldRangesSince(db, new Date(Date.now() - 86_400_000), ids);
  if (held.length === 0) return [];
  const touched = intArray([...new Set(held.map((h) => h.guideId))]);
  const e = guideAvailabilityExceptions;
  const w = guideWeeklyAvailability;
  const [rows, weekly, exceptions] = await Promise.all([
    db
      .select({ guideId: guides.id, timeZone: guides.timeZone, bufferMinutes: guides.bufferMinutes })
      .from(guides)
      .where(sql`${guides.id} = any(${touched}::int[])`),
    db
      .select({ guideId: w.guideId, weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute })
      .from(w)
      .where(sql`${w.guideId} = any(${touched}::int[])`),
    db
      .select({
        guideId: e.guideId,
        date: e.date,
        available: e.available,
        startMinute: e.startMinute,
        endMinute: e.endMinute,
      })
      .from(e)
      .where(and(sql`${e.guideId} = any(${touched}::int[])`, sql`${e.date} >= current_date - 1`)),
  ]);
  const schedules = new Map<number, HeldSchedule>(
    rows.map((r) => [r.guideId, { ...r, weekly: [], exceptions: [], held: [] }]),
  );
  for (const { guideId, ...slot } of weekly) schedules.get(guideId)?.weekly.push(slot);
  for (const { guideId, ...day } of exceptions) schedules.get(guideId)?.exceptions.push(day);
  for (const { guideId, ...range } of held) schedules.get(guideId)?.held.push(range);
  return [...schedules.values()].flatMap((s) => heldDays(s));
}

/** NOTIFY on `channel` with `payload`: every instance listening hears it, this one included. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Announces a guide on the search channel (as every guides-row update does, migration 0003), so each
 * instance drops the guide's kept cards: a text of theirs has just been translated (decision 145).
 */
export const announceGuide = (db: Database, guideId: number) => notifyChannel(db, 'guide_search', String(guideId));
