/**
 * What the search index is built from (guide-search.ts): the guides that may be listed and their
 * availability exceptions, and the channel on which every instance hears a guide changed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray } from '../../db/raw-row';
import { guideAvailabilityExceptions, guides, users } from '../../db/schema/index';
import { summaryColumns } from './guide-cards.repository';
import type { IndexedException, IndexedGuide } from './search-prices';

/**
 * What the search index holds of the guides that may be listed: all of them, or the given ids (absent
 * = unlisted). May be listed: the listing active (an approved application; not paused or suspended)
 * and the guide's identity verified. The third condition, an open day within the listing window,
 * the index decides from the weekly days and the exceptions (decision 091).
 */
export async function listedForSearch(db: Database, ids?: readonly number[]): Promise<IndexedGuide[]> {
  return db
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
}

/** Availability exceptions from yesterday on (older dates are in the past in every zone). */
export async function exceptionsForSearch(db: Database, ids?: readonly number[]): Promise<IndexedException[]> {
  return db
    .select({
      guideId: guideAvailabilityExceptions.guideId,
      date: guideAvailabilityExceptions.date,
      available: guideAvailabilityExceptions.available,
    })
    .from(guideAvailabilityExceptions)
    .where(
      and(
        sql`${guideAvailabilityExceptions.date} >= current_date - 1`,
        ids ? sql`${guideAvailabilityExceptions.guideId} = any(${intArray(ids)}::int[])` : undefined,
      ),
    );
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
