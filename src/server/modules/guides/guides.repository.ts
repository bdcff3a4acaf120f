import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { weeklyDaysMask, type WeeklySlot } from '../../../shared/availability';
import type { Currency } from '../../../shared/currency';
import type { TextLanguage } from '../../../shared/guide-texts';
import type { Database } from '../../db/client';
import { intArray } from '../../db/raw-row';
import {
  guideAvailabilityExceptions,
  guideCredentials,
  guideItineraries,
  guides,
  guideServices,
  guideWeeklyAvailability,
  reviews,
  savedGuides,
  serviceCategories,
  serviceSubcategories,
  users,
} from '../../db/schema/index';
import type { IndexedException, IndexedGuide } from './search-prices';

/** The columns a guide card needs (one row per guide, the user joined in the same query). */
export const summaryColumns = {
  id: guides.id,
  userId: guides.userId,
  fullName: users.fullName,
  profilePicture: users.profilePicture,
  serviceCity: guides.serviceCity,
  bio: guides.bio,
  /** The bio per language (the card picks the reader's; decision 070). */
  bioTexts: sql<Record<TextLanguage, string | null>>`jsonb_build_object('zh', ${guides.texts}->'zh'->'bio', 'en', ${guides.texts}->'en'->'bio', 'ja', ${guides.texts}->'ja'->'bio')`,
  originalLanguage: guides.originalLanguage,
  languages: guides.languages,
  basicPricePerHourCents: guides.basicPricePerHourCents,
  additionalPricePerPersonCents: guides.additionalPricePerPersonCents,
  currency: guides.currency,
  rating: guides.rating,
  reviewCount: guides.reviewCount,
  minPeople: guides.minPeople,
  maxPeople: guides.maxPeople,
  minDuration: guides.minDurationHours,
  maxDuration: guides.maxDurationHours,
  includedPeople: guides.includedPeople,
  childPricePercent: guides.childPricePercent,
  infantsFree: guides.infantsFree,
  dayRateCents: guides.dayRateCents,
  dayHours: guides.dayHours,
  timeZone: guides.timeZone,
  /** The verified licence (mirror written with the admin's decision; decision 092). */
  licenceKind: guides.licenceKind,
  licenceRegion: guides.licenceRegion,
  instantBook: sql<boolean>`${guides.instantBook} and (${guides.instantBookPausedUntil} is null or ${guides.instantBookPausedUntil} <= now())`,
  minNoticeHours: guides.minNoticeHours,
  /** The guide's services as [subcategoryId, own price or null] pairs, read with the row (no extra query). */
  serviceList: sql<[number, number | null][]>`(select coalesce(json_agg(json_build_array(gs.subcategory_id, gs.price_cents)), '[]'::json) from ${guideServices} gs where gs.guide_id = ${guides.id})`,
};
/** The group pricing columns (decision 151) and the booking rules (decision 153) as the schema types them. */
export interface SummaryRow extends Pick<typeof guides.$inferSelect, 'includedPeople' | 'childPricePercent' | 'infantsFree' | 'dayRateCents' | 'dayHours' | 'instantBook' | 'minNoticeHours'> {
  id: number;
  userId: number;
  fullName: string;
  profilePicture: string | null;
  serviceCity: string;
  bio: string;
  bioTexts: Record<TextLanguage, string | null>;
  originalLanguage: TextLanguage;
  languages: string[];
  basicPricePerHourCents: number;
  additionalPricePerPersonCents: number;
  currency: Currency;
  rating: number;
  reviewCount: number;
  minPeople: number;
  maxPeople: number;
  minDuration: number;
  maxDuration: number;
  timeZone: string;
  licenceKind: 'national' | 'regional' | null;
  licenceRegion: string | null;
  serviceList: [number, number | null][];
}

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
    .where(and(eq(guides.status, 'active'), eq(users.identityVerified, true), ids ? sql`${guides.id} = any(${intArray(ids)}::int[])` : undefined));
}

/** The facts a guide's listing status is decided on (decision 091); undefined for a user without a listing. */
export async function listingFacts(db: Database, userId: number) {
  const [row] = await db
    .select({ id: guides.id, status: guides.status, timeZone: guides.timeZone, identityVerified: users.identityVerified })
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  if (row.id === null) return { guide: null, identityVerified: row.identityVerified };
  const { weekly, exceptions } = await schedule(db, row.id);
  return { guide: { id: row.id, status: row.status!, timeZone: row.timeZone!, weekly, exceptions }, identityVerified: row.identityVerified };
}

/** Weekly hours and the exceptions from yesterday on of one guide. */
async function schedule(db: Database, guideId: number) {
  const [weekly, exceptions] = await Promise.all([
    db
      .select({ weekday: guideWeeklyAvailability.weekday, startMinute: guideWeeklyAvailability.startMinute, endMinute: guideWeeklyAvailability.endMinute })
      .from(guideWeeklyAvailability)
      .where(eq(guideWeeklyAvailability.guideId, guideId))
      .orderBy(asc(guideWeeklyAvailability.weekday), asc(guideWeeklyAvailability.startMinute)),
    db
      .select({
        date: guideAvailabilityExceptions.date,
        available: guideAvailabilityExceptions.available,
        startMinute: guideAvailabilityExceptions.startMinute,
        endMinute: guideAvailabilityExceptions.endMinute,
      })
      .from(guideAvailabilityExceptions)
      .where(and(eq(guideAvailabilityExceptions.guideId, guideId), sql`${guideAvailabilityExceptions.date} >= current_date - 1`))
      .orderBy(asc(guideAvailabilityExceptions.date)),
  ]);
  return { weekly, exceptions };
}

/** Availability exceptions from yesterday on (older dates are in the past in every zone). */
export async function exceptionsForSearch(db: Database, ids?: readonly number[]): Promise<IndexedException[]> {
  return db
    .select({ guideId: guideAvailabilityExceptions.guideId, date: guideAvailabilityExceptions.date, available: guideAvailabilityExceptions.available })
    .from(guideAvailabilityExceptions)
    .where(
      and(
        sql`${guideAvailabilityExceptions.date} >= current_date - 1`,
        ids ? sql`${guideAvailabilityExceptions.guideId} = any(${intArray(ids)}::int[])` : undefined,
      ),
    );
}

/** The card query, built once per database and prepared by name (a primary-key lookup plans the same for any ids). */
function cardQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(sql`${guides.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('guide_cards_by_ids');
}
const cardQueries = new WeakMap<Database, ReturnType<typeof cardQuery>>();

/** Card rows of the given guides (one query, any order). */
export async function summaryRowsByIds(db: Database, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  let query = cardQueries.get(db);
  if (!query) cardQueries.set(db, (query = cardQuery(db)));
  return query.execute({ ids: intArray(ids) });
}

/**
 * The service catalogue (reference data) kept in memory for a minute per database, so a page of
 * guides needs only one cheap lookup of guide_services.
 */
const catalogueCache = new WeakMap<Database, { at: number; value: Promise<Map<number, Omit<ServiceRow, 'priceCents'> & { order: number }>> }>();
function catalogue(db: Database) {
  const hit = catalogueCache.get(db);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const value = db
    .select({
      id: serviceSubcategories.id,
      categoryId: serviceSubcategories.categoryId,
      nameEn: serviceSubcategories.nameEn,
      nameCn: serviceSubcategories.nameCn,
      nameJa: serviceSubcategories.nameJa,
    })
    .from(serviceSubcategories)
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceSubcategories.categoryId))
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceSubcategories.sortOrder))
    .then((rows) => new Map(rows.map((r, order) => [r.id, { ...r, order }])));
  value.catch(() => catalogueCache.delete(db));
  catalogueCache.set(db, { at: Date.now(), value });
  return value;
}

/** Drops the cached catalogue (the service names changed). */
export function forgetCatalogue(db: Database): void {
  catalogueCache.delete(db);
}

/** Cards' services: names from the cached catalogue, prices from the row's own list (no query per row). */
export async function servicesForGuides(db: Database, rows: Pick<SummaryRow, 'id' | 'basicPricePerHourCents' | 'serviceList'>[]) {
  const map = new Map<number, ServiceRow[]>();
  if (rows.length === 0) return map;
  const names = await catalogue(db);
  for (const r of rows) {
    const list: ServiceRow[] = [];
    for (const [subcategoryId, price] of r.serviceList) {
      const s = names.get(subcategoryId);
      if (s) list.push({ id: s.id, categoryId: s.categoryId, nameEn: s.nameEn, nameCn: s.nameCn, nameJa: s.nameJa, priceCents: price ?? r.basicPricePerHourCents });
    }
    list.sort((x, y) => names.get(x.id)!.order - names.get(y.id)!.order);
    map.set(r.id, list);
  }
  return map;
}
export interface ServiceRow {
  id: number;
  categoryId: number;
  nameEn: string;
  nameCn: string;
  nameJa: string;
  priceCents: number;
}

/** Which of these guides the traveler has saved, in one query. */
export async function savedAmong(db: Database, travelerId: number | undefined, guideIds: number[]): Promise<Set<number>> {
  if (!travelerId || guideIds.length === 0) return new Set();
  const rows = await db
      .select({ guideId: savedGuides.guideId })
      .from(savedGuides)
      .where(and(eq(savedGuides.travelerId, travelerId), sql`${savedGuides.guideId} = any(${intArray(guideIds)}::int[])`));
  return new Set(rows.map((r) => r.guideId));
}

export async function findGuide(db: Database, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, guide: guides, identityVerified: users.identityVerified })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.id, id), sql`${users.deletedAt} is null`));
  return row;
}

export async function findGuideIdByUser(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, userId));
  return row?.id;
}

/** Weekly hours, exceptions from today on, itineraries and the rating distribution of one guide. */
export async function guideDetails(db: Database, guideId: number) {
  const [{ weekly, exceptions }, itineraries, distribution, licence] = await Promise.all([
    schedule(db, guideId),
    db
      .select({
        id: guideItineraries.id,
        guideId: guideItineraries.guideId,
        title: guideItineraries.title,
        summary: guideItineraries.summary,
        durationHours: guideItineraries.durationHours,
        texts: guideItineraries.texts,
        originalLanguage: guideItineraries.originalLanguage,
      })
      .from(guideItineraries)
      .where(eq(guideItineraries.guideId, guideId))
      .orderBy(asc(guideItineraries.sortOrder), asc(guideItineraries.id)),
    db
      .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.guideId, guideId), eq(reviews.type, 'traveler_to_guide'), isNotNull(reviews.publishedAt)))
      .groupBy(reviews.rating),
    db
      .select({
        kind: guideCredentials.licenceKind,
        region: guideCredentials.region,
        registrationNumber: guideCredentials.registrationNumber,
        prefecture: guideCredentials.prefecture,
        languages: guideCredentials.languages,
      })
      .from(guideCredentials)
      .where(and(eq(guideCredentials.guideId, guideId), eq(guideCredentials.type, 'licence'), eq(guideCredentials.status, 'verified'))),
  ]);
  const ratingDistribution = [0, 0, 0, 0, 0];
  for (const d of distribution) ratingDistribution[d.rating - 1] = Number(d.n);
  const l = licence[0];
  const licenceDetails =
    l?.kind && l.registrationNumber && l.prefecture
      ? { kind: l.kind, region: l.region, registrationNumber: l.registrationNumber, prefecture: l.prefecture, languages: l.languages }
      : null;
  return { weekly, exceptions, itineraries, ratingDistribution, licenceDetails };
}

/** The categories a guide offers, each with the chosen subcategories (two queries). */
export async function guideChoices(db: Database, guideId: number) {
  const rows = await db
    .select({
      categoryId: serviceCategories.id,
      categoryEn: serviceCategories.nameEn,
      categoryCn: serviceCategories.nameCn,
      categoryJa: serviceCategories.nameJa,
      id: serviceSubcategories.id,
      nameEn: serviceSubcategories.nameEn,
      nameCn: serviceSubcategories.nameCn,
      nameJa: serviceSubcategories.nameJa,
    })
    .from(guideServices)
    .innerJoin(serviceSubcategories, eq(serviceSubcategories.id, guideServices.subcategoryId))
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceSubcategories.categoryId))
    .where(eq(guideServices.guideId, guideId))
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceSubcategories.sortOrder));
  const out: { id: number; nameEn: string; nameCn: string; nameJa: string; subcategories: { id: number; nameEn: string; nameCn: string; nameJa: string }[] }[] = [];
  for (const r of rows) {
    let cat = out.at(-1);
    if (!cat || cat.id !== r.categoryId) {
      cat = { id: r.categoryId, nameEn: r.categoryEn, nameCn: r.categoryCn, nameJa: r.categoryJa, subcategories: [] };
      out.push(cat);
    }
    cat.subcategories.push({ id: r.id, nameEn: r.nameEn, nameCn: r.nameCn, nameJa: r.nameJa });
  }
  return out;
}

export async function guidePricing(db: Database, guideId: number) {
  const rows = await db
    .select({
      subcategoryId: guideServices.subcategoryId,
      priceCents: sql<number>`coalesce(${guideServices.priceCents}, ${guides.basicPricePerHourCents})::int`,
    })
    .from(guideServices)
    .innerJoin(guides, eq(guides.id, guideServices.guideId))
    .where(eq(guideServices.guideId, guideId))
    .orderBy(asc(guideServices.subcategoryId));
  return rows.map((r) => ({ subcategoryId: r.subcategoryId, priceCents: Number(r.priceCents) }));
}

export async function findItinerary(db: Database, id: number) {
  const [row] = await db
    .select({
      itinerary: guideItineraries,
      guideStatus: guides.status,
      guide: {
        id: guides.id,
        fullName: users.fullName,
        profilePicture: users.profilePicture,
        serviceCity: guides.serviceCity,
        basicPricePerHourCents: guides.basicPricePerHourCents,
        currency: guides.currency,
        timeZone: guides.timeZone,
      },
    })
    .from(guideItineraries)
    .innerJoin(guides, eq(guides.id, guideItineraries.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guideItineraries.id, id));
  return row;
}

/**
 * Replaces a guide's weekly schedule and keeps the search helper `weekly_days` in step, in one
 * transaction. The only writer of guide_weekly_availability.
 */
export async function setWeeklyAvailability(db: Database, guideId: number, slots: WeeklySlot[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(guideWeeklyAvailability).where(eq(guideWeeklyAvailability.guideId, guideId));
    if (slots.length) await tx.insert(guideWeeklyAvailability).values(slots.map((s) => ({ ...s, guideId })));
    await tx.update(guides).set({ weeklyDays: weeklyDaysMask(slots), updatedAt: new Date() }).where(eq(guides.id, guideId));
  });
}

/** Replaces a guide's services and keeps the search helper `service_ids` in step, in one transaction. */
export async function setGuideServices(db: Database, guideId: number, services: { subcategoryId: number; priceCents: number | null }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(guideServices).where(eq(guideServices.guideId, guideId));
    if (services.length) await tx.insert(guideServices).values(services.map((s) => ({ ...s, guideId })));
    await tx
      .update(guides)
      .set({ serviceIds: [...new Set(services.map((s) => s.subcategoryId))].sort((a, b) => a - b), updatedAt: new Date() })
      .where(eq(guides.id, guideId));
  });
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
