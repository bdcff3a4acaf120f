/**
 * One guide's rows: its listing facts, profile, services, prices and itineraries, and the writes of its
 * weekly hours and services. The cards' rows are in guide-cards.repository.ts, the search index's in
 * guide-search.repository.ts.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { weeklyDaysMask, type WeeklySlot } from '../../../shared/availability';
import type { Database } from '../../db/client';
import {
  guideAvailabilityExceptions,
  guideCredentials,
  guideItineraries,
  guides,
  guideServices,
  guideWeeklyAvailability,
  reviews,
  serviceCategories,
  serviceSubcategories,
  users,
} from '../../db/schema/index';
import { summaryColumns } from './guide-cards.repository';

export { summaryColumns, type SummaryRow } from './guide-cards.repository';

/** The facts a guide's listing status is decided on (decision 091); undefined for a user without a listing. */
export async function listingFacts(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: guides.id,
      status: guides.status,
      timeZone: guides.timeZone,
      identityVerified: users.identityVerified,
    })
    .from(users)
    .leftJoin(guides, eq(guides.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  if (row.id === null) return { guide: null, identityVerified: row.identityVerified };
  const { weekly, exceptions } = await schedule(db, row.id);
  return {
    guide: { id: row.id, status: row.status!, timeZone: row.timeZone!, weekly, exceptions },
    identityVerified: row.identityVerified,
  };
}

/** Weekly hours and the exceptions from yesterday on of one guide. */
async function schedule(db: Database, guideId: number) {
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
      })
      .from(guideAvailabilityExceptions)
      .where(
        and(
          eq(guideAvailabilityExceptions.guideId, guideId),
          sql`${guideAvailabilityExceptions.date} >= current_date - 1`,
        ),
      )
      .orderBy(asc(guideAvailabilityExceptions.date)),
  ]);
  return { weekly, exceptions };
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
      .where(
        and(
          eq(guideCredentials.guideId, guideId),
          eq(guideCredentials.type, 'licence'),
          eq(guideCredentials.status, 'verified'),
        ),
      ),
  ]);
  const ratingDistribution = [0, 0, 0, 0, 0];
  for (const d of distribution) ratingDistribution[d.rating - 1] = Number(d.n);
  const l = licence[0];
  const licenceDetails =
    l?.kind && l.registrationNumber && l.prefecture
      ? {
          kind: l.kind,
          region: l.region,
          registrationNumber: l.registrationNumber,
          prefecture: l.prefecture,
          languages: l.languages,
        }
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
  const out: {
    id: number;
    nameEn: string;
    nameCn: string;
    nameJa: string;
    subcategories: { id: number; nameEn: string; nameCn: string; nameJa: string }[];
  }[] = [];
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
    await tx
      .update(guides)
      .set({ weeklyDays: weeklyDaysMask(slots), updatedAt: new Date() })
      .where(eq(guides.id, guideId));
  });
}

/** Replaces a guide's services and keeps the search helper `service_ids` in step, in one transaction. */
export async function setGuideServices(
  db: Database,
  guideId: number,
  services: { subcategoryId: number; priceCents: number | null }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(guideServices).where(eq(guideServices.guideId, guideId));
    if (services.length) await tx.insert(guideServices).values(services.map((s) => ({ ...s, guideId })));
    await tx
      .update(guides)
      .set({
        serviceIds: [...new Set(services.map((s) => s.subcategoryId))].sort((a, b) => a - b),
        updatedAt: new Date(),
      })
      .where(eq(guides.id, guideId));
  });
}
