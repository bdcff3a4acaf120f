import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { DEMO_LICENCE_CARD_KEY } from '../../modules/licences/demo-card';
import { guideCredentials, guides, users } from '../schema/index';

/**
 * One licensed guide (issue 26): the first seeded Kyoto guide holds a verified 全国通訳案内士
 * licence, registered with Kyoto Prefecture, with a card photo, reviewed by the demo admin. Her bio
 * names the title, which only a verified licence allows.
 */
export async function seedDemoLicence(db: Database, now: Date): Promise<void> {
  const [guide] = await db
    .select({ id: guides.id, bio: guides.bio, texts: guides.texts, originalLanguage: guides.originalLanguage })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.serviceCity, 'kyoto'), eq(guides.status, 'active')))
    .orderBy(asc(guides.id))
    .limit(1);
  if (!guide) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const reviewedAt = new Date(now.getTime() - 3 * 86_400_000);
  await db.insert(guideCredentials).values({
    guideId: guide.id,
    type: 'licence',
    status: 'verified',
    licenceKind: 'national',
    registrationNumber: '京都府 第2019-0417号',
    prefecture: 'kyoto',
    languages: ['zh', 'en'],
    fileKey: DEMO_LICENCE_CARD_KEY,
    fileType: 'image/webp',
    // Approximately: the card is drawn and stored when first viewed.
    fileSize: 24_000,
    submittedAt: new Date(reviewedAt.getTime() - 86_400_000),
    reviewedAt,
    reviewedBy: admin?.id ?? null,
  });
  const texts = { ...guide.texts };
  const add = { zh: '我是登记在京都府的全国通訳案内士（持证通译导游）。', en: 'I am a 全国通訳案内士, a Licensed Guide Interpreter registered in Kyoto Prefecture. ', ja: '京都府に登録された全国通訳案内士です。' } as const;
  for (const l of ['zh', 'en', 'ja'] as const) {
    const t = texts[l];
    if (t?.bio) texts[l] = { ...t, bio: `${add[l]}${t.bio}` };
  }
  await db
    .update(guides)
    .set({ licenceKind: 'national', licenceRegion: null, texts, bio: texts[guide.originalLanguage]?.bio ?? guide.bio })
    .where(eq(guides.id, guide.id));
}
