import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Currency } from '../../../../shared/currency';
import type { Database } from '../../../db/client';
import { bookingReplacements, guides, guideServices, users } from '../../../db/schema/index';

export type ReplacementRow = typeof bookingReplacements.$inferSelect;

/** The booking's open replacement (the traveler choosing, or a guide asked), locked when `lock`. */
export async function openReplacement(
  db: Database,
  bookingId: number,
  lock = false,
): Promise<ReplacementRow | undefined> {
  const q = db
    .select()
    .from(bookingReplacements)
    .where(
      and(eq(bookingReplacements.bookingId, bookingId), inArray(bookingReplacements.status, ['open', 'requested'])),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The booking's latest replacement, open or closed. */
export async function latestReplacement(db: Database, bookingId: number): Promise<ReplacementRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingReplacements)
    .where(eq(bookingReplacements.bookingId, bookingId))
    .orderBy(desc(bookingReplacements.id))
    .limit(1);
  return row;
}

/** What the platform covers of the guide's pay: the accepted replacement's cover (decision 137), else 0. */
export async function replacementCoverCents(db: Database, bookingId: number): Promise<number> {
  const row = await latestReplacement(db, bookingId);
  return row?.status === 'handed_over' ? row.coveredCents : 0;
}

export async function insertReplacement(
  db: Database,
  values: typeof bookingReplacements.$inferInsert,
): Promise<ReplacementRow> {
  const [row] = await db.insert(bookingReplacements).values(values).returning();
  return row!;
}

export async function updateReplacement(
  db: Database,
  id: number,
  set: Partial<typeof bookingReplacements.$inferInsert>,
): Promise<ReplacementRow> {
  const [row] = await db.update(bookingReplacements).set(set).where(eq(bookingReplacements.id, id)).returning();
  return row!;
}

/** A guide who could take the tour over: what ranking and pricing read. */
export interface CandidateGuide {
  id: number;
  userId: number;
  fullName: string;
  profilePicture: string | null;
  rating: number;
  reviewCount: number;
  languages: string[];
  licensed: boolean;
  basicPricePerHourCents: number;
  additionalPricePerPersonCents: number;
  includedPeople: number;
  childPricePercent: number;
  infantsFree: boolean;
  /** The booked service's own price with this guide, when they set one. */
  servicePriceCents: number | null;
  timeZone: string;
  /** The candidate's own notice and buffer (decision 153). */
  minNoticeHours: number;
  bufferMinutes: number;
  /** How a booking of several days is priced with this guide (decision 154, `daysLength`). */
  dayRateCents: number | null;
  dayHours: number;
}

/**
 * Listed guides (active, identity verified: decision 091) serving `city`, speaking `language`,
 * offering the booked service when there is one, taking this group and this length a day, other than
 * `exclude`; a page of `limit` from `offset`, in the order of `compareStanding` (licensed first, then
 * rating, then reviews; the id keeps pages stable). Whether each is free then is the caller's next read.
 */
export async function candidateGuides(
  db: Database,
  q: {
    city: string;
    language: string;
    subcategoryId: number | null;
    travelers: number;
    hours: number;
    days: number;
    currency: Currency;
    exclude: number[];
    only?: number;
    limit: number;
    offset: number;
  },
): Promise<CandidateGuide[]> {
  return db
    .select({
      id: guides.id,
      userId: guides.userId,
      fullName: users.fullName,
      profilePicture: users.profilePicture,
      rating: guides.rating,
      reviewCount: guides.reviewCount,
      languages: guides.languages,
      licensed: sql<boolean>`${guides.licenceKind} is not null`,
      basicPricePerHourCents: guides.basicPricePerHourCents,
      additionalPricePerPersonCents: guides.additionalPricePerPersonCents,
      includedPeople: guides.includedPeople,
      childPricePercent: guides.childPricePercent,
      infantsFree: guides.infantsFree,
      servicePriceCents: q.subcategoryId === null ? sql<number | null>`null::int` : guideServices.priceCents,
      timeZone: guides.timeZone,
      minNoticeHours: guides.minNoticeHours,
      bufferMinutes: guides.bufferMinutes,
      dayRateCents: guides.dayRateCents,
      dayHours: guides.dayHours,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .leftJoin(
      guideServices,
      q.subcategoryId === null
        ? sql`false`
        : and(eq(guideServices.guideId, guides.id), eq(guideServices.subcategoryId, q.subcategoryId)),
    )
    .where(
      and(
        eq(guides.status, 'active'),
        eq(users.identityVerified, true),
        sql`${users.deletedAt} is null`,
        eq(guides.serviceCity, q.city),
        // A replacement takes over the booking's price, in the booking's currency (decision 164).
        eq(guides.currency, q.currency),
        sql`${q.language} = any(${guides.languages})`,
        q.subcategoryId === null ? undefined : sql`${guideServices.subcategoryId} is not null`,
        sql`${guides.minPeople} <= ${q.travelers} and ${guides.maxPeople} >= ${q.travelers}`,
        // Days at the guide's day hours with a day rate are whole days however short their tours are
        // (the checkout's rule, tour-span.ts `daysPlan`); any other length is one the guide offers.
        q.days > 1
          ? sql`((${guides.minDurationHours} <= ${q.hours} and ${guides.maxDurationHours} >= ${q.hours}) or (${guides.dayRateCents} is not null and ${guides.dayHours} = ${q.hours}))`
          : sql`${guides.minDurationHours} <= ${q.hours} and ${guides.maxDurationHours} >= ${q.hours}`,
        q.exclude.length ? notInArray(guides.id, q.exclude) : undefined,
        q.only === undefined ? undefined : eq(guides.id, q.only),
      ),
    )
    .orderBy(desc(sql`${guides.licenceKind} is not null`), desc(guides.rating), desc(guides.reviewCount), guides.id)
    .limit(q.limit)
    .offset(q.offset);
}

/** The traveler's locale, for the language a replacement must speak. */
export async function localeOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

/** The city a guide serves: a replacement serves the same one. */
export async function cityOf(db: Database, guideId: number): Promise<string | undefined> {
  const [row] = await db.select({ city: guides.serviceCity }).from(guides).where(eq(guides.id, guideId));
  return row?.city;
}
