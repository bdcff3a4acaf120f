import { and, asc, eq, sql } from 'drizzle-orm';
import type { ServiceCitySlug } from '../../../shared/cities';
import type { Database } from '../client';
import { DEMO_LICENCE_CARD_KEY } from '../../modules/licences/demo-card';
import { guideCredentials, guides, guideServices, serviceSubcategories, users } from '../schema/index';

interface DemoLicence {
  city: ServiceCitySlug;
  registrationNumber: string;
  languages: string[];
  /** A service the bio speaks of, added when the guide does not offer it yet. */
  service: string;
  /** Put before each version of the bio: the title only a verified licence allows, and what the guide shows. */
  add: { zh: string; en: string; ja: string };
}

/**
 * Licensed guides in several cities (decisions 092 and 105): the first seeded Chinese-speaking guide
 * of each city below holds a verified 全国通訳案内士 licence registered with the city's prefecture, with a card
 * photo, reviewed by the demo admin, and a bio that names the title (only a verified licence allows
 * it) and what they show, with that service offered. Tokyo has none: its licensed-guide search
 * shows the empty result and its help.
 */
const LICENCES: DemoLicence[] = [
  {
    city: 'kyoto',
    registrationNumber: '京都府 第2019-0417号',
    languages: ['zh', 'en'],
    service: 'temples-shrines',
    add: {
      zh: '我是登记在京都府的全国通訳案内士（持证通译导游），最擅长带大家慢慢看寺庙神社：伏见稻荷大社的千本鸟居、清水寺的舞台，讲清楚参拜的规矩。',
      en: 'I am a 全国通訳案内士, a Licensed Guide Interpreter registered in Kyoto Prefecture; temples and shrines are what I show best. ',
      ja: '京都府に登録された全国通訳案内士です。寺社めぐりが得意です。',
    },
  },
  {
    city: 'osaka',
    registrationNumber: '大阪府 第2021-0233号',
    languages: ['zh', 'ja'],
    service: 'food-tour',
    add: {
      zh: '我是登记在大阪府的全国通訳案内士（持证通译导游），带你在道顿堀和黑门市场吃遍大阪的街头美食。',
      en: 'I am a 全国通訳案内士, a Licensed Guide Interpreter registered in Osaka Prefecture; I take you through Osaka’s street food. ',
      ja: '大阪府に登録された全国通訳案内士です。大阪の食べ歩きをご案内します。',
    },
  },
  {
    city: 'hiroshima',
    registrationNumber: '広島県 第2018-0061号',
    languages: ['zh', 'en'],
    service: 'historic-sites',
    add: {
      zh: '我是登记在广岛县的全国通訳案内士（持证通译导游），讲解和平纪念公园与宫岛的历史。',
      en: 'I am a 全国通訳案内士, a Licensed Guide Interpreter registered in Hiroshima Prefecture; I explain the history of the Peace Memorial Park and Miyajima. ',
      ja: '広島県に登録された全国通訳案内士です。平和記念公園と宮島の歴史をご案内します。',
    },
  },
];

export async function seedDemoLicence(db: Database, now: Date): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  for (const licence of LICENCES) await seedOne(db, now, licence, admin?.id ?? null);
}

async function seedOne(db: Database, now: Date, licence: DemoLicence, adminId: number | null): Promise<void> {
  const [guide] = await db
    .select({
      id: guides.id,
      bio: guides.bio,
      texts: guides.texts,
      originalLanguage: guides.originalLanguage,
      serviceIds: guides.serviceIds,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    // A guide who speaks Chinese (so has a Chinese text): the travelers are mostly Chinese-speaking.
    .where(and(eq(guides.serviceCity, licence.city), eq(guides.status, 'active'), sql`'zh' = any(${guides.languages})`))
    .orderBy(asc(guides.id))
    .limit(1);
  if (!guide) return;
  const reviewedAt = new Date(now.getTime() - 3 * 86_400_000);
  await db.insert(guideCredentials).values({
    guideId: guide.id,
    type: 'licence',
    status: 'verified',
    licenceKind: 'national',
    registrationNumber: licence.registrationNumber,
    prefecture: licence.city,
    languages: licence.languages,
    fileKey: DEMO_LICENCE_CARD_KEY,
    fileType: 'image/webp',
    // Approximately: the card is drawn and stored when first viewed.
    fileSize: 24_000,
    submittedAt: new Date(reviewedAt.getTime() - 86_400_000),
    reviewedAt,
    reviewedBy: adminId,
  });
  const texts = { ...guide.texts };
  for (const l of ['zh', 'en', 'ja'] as const) {
    const t = texts[l];
    if (t?.bio) texts[l] = { ...t, bio: `${licence.add[l]}${t.bio}` };
  }
  // The service the bio now names, so the guide is found under it (the search's service_ids too).
  const [service] = await db
    .select({ id: serviceSubcategories.id })
    .from(serviceSubcategories)
    .where(eq(serviceSubcategories.slug, licence.service));
  const serviceIds =
    service && !guide.serviceIds.includes(service.id)
      ? [...guide.serviceIds, service.id].sort((a, b) => a - b)
      : guide.serviceIds;
  if (service)
    await db
      .insert(guideServices)
      .values({ guideId: guide.id, subcategoryId: service.id, priceCents: null })
      .onConflictDoNothing();
  await db
    .update(guides)
    .set({
      licenceKind: 'national',
      licenceRegion: null,
      texts,
      bio: texts[guide.originalLanguage]?.bio ?? guide.bio,
      serviceIds,
    })
    .where(eq(guides.id, guide.id));
}
