import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { conversationCredits, conversationReads, conversations, guides, messages, users } from '../schema/index';
import { generateGuide, type GeneratedGuide, type Rng } from './guide-data';
import { servicesForBio } from './guide-services';

/**
 * A demo guide who writes only in Japanese (decision 145): bio, "how I guide", itineraries and chat
 * replies exist in Japanese alone, so a Chinese reader sees the original named "原文为日语" with
 * TRANSLATION_PROVIDER=none, and reads it translated, the original one tap away, with deepl.
 */
export const JAPANESE_GUIDE = { username: 'guide-kyoto-ja', fullName: 'Shinji Okada' } as const;

const BIO =
  '京都で生まれ育ち、ガイドを始めて十年になります。普段は茶道の先生をしています。朝の伏見稲荷大社や祇園の路地を、季節の話をしながらゆっくりご案内します。中国語は話せませんが、筆談や翻訳アプリを使って、いつも楽しくやりとりしています。どうぞお気軽にご相談ください。';

/** His two walks, Japanese only: the insert's trigger records them as written in `ja` (migration 0014). */
const ITINERARIES: GeneratedGuide['itineraries'] = [
  {
    title: '朝の伏見稲荷大社と千本鳥居',
    summary:
      '人の少ない朝の伏見稲荷大社で千本鳥居をくぐり、四ツ辻から京都の街を眺めます。参道の茶店で一休みしてから解散します。',
    durationHours: 4,
    stops: [
      {
        time: '08:00',
        title: '伏見稲荷大社 楼門',
        description: '楼門の前で集合し、お参りの作法と稲荷信仰のお話をします。',
      },
      {
        time: '08:45',
        title: '千本鳥居から四ツ辻へ',
        description: '鳥居のトンネルを休みながらゆっくり登ります。疲れたら途中で引き返しても大丈夫です。',
      },
      { time: '11:00', title: '稲荷参道の茶店', description: 'いなり寿司と抹茶で一休みします。' },
    ],
  },
  {
    title: '祇園の路地と町家でいただく一服',
    summary: '八坂神社から花見小路の石畳を歩き、町家の茶室でお点前を体験します。',
    durationHours: 3,
    stops: [
      { time: '14:00', title: '八坂神社', description: '祇園祭のお話を聞きながら境内を歩きます。' },
      { time: '14:45', title: '花見小路', description: 'お茶屋さんが並ぶ石畳の路地を、写真を撮りながら歩きます。' },
      { time: '15:30', title: '町家の茶室', description: 'お菓子とお抹茶をいただき、お点前を体験していただきます。' },
    ],
  },
];

/**
 * The guide: a Kyoto tea ceremony teacher, every text in `ja` only; the draws of the generated guides before him stay
 * the same.
 */
export function japaneseOnlyGuide(rng: Rng, subcategories: readonly { id: number; slug: string }[]): GeneratedGuide {
  const g = generateGuide(rng, 0, 'kyoto', subcategories, { withStories: true });
  const texts = {
    ja: {
      bio: BIO,
      ethicsDescription: '料金と時間は最初にはっきりお伝えします。お店から手数料を受け取ることはありません。',
      boundaryDescription: 'お客様のペースとプライバシーを大切にし、落ち着いた距離感でご案内します。',
      supportiveDescription: '雨の日やお疲れのときは、お寺の縁側で休むなど、その場で行程を組み替えます。',
    },
  };
  // What the bio speaks of: Fushimi Inari, Gion, and the tea ceremony (guide-services.ts).
  const prices = g.services.map((s) => s.priceCents);
  const services = servicesForBio('Fushimi Inari Taisha', 'Gion', 'a tea ceremony teacher').flatMap((slug, i) =>
    subcategories
      .filter((c) => c.slug === slug)
      .map((c) => ({ subcategoryId: c.id, priceCents: prices[i % prices.length] ?? null })),
  );
  return {
    ...g,
    username: JAPANESE_GUIDE.username,
    fullName: JAPANESE_GUIDE.fullName,
    sex: 'male',
    age: 48,
    services,
    guide: {
      ...g.guide,
      bio: BIO,
      texts,
      originalLanguage: 'ja',
      languages: ['ja'],
      ethicsScore: 8,
      ethicsDescription: texts.ja.ethicsDescription,
      boundaryScore: 7,
      boundaryDescription: texts.ja.boundaryDescription,
      supportiveScore: 8,
      supportiveDescription: texts.ja.supportiveDescription,
      occupation: '茶道の先生',
      qualifications: [],
      experienceMonths: 10 * 12,
      sessionCount: 560,
      minDurationHours: 2,
      maxDurationHours: 8,
    },
    itineraries: ITINERARIES,
  };
}

const HOUR = 3_600_000;

/**
 * The demo traveler asks in Chinese, the guide answers in Japanese; older than the demo guide's chat, so that one stays
 * on top.
 */
const JAPANESE_CHAT: { from: 'traveler' | 'guide'; hoursAgo: number; body: string }[] = [
  {
    from: 'traveler',
    hoursAgo: 74,
    body: '您好！我们下个月想去京都，想请您早上带我们去伏见稻荷大社，人少的时候拍照。可以吗？',
  },
  {
    from: 'guide',
    hoursAgo: 72,
    body: 'こんにちは、お問い合わせありがとうございます。朝八時に楼門の前で集合すれば、千本鳥居を静かに歩けます。写真の時間もたっぷり取りますね。',
  },
  { from: 'traveler', hoursAgo: 70, body: '太好了！我妈妈七十岁了，山上的台阶会不会太累？' },
  {
    from: 'guide',
    hoursAgo: 68,
    body: 'ご安心ください。四ツ辻までは休みながらゆっくり登り、お疲れでしたら途中で引き返すこともできます。歩きやすい靴でお越しください。',
  },
];

/** The demo traveler's conversation with the Japanese-only guide; every message is read. */
export async function seedJapaneseChat(db: Database, travelerId: number, now: number): Promise<void> {
  const [listing] = await db
    .select({ id: guides.id, userId: guides.userId })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(users.username, JAPANESE_GUIDE.username));
  if (!listing) return;
  const [conversation] = await db
    .insert(conversations)
    .values({
      travelerId,
      guideId: listing.id,
      guideUserId: listing.userId,
      createdAt: new Date(now - JAPANESE_CHAT[0]!.hoursAgo * HOUR),
      lastMessageAt: new Date(now - JAPANESE_CHAT.at(-1)!.hoursAgo * HOUR),
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!conversation) return;
  const inserted = await db
    .insert(messages)
    .values(
      JAPANESE_CHAT.map((m, i) => ({
        conversationId: conversation.id,
        senderId: m.from === 'traveler' ? travelerId : listing.userId,
        clientMessageId: `seed-ja-${i + 1}`,
        body: m.body,
        createdAt: new Date(now - m.hoursAgo * HOUR),
      })),
    )
    .returning({ id: messages.id });
  const last = inserted.at(-1)!.id;
  await db.insert(conversationReads).values([
    {
      conversationId: conversation.id,
      userId: listing.userId,
      lastReadMessageId: last,
      readAt: new Date(now - 67 * HOUR),
    },
    { conversationId: conversation.id, userId: travelerId, lastReadMessageId: last, readAt: new Date(now - 67 * HOUR) },
  ]);
  // The guide replied: the traveler chats without a message limit, as with the demo guide.
  await db
    .insert(conversationCredits)
    .values({ conversationId: conversation.id, userId: travelerId, credits: null })
    .onConflictDoNothing();
}
