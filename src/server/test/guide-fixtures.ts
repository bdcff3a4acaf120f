import { eq } from 'drizzle-orm';
import { addDays, isoWeekday, todayInZone } from '../../shared/availability';
import type { Database } from '../db/client';
import {
  guideAvailabilityExceptions,
  guideItineraries,
  guides,
  reviews,
  serviceSubcategories,
  users,
} from '../db/schema/index';
import { createSession } from '../modules/auth/index';
import { setGuideServices, setWeeklyAvailability } from '../modules/guides/index';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';
let counter = 0;

export async function makeUser(
  db: Database,
  fields: { role?: 'traveler' | 'guide'; isGuide?: boolean; fullName?: string; identityVerified?: boolean } = {},
) {
  const n = ++counter;
  const [u] = await db
    .insert(users)
    .values({
      username: `user${n}x${Date.now() % 100000}`,
      email: `user${n}-${Date.now()}@test.tabi`,
      passwordHash: 'disabled',
      fullName: fields.fullName ?? `Test User ${n}`,
      role: fields.role ?? 'traveler',
      isGuide: fields.isGuide ?? false,
      identityVerified: fields.identityVerified ?? false,
    })
    .returning();
  return u!;
}

export async function tokenFor(db: Database, userId: number): Promise<string> {
  return (await createSession(db, { userId, secret: TEST_SECRET, ttlMs: 3_600_000 })).token;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function subcategoryIdBySlug(db: Database, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: serviceSubcategories.id })
    .from(serviceSubcategories)
    .where(eq(serviceSubcategories.slug, slug));
  return row!.id;
}

export interface GuideSpec {
  city?: string;
  languages?: string[];
  priceRmb?: number;
  minPeople?: number;
  maxPeople?: number;
  rating?: number;
  reviewCount?: number;
  services?: number[];
  weekdays?: number[];
  status?: 'active' | 'paused' | 'suspended';
  name?: string;
  /** The user's identity check approved (default true: a listed guide, decision 091). */
  identityVerified?: boolean;
  /** When the guide can be booked (decision 153); the columns' defaults (24 h, 30 min, off) when left out. */
  minNoticeHours?: number;
  bufferMinutes?: number;
  instantBook?: boolean;
}

/**
 * A guide with a user, services and weekly hours (09:00–17:00 on the given weekdays): listed by
 * default (identity verified, hours every day). `identityVerified: false` or `weekdays: []` make an
 * approved guide that is not listed.
 */
export async function makeGuide(db: Database, spec: GuideSpec = {}) {
  const user = await makeUser(db, {
    role: 'guide',
    isGuide: true,
    fullName: spec.name,
    identityVerified: spec.identityVerified ?? true,
  });
  const [g] = await db
    .insert(guides)
    .values({
      userId: user.id,
      serviceCity: spec.city ?? 'tokyo',
      bio: 'Test guide',
      languages: spec.languages ?? ['ja'],
      basicPricePerHourCents: (spec.priceRmb ?? 300) * 100,
      additionalPricePerPersonCents: 3000,
      rating: spec.rating ?? 0,
      reviewCount: spec.reviewCount ?? 0,
      minPeople: spec.minPeople ?? 1,
      maxPeople: spec.maxPeople ?? 6,
      status: spec.status ?? 'active',
      ethicsScore: 8,
      ethicsDescription: 'Honest',
      targetGroups: ['couple'],
      ...(spec.minNoticeHours !== undefined && { minNoticeHours: spec.minNoticeHours }),
      ...(spec.bufferMinutes !== undefined && { bufferMinutes: spec.bufferMinutes }),
      ...(spec.instantBook !== undefined && { instantBook: spec.instantBook }),
    })
    .returning();
  await setGuideServices(
    db,
    g!.id,
    (spec.services ?? []).map((id) => ({ subcategoryId: id, priceCents: null })),
  );
  await setWeeklyAvailability(
    db,
    g!.id,
    (spec.weekdays ?? [1, 2, 3, 4, 5, 6, 7]).map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
  );
  return { guide: g!, user };
}

export async function addException(db: Database, guideId: number, date: string, available: boolean) {
  await db.insert(guideAvailabilityExceptions).values({
    guideId,
    date,
    available,
    startMinute: available ? 600 : null,
    endMinute: available ? 900 : null,
  });
}

export async function addItinerary(db: Database, guideId: number) {
  const [row] = await db
    .insert(guideItineraries)
    .values({
      guideId,
      title: 'Old Tokyo walk',
      summary: 'Asakusa and Yanaka',
      durationHours: 4,
      stops: [{ time: '10:00', title: 'Senso-ji', description: 'Temple' }],
    })
    .returning();
  return row!;
}

export async function addReview(
  db: Database,
  guideId: number,
  guideUserId: number,
  fromUserId: number,
  rating: number,
  published: boolean,
  daysAgo = 1,
) {
  await db.insert(reviews).values({
    type: 'traveler_to_guide',
    fromUserId,
    toUserId: guideUserId,
    guideId,
    rating,
    content: `Rated ${rating}`,
    submittedAt: new Date(Date.now() - daysAgo * 86_400_000),
    publishedAt: published ? new Date(Date.now() - daysAgo * 86_400_000) : null,
  });
}

/** The next date (from tomorrow, in Tokyo) that falls on an ISO weekday. */
export function nextWeekday(weekday: number): string {
  let d = addDays(todayInZone('Asia/Tokyo'), 1);
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
}
