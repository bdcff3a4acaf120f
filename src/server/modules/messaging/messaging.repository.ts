import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookings,
  conversationReads,
  conversations,
  guideServices,
  guides,
  messages,
  serviceSubcategories,
  users,
} from '../../db/schema/index';
import { countsAsBooking, unlocksContacts } from './send-rules';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

export async function findGuideListing(db: Db, guideId: number) {
  const [row] = await db
    .select({ id: guides.id, userId: guides.userId, status: guides.status })
    .from(guides)
    .where(eq(guides.id, guideId));
  return row;
}

/** Opens the conversation of a traveler and a listing, or returns the one that exists. */
export async function openConversation(
  db: Db,
  travelerId: number,
  guideId: number,
  guideUserId: number,
): Promise<ConversationRow> {
  await db.insert(conversations).values({ travelerId, guideId, guideUserId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.travelerId, travelerId), eq(conversations.guideId, guideId)));
  return row!;
}

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** Bookings between the pair: any that is not cancelled (credits), any confirmed or later (contacts). */
export async function bookingFacts(db: Db, pairs: { travelerId: number; guideId: number }[]) {
  const out = new Map<string, { hasBooking: boolean; confirmed: boolean }>();
  if (!pairs.length) return out;
  const rows = await db
    .select({ travelerId: bookings.travelerId, guideId: bookings.guideId, status: bookings.status })
    .from(bookings)
    .where(
      and(
        or(...pairs.map((p) => and(eq(bookings.travelerId, p.travelerId), eq(bookings.guideId, p.guideId)))),
        ne(bookings.status, 'cancelled'),
      ),
    );
  for (const r of rows) {
    const key = `${r.travelerId}:${r.guideId}`;
    const cur = out.get(key) ?? { hasBooking: false, confirmed: false };
    // The send statement's rules (`send-rules.ts`), in their plain form.
    if (countsAsBooking(r.status)) cur.hasBooking = true;
    if (unlocksContacts(r.status)) cur.confirmed = true;
    out.set(key, cur);
  }
  return out;
}

export async function offersService(db: Db, guideId: number, subcategoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: guideServices.subcategoryId })
    .from(guideServices)
    .where(and(eq(guideServices.guideId, guideId), eq(guideServices.subcategoryId, subcategoryId)));
  return Boolean(row);
}

/** Both names of the given service subcategories. */
export async function subcategoryNames(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, { id: number; nameEn: string; nameCn: string; nameJa: string }>();
  const rows = await db
    .select({
      id: serviceSubcategories.id,
      nameEn: serviceSubcategories.nameEn,
      nameCn: serviceSubcategories.nameCn,
      nameJa: serviceSubcategories.nameJa,
    })
    .from(serviceSubcategories)
    .where(inArray(serviceSubcategories.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findMessage(db: Db, conversationId: number, id: number) {
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId)));
  return m;
}

export async function updateTourRequest(
  db: Db,
  id: number,
  set: { tourRequestStatus: 'accepted' | 'rejected'; rejectReason?: string | null; bookingId?: number | null },
) {
  const [m] = await db
    .update(messages)
    .set({ ...set, answeredAt: sql`now()` })
    .where(and(eq(messages.id, id), eq(messages.kind, 'tour_request'), eq(messages.tourRequestStatus, 'pending')))
    .returning();
  return m;
}

export async function pageOfMessages(db: Db, conversationId: number, before: number | undefined, limit: number) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
}

export async function readState(db: Db, conversationId: number) {
  return db
    .select({
      userId: conversationReads.userId,
      lastReadMessageId: conversationReads.lastReadMessageId,
      readAt: conversationReads.readAt,
    })
    .from(conversationReads)
    .where(eq(conversationReads.conversationId, conversationId));
}

/**
 * Moves a reader's mark to the newest message and sets their unread counter to 0; returns the ids of
 * the other side's messages it newly covers. The counter's reset locks the conversation first, as a
 * send does, so no message commits between the reset and the newest id read after it.
 */
export async function markRead(db: Database, conversationId: number, userId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({
        travelerUnread: sql`case when ${conversations.travelerId} = ${userId} then 0 else ${conversations.travelerUnread} end`,
        guideUnread: sql`case when ${conversations.guideUserId} = ${userId} then 0 else ${conversations.guideUnread} end`,
      })
      .where(eq(conversations.id, conversationId));
    const [last] = await tx
      .select({ id: sql<number>`max(${messages.id})`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    const lastId = last?.id ?? 0;
    const [prev] = await tx
      .select({ lastReadMessageId: conversationReads.lastReadMessageId })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
      .for('update');
    const from = prev?.lastReadMessageId ?? 0;
    if (lastId <= from) return [];
    await tx
      .insert(conversationReads)
      .values({ conversationId, userId, lastReadMessageId: lastId, readAt: new Date() })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { lastReadMessageId: lastId, readAt: new Date() },
      });
    const newly = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, userId),
          gt(messages.id, from),
          sql`${messages.id} <= ${lastId}`,
        ),
      );
    return newly.map((r) => r.id);
  });
}

/**
 * The user's unread messages in a conversation: their side's counter, kept by every send and mark-read (decision 089).
 */
const unreadExpr = (userId: number) =>
  sql<number>`(case when ${conversations.travelerId} = ${userId} then ${conversations.travelerUnread} else ${conversations.guideUnread} end)`.mapWith(
    Number,
  );

/** The caller's conversations with the other side, the last message, counts and credits (list entry). */
export async function listConversations(db: Database, userId: number) {
  const other = sql<number>`case when ${conversations.travelerId} = ${userId} then ${conversations.guideUserId} else ${conversations.travelerId} end`;
  // The last message, found once per conversation (one probe of messages_conversation_idx for all its columns).
  const last = db
    .select({
      body: messages.body,
      kind: messages.kind,
      tourRequest: messages.tourRequest,
      senderId: messages.senderId,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      c: conversations,
      messageCount: sql<number>`${conversations.travelerMessages} + ${conversations.guideMessages}`.mapWith(Number),
      unreadCount: unreadExpr(userId),
      lastBody: last.body,
      lastKind: last.kind,
      /** The last message's tour request form, when it is one (its preview is written in the reader's language). */
      lastTourRequest: last.tourRequest,
      /** Who wrote it: only the other side's words are translated for the reader (decision 173). */
      lastSenderId: last.senderId,
      otherName: users.fullName,
      otherNickname: users.nickname,
      otherPicture: users.profilePicture,
      /** The other side's account language: the writer's hint for a kanji-only preview (decision 146). */
      otherLocale: users.locale,
      /** Chat context: the traveler's shown name and photo, whichever side reads. */
      travelerName: sql<string>`(select coalesce(nullif(t.nickname, ''), t.full_name) from ${users} t where t.id = ${conversations.travelerId})`,
      travelerImage: sql<
        string | null
      >`(select t.profile_picture from ${users} t where t.id = ${conversations.travelerId})`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, other))
    .leftJoinLateral(last, sql`true`)
    .where(or(eq(conversations.travelerId, userId), eq(conversations.guideUserId, userId)))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
    .limit(200);
  return rows;
}

export async function conversationEntry(db: Database, userId: number, conversationId: number) {
  return (await listConversations(db, userId)).find((r) => r.c.id === conversationId);
}

/**
 * Chat messages from others not yet read, over all of the user's conversations: the sum of their counters, not a
 * recount.
 */
export async function chatUnreadTotal(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadExpr(userId)}), 0)`.mapWith(Number) })
    .from(conversations)
    .where(or(eq(conversations.travelerId, userId), eq(conversations.guideUserId, userId)));
  return row?.n ?? 0;
}

export async function people(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      nickname: users.nickname,
      locale: users.locale,
      readReceiptsEnabled: users.readReceiptsEnabled,
      username: users.username,
      isGuide: users.isGuide,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
