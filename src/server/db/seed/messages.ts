import { eq, inArray } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { notificationTexts } from '../../modules/notifications/index';
import type { Database } from '../client';
import { bookings, conversationCredits, conversationReads, conversations, guides, messages, systemMessages, users } from '../schema/index';

const HOUR = 3_600_000;

/** A chat the demo traveler Li Wei had with the demo guide before booking: the last answer is unread. */
const CHAT: { from: 'traveler' | 'guide'; hoursAgo: number; body: string }[] = [
  { from: 'traveler', hoursAgo: 50, body: '您好！我们两个人下周想在浅草附近逛逛老街、吃点小吃，您方便带我们吗？' },
  { from: 'guide', hoursAgo: 49, body: '您好！当然可以。在浅草寺雷门集合最方便，我可以带您走仲见世街和合羽桥道具街，再去谷中银座吃小吃。' },
  { from: 'traveler', hoursAgo: 30, body: '太好了，我刚刚预订了。需要提前准备什么吗？' },
  { from: 'guide', hoursAgo: 2, body: '谢谢您的预订！穿一双舒服的鞋就好，这几天早晚有点凉，记得带件外套。到时见！' },
];

/**
 * What the demo accounts find in the bell and on /messages at first start: the notices the product
 * would have sent for the demo bookings (in the recipient's language, as the notification module
 * writes them), and a conversation between the demo traveler and the demo guide.
 */
export async function seedDemoMessages(db: Database): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username, locale: users.locale })
    .from(users)
    .where(inArray(users.username, ['traveler', 'guide']));
  const traveler = people.find((p) => p.username === 'traveler');
  const guideUser = people.find((p) => p.username === 'guide');
  if (!traveler || !guideUser) return;
  const [listing] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, guideUser.id));
  const now = Date.now();

  // Notices for the seeded bookings of both demo accounts.
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, travelerId: bookings.travelerId, guideUserId: guides.userId, depositCents: bookings.depositCents })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId));
  const notices: (typeof systemMessages.$inferInsert)[] = [];
  const add = (userId: number, locale: string | null, type: 'booking' | 'payment', text: ReturnType<(typeof notificationTexts)['cancelled']>, bookingId: number, actionUrl: string, hoursAgo: number, read: boolean) => {
    const t = text[locale === 'zh-CN' ? 'zh-CN' : 'en'];
    notices.push({
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
    });
  };
  for (const b of rows) {
    const n = bookingNumber(b.id);
    if (b.travelerId === traveler.id) {
      if (b.status === 'confirmed') add(traveler.id, traveler.locale, 'payment', notificationTexts.paidForTraveler(n, b.depositCents), b.id, '/dashboard?tab=pending-requests', 20, false);
      if (b.status === 'upcoming') add(traveler.id, traveler.locale, 'booking', notificationTexts.acceptedForTraveler(n), b.id, '/dashboard?tab=upcoming', 26, false);
      if (b.status === 'cancelled') add(traveler.id, traveler.locale, 'booking', notificationTexts.cancelled(n, 0), b.id, '/dashboard?tab=past', 24 * 25, true);
    }
    if (b.guideUserId === guideUser.id && b.status === 'confirmed') {
      add(guideUser.id, guideUser.locale, 'payment', notificationTexts.paidForGuide(n), b.id, '/guide-dashboard', 5, false);
    }
  }
  if (notices.length) await db.insert(systemMessages).values(notices).onConflictDoNothing();

  if (!listing) return;
  const [conversation] = await db
    .insert(conversations)
    .values({ travelerId: traveler.id, guideId: listing.id, guideUserId: guideUser.id, createdAt: new Date(now - CHAT[0]!.hoursAgo * HOUR), lastMessageAt: new Date(now - CHAT.at(-1)!.hoursAgo * HOUR) })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!conversation) return;
  const inserted = await db
    .insert(messages)
    .values(
      CHAT.map((m, i) => ({
        conversationId: conversation.id,
        senderId: m.from === 'traveler' ? traveler.id : guideUser.id,
        clientMessageId: `seed-${i + 1}`,
        body: m.body,
        createdAt: new Date(now - m.hoursAgo * HOUR),
      })),
    )
    .returning({ id: messages.id });
  const ids = inserted.map((m) => m.id);
  // The guide has read everything; the traveler has not yet seen the guide's last answer.
  await db.insert(conversationReads).values([
    { conversationId: conversation.id, userId: guideUser.id, lastReadMessageId: ids.at(-1)!, readAt: new Date(now - 1 * HOUR) },
    { conversationId: conversation.id, userId: traveler.id, lastReadMessageId: ids.at(-2)!, readAt: new Date(now - 29 * HOUR) },
  ]);
  // The guide replied (and there is a booking): the traveler chats without a message limit.
  await db
    .insert(conversationCredits)
    .values({ conversationId: conversation.id, userId: traveler.id, credits: null })
    .onConflictDoNothing();
}
