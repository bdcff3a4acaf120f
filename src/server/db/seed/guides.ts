import { eq, sql } from 'drizzle-orm';
import { addDays, todayInZone, weeklyDaysMask } from '../../../shared/availability';
import { DEFAULT_GUIDE_TIME_ZONE, SERVICE_CITIES } from '../../../shared/cities';
import { convertMinor, MIN_HOURLY_PRICE } from '../../../shared/currency';
import { avatarUrl } from '../../modules/guides/index';
import type { Database } from '../client';
import {
  guideAvailabilityExceptions,
  guideItineraries,
  guides,
  guideServices,
  guideWeeklyAvailability,
  reviews,
  serviceSubcategories,
  users,
} from '../schema/index';
import { createRng, generateGuide, type GeneratedGuide } from './guide-data';
import { REVIEWER_NAMES } from './guide-pools';
import { SEED_RATE } from './deposits';
import { familyRates } from './family-rates';
import { JAPANESE_GUIDE, japaneseOnlyGuide } from './japanese-guide';

/** Seeded people cannot log in: this is not a valid password hash. */
const NO_LOGIN = 'disabled';

async function subcategoryIds(db: Database): Promise<{ id: number; slug: string }[]> {
  return (
    await db.select({ id: serviceSubcategories.id, slug: serviceSubcategories.slug }).from(serviceSubcategories)
  ).sort((a, b) => a.id - b.id);
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Inserts generated guides with everything they own, in multi-row batches. The search helper
 * columns (weekly_days, service_ids) are computed with the same shared rules the repository uses.
 */
export async function insertGuides(
  db: Database,
  list: GeneratedGuide[],
  opts: { reviewerIds?: number[]; batch?: number; existingUserIds?: Map<string, number> } = {},
): Promise<number[]> {
  const batch = opts.batch ?? 1000;
  const today = todayInZone(DEFAULT_GUIDE_TIME_ZONE);
  const guideIds: number[] = [];
  for (const part of chunks(list, batch)) {
    const userIds = await insertGuideUsers(db, part, opts.existingUserIds);
    const ids = await insertGuideListings(db, part, userIds);
    guideIds.push(...ids);
    await insertGuideOfferings(db, part, ids, today);
    const reviewers = opts.reviewerIds ?? [];
    if (reviewers.length) await insertGuideReviews(db, part, { ids, userIds, reviewers });
  }
  return guideIds;
}

/** The guides' accounts (they cannot log in), except those that exist already; every guide's user id by username. */
async function insertGuideUsers(
  db: Database,
  part: GeneratedGuide[],
  existingUserIds: Map<string, number> | undefined,
): Promise<Map<string, number>> {
  const needUsers = part.filter((g) => !existingUserIds?.has(g.username));
  const insertedUsers = needUsers.length
    ? await db
        .insert(users)
        .values(
          needUsers.map((g) => ({
            username: g.username,
            email: `${g.username}@guides.demo.tabi`,
            passwordHash: NO_LOGIN,
            fullName: g.fullName,
            role: 'guide' as const,
            isGuide: true,
            gender: g.sex,
            age: g.age,
            city: g.city,
            profilePicture: avatarUrl(g.username, g.sex),
            identityVerified: true,
          })),
        )
        .returning({ id: users.id, username: users.username })
    : [];
  const userIds = new Map<string, number>(insertedUsers.map((u) => [u.username, u.id]));
  for (const g of part) if (existingUserIds?.has(g.username)) userIds.set(g.username, existingUserIds.get(g.username)!);
  return userIds;
}

/** The guides' listings, in the guide's default zone; their ids in the order of `part`. */
async function insertGuideListings(
  db: Database,
  part: GeneratedGuide[],
  userIds: Map<string, number>,
): Promise<number[]> {
  const insertedGuides = await db
    .insert(guides)
    .values(
      part.map((g) => ({
        ...g.guide,
        userId: userIds.get(g.username)!,
        age: g.age,
        sex: g.sex,
        timeZone: DEFAULT_GUIDE_TIME_ZONE,
        weeklyDays: weeklyDaysMask(g.weekly),
        serviceIds: g.services.map((s) => s.subcategoryId),
      })),
    )
    .returning({ id: guides.id, userId: guides.userId });
  const idByUser = new Map(insertedGuides.map((r) => [r.userId, r.id]));
  return part.map((g) => idByUser.get(userIds.get(g.username)!)!);
}

/** What each guide offers and when: services, weekly hours, days off (from `today`) and itineraries. */
async function insertGuideOfferings(db: Database, part: GeneratedGuide[], ids: number[], today: string): Promise<void> {
  const services = part.flatMap((g, i) => g.services.map((s) => ({ ...s, guideId: ids[i]! })));
  for (const c of chunks(services, 5000)) await db.insert(guideServices).values(c);
  const weekly = part.flatMap((g, i) => g.weekly.map((w) => ({ ...w, guideId: ids[i]! })));
  for (const c of chunks(weekly, 5000)) await db.insert(guideWeeklyAvailability).values(c);
  const offs = part.flatMap((g, i) =>
    g.daysOff.map((d) => ({ guideId: ids[i]!, date: addDays(today, d), available: false })),
  );
  for (const c of chunks(offs, 5000)) await db.insert(guideAvailabilityExceptions).values(c);
  const its = part.flatMap((g, i) => g.itineraries.map((it, j) => ({ ...it, guideId: ids[i]!, sortOrder: j })));
  for (const c of chunks(its, 2000)) await db.insert(guideItineraries).values(c);
}

/** The guides' past reviews, each by one of `reviewers` in turn, published two days after it was written. */
async function insertGuideReviews(
  db: Database,
  part: GeneratedGuide[],
  o: { ids: number[]; userIds: Map<string, number>; reviewers: number[] },
): Promise<void> {
  const { ids, userIds, reviewers } = o;
  const rows = part.flatMap((g, i) =>
    g.reviews.map((r, j) => {
      const at = new Date(Date.now() - r.daysAgo * 86_400_000);
      return {
        type: 'traveler_to_guide' as const,
        fromUserId: reviewers[(i * 7 + j * 3) % reviewers.length]!,
        toUserId: userIds.get(g.username)!,
        guideId: ids[i]!,
        rating: r.rating,
        content: r.content,
        submittedAt: at,
        publishedAt: new Date(at.getTime() + 2 * 86_400_000),
      };
    }),
  );
  for (const c of chunks(rows, 2000)) await db.insert(reviews).values(c);
}

/** Recomputes every guide's rating and review count from published traveler reviews (one statement). */
export async function refreshRatings(db: Database): Promise<void> {
  await db.execute(sql`
    update guides g set rating = coalesce(r.avg, 0), review_count = coalesce(r.n, 0)
    from (select gg.id, avg(rv.rating)::float8 as avg, count(rv.id)::int as n
          from guides gg left join reviews rv on rv.guide_id = gg.id and rv.type = 'traveler_to_guide' and rv.published_at is not null
          group by gg.id) r
    where r.id = g.id`);
}

/**
 * Demo step: 80 guides, eight per city, with reviews from 20 demo travelers, itineraries, weekly
 * hours and a few days off; a listing for the demo account `guide` (Sato Yuki, Tokyo); a Kyoto
 * guide who writes only in Japanese (japanese-guide.ts); and about a third of them selling a day, a
 * private group or a child's price (family-rates.ts).
 */
export async function seedDemoGuides(db: Database): Promise<void> {
  const rng = createRng(20261122);
  const subs = await subcategoryIds(db);
  const reviewerRows = await db
    .insert(users)
    .values(
      REVIEWER_NAMES.map((name, i) => ({
        username: `traveler${String(i + 1).padStart(2, '0')}`,
        email: `traveler${i + 1}@travelers.demo.tabi`,
        passwordHash: NO_LOGIN,
        fullName: name,
        city: i < 16 ? 'Shanghai' : 'London',
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  const list: GeneratedGuide[] = [];
  const usedNames = new Set(['Sato Yuki']); // the demo guide's own name, below
  let n = 0;
  for (let round = 0; round < 8; round++) {
    for (const c of SERVICE_CITIES) list.push(generateGuide(rng, ++n, c.slug, subs, { withStories: true, usedNames }));
  }
  showcaseGroupPricing(list);
  // The demo account `guide` gets a Tokyo listing of its own.
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'guide'));
  const existingUserIds = new Map<string, number>();
  if (demo) {
    const own = generateGuide(rng, 0, 'tokyo', subs, { withStories: true });
    own.username = 'guide';
    own.fullName = 'Sato Yuki';
    own.sex = 'female';
    own.guide.languages = ['ja', 'zh', 'en'];
    // Her bio in all three languages (decision 070); the generated descriptions stay as written.
    const t = own.guide.texts;
    own.guide.texts = {
      zh: {
        ...t.zh,
        bio: '我是佐藤由纪，在东京长大，做导游八年。会说中文、日语和英语，擅长浅草、谷中一带的老街漫步和美食。',
      },
      ja: {
        ...t.ja,
        bio: '佐藤由紀です。東京で育ち、ガイドを始めて八年になります。中国語・日本語・英語を話し、浅草や谷中の下町散歩と食べ歩きが得意です。',
      },
      en: {
        ...t.en,
        bio: 'I am Sato Yuki. I grew up in Tokyo and have been guiding for eight years. I speak Chinese, Japanese and English, and love old-town walks and food around Asakusa and Yanaka.',
      },
    };
    own.guide.bio = own.guide.texts[own.guide.originalLanguage]!.bio!;
    // What her bio speaks of: old-town walks by Senso-ji, food, and three languages.
    const prices = own.services.map((x) => x.priceCents);
    own.services = ['city-walk', 'temples-shrines', 'food-tour', 'transit-help'].flatMap((slug, i) =>
      subs
        .filter((c) => c.slug === slug)
        .map((c) => ({ subcategoryId: c.id, priceCents: prices[i % prices.length] ?? null })),
    );
    own.age = 34;
    own.guide.experienceMonths = 8 * 12;
    own.guide.sessionCount = 420;
    list.push(own);
    existingUserIds.set('guide', demo.id);
    // Listed like every demo guide (decision 091): her identity was checked.
    await db
      .update(users)
      .set({ profilePicture: avatarUrl('guide', 'female'), gender: 'female', identityVerified: true })
      .where(eq(users.id, demo.id));
  }
  // Last, so the guides drawn before him stay the same: a Kyoto guide who writes only in Japanese (decision 145).
  list.push(japaneseOnlyGuide(rng, subs));
  for (const g of list) if (g.guide.originalLanguage === 'ja' || g.username === 'guide') priceInYen(g);
  // In each guide's own currency, so a day or a group is priced against the guide's own hour.
  familyRates(list, new Set(['guide', JAPANESE_GUIDE.username]));
  await insertGuides(db, list, { reviewerIds: reviewerRows.map((r) => r.id), existingUserIds });
  await refreshRatings(db);
}

/**
 * The demo shows both group prices of decision 151: the first Hiroshima guide sells a private group
 * ("up to 4 people", children at half, overtime at the hourly price), the first Sapporo guide a whole
 * day (一日地陪). Set after the draws, so every guide drawn stays as it was; within the rates' rules
 * (included people at most the largest group, a day rate above the hourly floor).
 */
function showcaseGroupPricing(list: GeneratedGuide[]): void {
  const first = (city: string) => list.find((g) => g.guide.serviceCity === city)?.guide;
  const group = first('hiroshima');
  if (group) {
    group.maxPeople = Math.max(group.maxPeople, 6);
    Object.assign(group, {
      includedPeople: 4,
      childPricePercent: 50,
      infantsFree: true,
      extras: [
        { kind: 'overtime_hour', included: false, priceCents: group.basicPricePerHourCents },
        { kind: 'entrance_tickets', included: false, note: 'Peace Memorial Museum 200 yen' },
        { kind: 'public_transport', included: false },
        { kind: 'meals', included: false },
      ],
    } satisfies Partial<GeneratedGuide['guide']>);
  }
  const dayGuide = list.find((g) => g.guide.serviceCity === 'sapporo');
  const day = dayGuide?.guide;
  if (dayGuide && day) {
    // A guide who sells whole days keeps whole days open, five in a row (Wednesday to Sunday), so a
    // trip of several days can be booked with them (decision 154).
    dayGuide.weekly = [3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 19 * 60 }));
    Object.assign(day, {
      dayRateCents: day.basicPricePerHourCents * 6,
      dayHours: 8,
      extras: [
        { kind: 'overtime_hour', included: true },
        { kind: 'guide_travel', included: true },
        { kind: 'meals', included: false },
      ],
    } satisfies Partial<GeneratedGuide['guide']>);
  }
}

/**
 * A guide who prices in yen (decision 164): the Japanese guides and the demo account `guide`, whose
 * wallet and statements then show yen. Every price the generator drew in yuan becomes about the same
 * in yen at the default fixed rate, rounded to ¥100 as a guide would write it. An hourly price (the
 * basic one, a day's, a service's) keeps the yen floor, as the rates' bounds do
 * (`checkPriceBounds` in the guide-business service); a price per further person or for an extra has
 * no floor there, so 30 元 a person reads ¥600, not the hourly floor.
 */
function priceInYen(g: GeneratedGuide): void {
  const rounded = (fen: number) => Math.round(convertMinor(fen, 'CNY', 'JPY', SEED_RATE.jpyPerCny) / 100) * 100;
  const yen = (fen: number) => Math.max(MIN_HOURLY_PRICE.JPY, rounded(fen));
  const yenOrZero = (fen: number) => (fen === 0 ? 0 : Math.max(100, rounded(fen)));
  const d = g.guide;
  d.currency = 'JPY';
  d.basicPricePerHourCents = yen(d.basicPricePerHourCents);
  d.additionalPricePerPersonCents = yenOrZero(d.additionalPricePerPersonCents);
  if (d.dayRateCents != null) d.dayRateCents = yen(d.dayRateCents);
  d.extras = d.extras?.map((e) => (e.priceCents === undefined ? e : { ...e, priceCents: yenOrZero(e.priceCents) }));
  g.services = g.services.map((s) => ({ ...s, priceCents: s.priceCents === null ? null : yen(s.priceCents) }));
}

/**
 * Benchmark data: `count` more guides spread over the ten cities (no reviews or itineraries; the
 * ratings are synthetic). Deterministic for a given count and offset.
 */
export async function generateBulkGuides(
  db: Database,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const subs = await subcategoryIds(db);
  const [{ offset } = { offset: 0 }] = await db.select({ offset: sql<number>`count(*)::int` }).from(guides);
  const rng = createRng(1000 + Number(offset));
  const size = 2000;
  for (let start = 0; start < count; start += size) {
    const list: GeneratedGuide[] = [];
    for (let i = start; i < Math.min(count, start + size); i++) {
      const g = generateGuide(rng, Number(offset) + i + 1, SERVICE_CITIES[i % SERVICE_CITIES.length]!.slug, subs, {
        withStories: false,
      });
      g.username = `bulk-${Number(offset) + i + 1}`;
      list.push(g);
    }
    const ids = await insertGuides(db, list, { batch: size });
    // Synthetic ratings so sorting has something to sort.
    await db.execute(sql`update guides set rating = round((3 + (id * 7919 % 200) / 100.0)::numeric, 2)::float8, review_count = id * 31 % 120
                         where id between ${ids[0]!} and ${ids.at(-1)!}`);
    onProgress?.(Math.min(count, start + size));
  }
}
