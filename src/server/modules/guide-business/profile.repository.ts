import { and, asc, eq, sql } from 'drizzle-orm';
import type { GuideTexts, ItineraryTexts, TextLanguage } from '../../../shared/guide-texts';
import type { ShopStop } from '../../../shared/schemas/shop-stops';
import type { Database } from '../../db/client';
import { guideItineraries, guides, users } from '../../db/schema/index';

/** The guide's own profile: the listing's and the user's profile fields (one query). */
export async function readProfile(db: Database, guideId: number) {
  const [row] = await db
    .select({
      guideId: guides.id,
      email: users.email,
      fullName: users.fullName,
      nickname: users.nickname,
      gender: users.gender,
      userAge: users.age,
      guideAge: guides.age,
      city: users.city,
      userMbti: users.mbti,
      guideMbti: guides.mbti,
      guideSex: guides.sex,
      backgroundImage: users.backgroundImage,
      serviceCity: guides.serviceCity,
      residenceZipCode: guides.residenceZipCode,
      experienceMonths: guides.experienceMonths,
      responseTime: guides.responseTime,
      originalLanguage: guides.originalLanguage,
      texts: guides.texts,
      basicPricePerHourCents: guides.basicPricePerHourCents,
      additionalPricePerPersonCents: guides.additionalPricePerPersonCents,
      minDurationHours: guides.minDurationHours,
      currency: guides.currency,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.id, guideId));
  return row;
}

export interface ProfileWrite {
  userId: number;
  guideId: number;
  user: {
    fullName?: string;
    nickname: string | null;
    gender: 'male' | 'female' | 'other' | 'prefer_not_to_say' | null;
    age: number | null;
    city: string | null;
    mbti: string | null;
    backgroundImage: string | null;
  };
  guide: {
    serviceCity: string;
    residenceZipCode: string | null;
    experienceMonths: number;
    responseTime: 'within_hour' | 'within_hours' | 'within_day' | 'within_days' | null;
    originalLanguage: TextLanguage;
    texts: GuideTexts;
    /** The plain columns: the original-language text (decision 070). */
    bio: string;
    ethicsDescription: string | null;
    boundaryDescription: string | null;
    supportiveDescription: string | null;
  };
}

/**
 * Writes the profile in one transaction: the user's fields, and the listing's (its age, sex and mbti
 * mirror the user's). The guides row update announces the change to search (migration 0003).
 */
export async function writeProfile(db: Database, w: ProfileWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...w.user, updatedAt: new Date() })
      .where(eq(users.id, w.userId));
    await tx
      .update(guides)
      .set({ ...w.guide, age: w.user.age, sex: w.user.gender, mbti: w.user.mbti, updatedAt: new Date() })
      .where(eq(guides.id, w.guideId));
  });
}

const itineraryColumns = {
  id: guideItineraries.id,
  guideId: guideItineraries.guideId,
  durationHours: guideItineraries.durationHours,
  stops: guideItineraries.stops,
  shopStops: guideItineraries.shopStops,
  sortOrder: guideItineraries.sortOrder,
  originalLanguage: guideItineraries.originalLanguage,
  texts: guideItineraries.texts,
};

export async function listOwnItineraries(db: Database, guideId: number) {
  return db
    .select(itineraryColumns)
    .from(guideItineraries)
    .where(eq(guideItineraries.guideId, guideId))
    .orderBy(asc(guideItineraries.sortOrder), asc(guideItineraries.id));
}

/** The caller's itinerary, or undefined (another guide's or a traveler's look is the same: absent). */
export async function findOwnItinerary(db: Database, userId: number, id: number) {
  const [row] = await db
    .select(itineraryColumns)
    .from(guideItineraries)
    .innerJoin(guides, eq(guides.id, guideItineraries.guideId))
    .where(and(eq(guideItineraries.id, id), eq(guides.userId, userId)));
  return row;
}

export interface ItineraryWrite {
  durationHours: number;
  originalLanguage: TextLanguage;
  texts: ItineraryTexts;
  /** The plain columns: the original-language version with the shared times. */
  title: string;
  summary: string;
  stops: { time: string; title: string; description: string }[];
  shopStops: ShopStop[];
}

export async function insertItinerary(db: Database, guideId: number, w: ItineraryWrite) {
  const [row] = await db
    .insert(guideItineraries)
    .values({
      ...w,
      guideId,
      sortOrder: sql`(select coalesce(max(${guideItineraries.sortOrder}) + 1, 0) from ${guideItineraries} where ${guideItineraries.guideId} = ${guideId})`,
    })
    .returning({ id: guideItineraries.id });
  return row!.id;
}

export async function updateItinerary(db: Database, id: number, w: ItineraryWrite): Promise<void> {
  await db.update(guideItineraries).set(w).where(eq(guideItineraries.id, id));
}

export async function deleteItinerary(db: Database, id: number): Promise<void> {
  await db.delete(guideItineraries).where(eq(guideItineraries.id, id));
}
