/**
 * The rows a guide card is made of (guide-cards.ts): its columns, read by id in one prepared query,
 * its services named from the catalogue kept in memory, and which of the cards the traveler saved.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Currency } from '../../../shared/currency';
import type { TextLanguage } from '../../../shared/guide-texts';
import type { Database } from '../../db/client';
import { intArray } from '../../db/raw-row';
import {
  guides,
  guideServices,
  savedGuides,
  serviceCategories,
  serviceSubcategories,
  users,
} from '../../db/schema/index';

/** The columns a guide card needs (one row per guide, the user joined in the same query). */
export const summaryColumns = {
  id: guides.id,
  userId: guides.userId,
  fullName: users.fullName,
  profilePicture: users.profilePicture,
  serviceCity: guides.serviceCity,
  bio: guides.bio,
  /** The bio per language (the card picks the reader's; decision 070). */
  bioTexts: sql<
    Record<TextLanguage, string | null>
  >`jsonb_build_object('zh', ${guides.texts}->'zh'->'bio', 'en', ${guides.texts}->'en'->'bio', 'ja', ${guides.texts}->'ja'->'bio')`,
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
  serviceList: sql<
    [number, number | null][]
  >`(select coalesce(json_agg(json_build_array(gs.subcategory_id, gs.price_cents)), '[]'::json) from ${guideServices} gs where gs.guide_id = ${guides.id})`,
};
/** The group pricing columns (decision 151) and the booking rules (decision 153) as the schema types them. */
export interface SummaryRow extends Pick<
  typeof guides.$inferSelect,
  | 'includedPeople'
  | 'childPricePercent'
  | 'infantsFree'
  | 'dayRateCents'
  | 'dayHours'
  | 'instantBook'
  | 'minNoticeHours'
> {
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
const catalogueCache = new WeakMap<
  Database,
  { at: number; value: Promise<Map<number, Omit<ServiceRow, 'priceCents'> & { order: number }>> }
>();
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
export async function servicesForGuides(
  db: Database,
  rows: Pick<SummaryRow, 'id' | 'basicPricePerHourCents' | 'serviceList'>[],
) {
  const map = new Map<number, ServiceRow[]>();
  if (rows.length === 0) return map;
  const names = await catalogue(db);
  for (const r of rows) {
    const list: ServiceRow[] = [];
    for (const [subcategoryId, price] of r.serviceList) {
      const s = names.get(subcategoryId);
      if (s)
        list.push({
          id: s.id,
          categoryId: s.categoryId,
          nameEn: s.nameEn,
          nameCn: s.nameCn,
          nameJa: s.nameJa,
          priceCents: price ?? r.basicPricePerHourCents,
        });
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
export async function savedAmong(
  db: Database,
  travelerId: number | undefined,
  guideIds: number[],
): Promise<Set<number>> {
  if (!travelerId || guideIds.length === 0) return new Set();
  const rows = await db
    .select({ guideId: savedGuides.guideId })
    .from(savedGuides)
    .where(
      and(eq(savedGuides.travelerId, travelerId), sql`${savedGuides.guideId} = any(${intArray(guideIds)}::int[])`),
    );
  return new Set(rows.map((r) => r.guideId));
}
