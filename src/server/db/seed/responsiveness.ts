import { asc, eq, like } from 'drizzle-orm';
import { FREE_MESSAGES } from '../../../shared/messaging/credits';
import { SERVICE_CITIES } from '../../../shared/cities';
import type { Database } from '../client';
import { conversationCredits, conversationReads, conversations, guides, messages, users } from '../schema/index';
import { createRng, type Rng } from './guide-data';
import { recountConversations } from '../../modules/messaging/send.repository';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The demo guide's requests of the last weeks (her chat with Li Wei, answered in an hour, is the
 * seventh): six answered within 24 h, one a day late. She shows "Response rate 85%" and "Usually
 * replies within an hour" (the median is 40 minutes).
 */
const DEMO_GUIDE_REQUESTS: { daysAgo: number; replyMinutes: number }[] = [
  { daysAgo: 3, replyMinutes: 12 },
  { daysAgo: 6, replyMinutes: 25 },
  { daysAgo: 9, replyMinutes: 40 },
  { daysAgo: 13, replyMinutes: 95 },
  { daysAgo: 18, replyMinutes: 20 },
  { daysAgo: 24, replyMinutes: 26 * 60 },
];

type Lang = 'zh' | 'en';
const ASK: Record<Lang, ((city: string) => string)[]> = {
  zh: [
    (city) => `您好！我们下个月去${city}玩三天，想请您带一天，可以吗？`,
    (city) => `您好，请问您周末有空吗？我和父母想在${city}轻松逛一逛。`,
    (city) => `您好！第一次去${city}，想吃点地道的，能帮忙安排一下吗？`,
  ],
  en: [
    (city) => `Hi! We are in ${city} next month for three days. Could you guide us for one of them?`,
    (city) => `Hello, are you free on a weekend? My parents and I would like an easy day around ${city}.`,
    (city) => `Hi! First time in ${city} and we love food. Could you plan something local?`,
  ],
};
const ANSWER: Record<Lang, string[]> = {
  zh: [
    '您好！可以的，请告诉我日期和人数，我来安排路线。',
    '您好，谢谢联系！那几天我有空，我们可以先聊聊您想看什么。',
    '没问题！我给您推荐几个地方，您看看喜欢哪个。',
  ],
  en: [
    'Hello! Happy to. Tell me the dates and how many of you, and I will plan the route.',
    'Hi, thanks for writing! I am free then; tell me what you would like to see.',
    'Sure! Let me suggest a few places and you pick what you like.',
  ],
};

const cityName = (slug: string, lang: Lang) => {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? (lang === 'zh' ? city.nameCn : city.nameEn) : slug;
};

interface Request {
  guideId: number;
  guideUserId: number;
  travelerId: number;
  lang: Lang;
  city: string;
  askedAt: number;
  replyMinutes: number | null;
}

/** A guide's history: how quickly they answer, a few late or unanswered, all in the last four weeks. */
function historyFor(rng: Rng, now: number): { askedAt: number; replyMinutes: number | null }[] {
  const pace = rng.pick([
    [3, 55],
    [30, 150],
    [120, 600],
    [400, 1400],
  ] as const);
  const count = rng.int(3, 7);
  return Array.from({ length: count }, () => {
    // Three days ago at the latest, so that even a late answer (up to 50 h) is in the past.
    const askedAt = now - rng.int(3 * 24 * 60, 28 * 24 * 60) * MINUTE;
    const roll = rng.next();
    const replyMinutes = roll < 0.1 ? null : roll < 0.18 ? rng.int(25 * 60, 50 * 60) : rng.int(pace[0], pace[1]);
    return { askedAt, replyMinutes };
  });
}

/**
 * Demo step (decision 077): requests and first answers of the last four weeks, placed relative to
 * the seeding moment, so cards and profiles show response figures at once. The demo guide answers
 * quickly; of the other listed guides every third has no requests and shows "New". The demo
 * travelers traveler01…20 write (in Chinese from Shanghai, in English from London).
 */
export async function seedDemoResponsiveness(db: Database, seededAt: Date): Promise<void> {
  const now = seededAt.getTime();
  const rng = createRng(20261123);
  const requests = await planRequests(db, rng, now);
  if (requests.length === 0) return;
  const fresh = await openConversations(db, requests);
  const last = await writeQuestionsAndAnswers(db, rng, fresh);
  // Both sides have read everything (the demo guide's unread count stays that of the demo story).
  await db.insert(conversationReads).values(
    fresh.flatMap((r) => [
      {
        conversationId: r.conversationId,
        userId: r.guideUserId,
        lastReadMessageId: last.get(r.conversationId)!,
        readAt: seededAt,
      },
      {
        conversationId: r.conversationId,
        userId: r.travelerId,
        lastReadMessageId: last.get(r.conversationId)!,
        readAt: seededAt,
      },
    ]),
  );
  await db
    .insert(conversationCredits)
    .values(
      fresh.map((r) => ({
        conversationId: r.conversationId,
        userId: r.travelerId,
        credits: r.replyMinutes === null ? FREE_MESSAGES - 1 : null,
      })),
    )
    .onConflictDoNothing();
  // Written directly, not sent: each conversation's counters are counted once (decision 089).
  await recountConversations(db);
}

/**
 * Who asked which listed guide when, and how long the answer took: the demo guide's DEMO_GUIDE_REQUESTS,
 * a drawn history for two of every three other guides (bulk guides left out), each from drawn demo
 * travelers. None without eight demo travelers.
 */
async function planRequests(db: Database, rng: Rng, now: number): Promise<Request[]> {
  const travelers = await db
    .select({ id: users.id, city: users.city })
    .from(users)
    .where(like(users.username, 'traveler__'))
    .orderBy(asc(users.username));
  if (travelers.length < 8) return [];
  const listed = await db
    .select({ id: guides.id, userId: guides.userId, city: guides.serviceCity, username: users.username })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.status, 'active'))
    .orderBy(asc(guides.id));
  const requests: Request[] = [];
  const langOf = (t: { city: string | null }): Lang => (t.city === 'London' ? 'en' : 'zh');
  let others = 0;
  for (const g of listed) {
    if (g.username.startsWith('bulk-')) continue;
    const history =
      g.username === 'guide'
        ? DEMO_GUIDE_REQUESTS.map((r) => ({ askedAt: now - r.daysAgo * DAY, replyMinutes: r.replyMinutes }))
        : others++ % 3 === 2
          ? []
          : historyFor(rng, now);
    const who = rng.sample(travelers, history.length);
    history.forEach((h, i) => {
      const traveler = who[i]!;
      const lang = langOf(traveler);
      requests.push({
        guideId: g.id,
        guideUserId: g.userId,
        travelerId: traveler.id,
        lang,
        city: cityName(g.city, lang),
        ...h,
      });
    });
  }
  return requests;
}

/** A conversation for each request whose traveler and guide had none yet; the requests that got one. */
async function openConversations(db: Database, requests: Request[]): Promise<(Request & { conversationId: number })[]> {
  const opened = await db
    .insert(conversations)
    .values(
      requests.map((r) => ({
        travelerId: r.travelerId,
        guideId: r.guideId,
        guideUserId: r.guideUserId,
        createdAt: new Date(r.askedAt),
        lastMessageAt: new Date(r.askedAt + (r.replyMinutes ?? 0) * MINUTE),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: conversations.id, travelerId: conversations.travelerId, guideId: conversations.guideId });
  const idOf = new Map(opened.map((c) => [`${c.travelerId}:${c.guideId}`, c.id]));
  return requests.flatMap((r) => {
    const conversationId = idOf.get(`${r.travelerId}:${r.guideId}`);
    return conversationId ? [{ ...r, conversationId }] : [];
  });
}

/**
 * The traveler's question and the guide's answer (when there was one) in each conversation; each conversation's last
 * message id.
 */
async function writeQuestionsAndAnswers(
  db: Database,
  rng: Rng,
  fresh: (Request & { conversationId: number })[],
): Promise<Map<number, number>> {
  // Questions first, then answers: ids follow time within every conversation.
  const asked = await db
    .insert(messages)
    .values(
      fresh.map((r) => ({
        conversationId: r.conversationId,
        senderId: r.travelerId,
        clientMessageId: 'seed-ask',
        body: rng.pick(ASK[r.lang])(r.city),
        createdAt: new Date(r.askedAt),
      })),
    )
    .returning({ id: messages.id, conversationId: messages.conversationId });
  const answered = fresh.filter((r) => r.replyMinutes !== null);
  const answers = answered.length
    ? await db
        .insert(messages)
        .values(
          answered.map((r) => ({
            conversationId: r.conversationId,
            senderId: r.guideUserId,
            clientMessageId: 'seed-answer',
            body: rng.pick(ANSWER[r.lang]),
            createdAt: new Date(r.askedAt + r.replyMinutes! * MINUTE),
          })),
        )
        .returning({ id: messages.id, conversationId: messages.conversationId })
    : [];
  const last = new Map<number, number>();
  for (const m of [...asked, ...answers]) last.set(m.conversationId, Math.max(last.get(m.conversationId) ?? 0, m.id));
  return last;
}
