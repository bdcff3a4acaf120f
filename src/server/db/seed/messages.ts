import { eq, inArray } from 'drizzle-orm';
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { REQUEST_ANSWER_HOURS } from '../../../shared/booking/schedule';
import { notificationTexts } from '../../modules/notifications/index';
import type { Database } from '../client';
import {
  bookings,
  conversationCredits,
  conversationReads,
  conversations,
  guides,
  messages,
  systemMessages,
  users,
} from '../schema/index';
import { recountConversations } from '../../modules/messaging/send.repository';
import { seedJapaneseChat } from './japanese-guide';
import { seedRequestWithOffer } from './tour-request-offer';

const HOUR = 3_600_000;

/** A chat the demo traveler Li Wei had with the demo guide before booking: the last answer is unread. */
const CHAT: { from: 'traveler' | 'guide'; hoursAgo: number; body: string }[] = [
  { from: 'traveler', hoursAgo: 50, body: '您好！我们两个人下周想在浅草附近逛逛老街、吃点小吃，您方便带我们吗？' },
  {
    from: 'guide',
    hoursAgo: 49,
    body: '您好！当然可以。在浅草寺雷门集合最方便，我可以带您走仲见世街和合羽桥道具街，再去谷中银座吃小吃。',
  },
  { from: 'traveler', hoursAgo: 30, body: '太好了，我刚刚预订了。需要提前准备什么吗？' },
  { from: 'guide', hoursAgo: 2, body: '谢谢您的预订！穿一双舒服的鞋就好，这几天早晚有点凉，记得带件外套。到时见！' },
];

/**
 * What the demo accounts find in the bell and on /messages at first start: the notices the product
 * would have sent for the demo bookings (in the recipient's language, as the notification module
 * writes them), a conversation between the demo traveler and the demo guide, and an older one with
 * the guide who writes only in Japanese.
 */
export async function seedDemoMessages(db: Database, seededAt: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username, locale: users.locale })
    .from(users)
    .where(inArray(users.username, ['traveler', 'guide']));
  const traveler = people.find((p) => p.username === 'traveler');
  const guideUser = people.find((p) => p.username === 'guide');
  if (!traveler || !guideUser) return;
  const [listing] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, guideUser.id));
  const now = seededAt.getTime();
  await seedBookingNotices(db, traveler, guideUser, now);
  // The traveler's chat in Chinese with a guide who answers in Japanese (decision 145).
  await seedJapaneseChat(db, traveler.id, now);
  if (!listing) return await recountConversations(db);
  const conversationId = await seedDemoChat(db, {
    travelerId: traveler.id,
    guideUserId: guideUser.id,
    guideId: listing.id,
    now,
  });
  if (conversationId === null) return;
  // The guide replied (and there is a booking): the traveler chats without a message limit.
  await db
    .insert(conversationCredits)
    .values({ conversationId, userId: traveler.id, credits: null })
    .onConflictDoNothing();
  // Written directly, not sent: each conversation's counters are counted once (decision 089).
  await recountConversations(db);
}

interface DemoPerson {
  id: number;
  locale: string | null;
}

/** Adds one seeded notice: who, in which language, its kind and text, its booking and link, how old, whether read. */
type Add = (
  userId: number,
  locale: string | null,
  type: 'booking' | 'payment',
  text: ReturnType<(typeof notificationTexts)['cancelled']>,
  bookingId: number,
  actionUrl: string,
  hoursAgo: number,
  read: boolean,
) => void;

/** A seeded notice's row, in its reader's language, as the notices' outbox writes one. */
function noticeRow(
  now: number,
  ...[userId, locale, type, text, bookingId, actionUrl, hoursAgo, read]: Parameters<Add>
): typeof systemMessages.$inferInsert {
  const t = text[locale === 'zh-CN' ? 'zh-CN' : 'en'];
  return {
    userId,
    type,
    title: t.title,
    message: t.message,
    actionLabel: t.actionLabel,
    actionUrl,
    status: read ? 'read' : 'unread',
    readAt: read ? new Date(now - (hoursAgo - 1) * HOUR) : null,
    createdAt: new Date(now - hoursAgo * HOUR),
    relatedEntityType: 'booking',
    relatedEntityId: bookingId,
    dedupeKey: `seed:${type}:${bookingId}:${userId}`,
    texts: text,
  };
}

/**
 * Every demo booking with what its notices name: status, parties, the deposit as charged, when paid and when it starts.
 */
function bookingsForNotices(db: Database) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      travelerId: bookings.travelerId,
      guideUserId: guides.userId,
      depositCents: bookings.depositCents,
      chargeCurrency: bookings.chargeCurrency,
      chargeDepositCents: bookings.chargeDepositCents,
      paidAt: bookings.paidAt,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId));
}

type NoticeBooking = Awaited<ReturnType<typeof bookingsForNotices>>[number];

/** The notices a demo booking has left its traveler and its guide, by its status. */
function addBookingNotices(b: NoticeBooking, traveler: DemoPerson, guideUser: DemoPerson, add: Add): void {
  const n = bookingNumber(b.id);
  if (b.travelerId === traveler.id) {
    if (b.status === 'confirmed')
      add(
        traveler.id,
        traveler.locale,
        'payment',
        notificationTexts.paidForTraveler(n, {
          cents: b.chargeDepositCents ?? b.depositCents,
          currency: b.chargeCurrency,
        }),
        b.id,
        travelerBookingPath(b.id),
        20,
        false,
      );
    if (b.status === 'upcoming')
      add(
        traveler.id,
        traveler.locale,
        'booking',
        notificationTexts.acceptedForTraveler(n),
        b.id,
        travelerBookingPath(b.id),
        26,
        false,
      );
    if (b.status === 'cancelled')
      add(
        traveler.id,
        traveler.locale,
        'booking',
        notificationTexts.cancelled(
          n,
          { cents: 0, currency: b.chargeCurrency },
          { to: 'traveler', by: 'traveler', reason: 'cancel', note: null },
        ),
        b.id,
        travelerBookingPath(b.id),
        24 * 25,
        true,
      );
  }
  if (b.guideUserId === guideUser.id && b.status === 'confirmed') {
    // With the time to answer by, as the paid event tells the guide (the request's own expiry).
    const answerBy =
      b.paidAt &&
      new Date(Math.min(b.paidAt.getTime() + REQUEST_ANSWER_HOURS * HOUR, b.startsAt.getTime())).toISOString();
    add(
      guideUser.id,
      guideUser.locale,
      'payment',
      notificationTexts.paidForGuide(n, answerBy ?? undefined),
      b.id,
      guideBookingPath(b.id),
      5,
      false,
    );
  }
}

/**
 * Notices for the seeded bookings of both demo accounts: paid, accepted and cancelled for the traveler, paid for the
 * guide.
 */
async function seedBookingNotices(
  db: Database,
  traveler: DemoPerson,
  guideUser: DemoPerson,
  now: number,
): Promise<void> {
  const rows = await bookingsForNotices(db);
  const notices: (typeof systemMessages.$inferInsert)[] = [];
  const add: Add = (...notice) => notices.push(noticeRow(now, ...notice));
  for (const b of rows) addBookingNotices(b, traveler, guideUser, add);
  if (notices.length) await db.insert(systemMessages).values(notices).onConflictDoNothing();
}

/**
 * The demo traveler's chat with the demo guide (CHAT), then the tour request and the guide's offer,
 * and how far each has read. Null when the conversation was there already.
 */
async function seedDemoChat(
  db: Database,
  o: { travelerId: number; guideUserId: number; guideId: number; now: number },
): Promise<number | null> {
  const { now } = o;
  const [conversation] = await db
    .insert(conversations)
    .values({
      travelerId: o.travelerId,
      guideId: o.guideId,
      guideUserId: o.guideUserId,
      createdAt: new Date(now - CHAT[0]!.hoursAgo * HOUR),
      lastMessageAt: new Date(now - CHAT.at(-1)!.hoursAgo * HOUR),
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!conversation) return null;
  const inserted = await db
    .insert(messages)
    .values(
      CHAT.map((m, i) => ({
        conversationId: conversation.id,
        senderId: m.from === 'traveler' ? o.travelerId : o.guideUserId,
        clientMessageId: `seed-${i + 1}`,
        body: m.body,
        createdAt: new Date(now - m.hoursAgo * HOUR),
      })),
    )
    .returning({ id: messages.id });
  const ids = inserted.map((m) => m.id);
  const offered = await seedRequestWithOffer(db, { conversationId: conversation.id, ...o });
  if (offered)
    await db
      .update(conversations)
      .set({ lastMessageAt: new Date(now - 1 * HOUR) })
      .where(eq(conversations.id, conversation.id));
  // The guide has read everything; the traveler has read up to their tour request, not the guide's offer.
  await db.insert(conversationReads).values([
    {
      conversationId: conversation.id,
      userId: o.guideUserId,
      lastReadMessageId: offered?.offerMessageId ?? ids.at(-1)!,
      readAt: new Date(now - 1 * HOUR),
    },
    {
      conversationId: conversation.id,
      userId: o.travelerId,
      lastReadMessageId: offered?.requestMessageId ?? ids.at(-2)!,
      readAt: new Date(now - 1.5 * HOUR),
    },
  ]);
  return conversation.id;
}
