import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportMessages, supportThreads, users } from '../../db/schema/index';
import { replyBySql, type ReplyWindows } from './urgent.repository';

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
type Sender = SupportMessageRow['sender'];

export async function findThread(db: Database, id: number): Promise<SupportThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id));
  return row;
}

/** Creates a thread with its first message in one transaction; the visitor waits for an answer from `at`. */
export async function insertThreadWithMessage(
  db: Database,
  thread: Omit<typeof supportThreads.$inferInsert, 'id' | 'createdAt' | 'lastMessageAt' | 'status' | 'awaitingSince'>,
  body: string,
  at: Date,
): Promise<{ thread: SupportThreadRow; message: SupportMessageRow }> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(supportThreads)
      .values({ ...thread, createdAt: at, lastMessageAt: at, awaitingSince: at })
      .returning();
    const [m] = await tx
      .insert(supportMessages)
      .values({
        threadId: t!.id,
        sender: 'visitor',
        authorUserId: thread.userId ?? null,
        body,
        createdAt: t!.createdAt,
      })
      .returning();
    return { thread: t!, message: m! };
  });
}

/**
 * Adds a message and moves the thread's last activity; a visitor writing again reopens a closed thread and,
 * if nobody was waiting, starts a wait. An agent's message ends the wait (and is the first reply, if it is).
 * Returns the thread as it is after.
 */
export async function insertMessage(
  db: Database,
  threadId: number,
  msg: { sender: Sender; authorUserId: number | null; body: string },
  at: Date,
): Promise<{ message: SupportMessageRow; thread: SupportThreadRow }> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .insert(supportMessages)
      .values({ threadId, ...msg, createdAt: at })
      .returning();
    const set =
      msg.sender === 'visitor'
        ? {
            status: 'open' as const,
            awaitingSince: sql`coalesce(${supportThreads.awaitingSince}, ${at.toISOString()}::timestamptz)`,
          }
        : {
            awaitingSince: null,
            firstReplyAt: sql`coalesce(${supportThreads.firstReplyAt}, ${at.toISOString()}::timestamptz)`,
          };
    const [t] = await tx
      .update(supportThreads)
      .set({ lastMessageAt: at, ...set })
      .where(eq(supportThreads.id, threadId))
      .returning();
    return { message: m!, thread: t! };
  });
}

export function listMessages(db: Database, threadId: number, afterId?: number): Promise<SupportMessageRow[]> {
  return db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.threadId, threadId), afterId ? gt(supportMessages.id, afterId) : undefined))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(500);
}

export function listThreadsOfUser(db: Database, userId: number): Promise<SupportThreadRow[]> {
  return db
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(desc(supportThreads.lastMessageAt))
    .limit(50);
}

/** Closing ends any wait (nobody is owed an answer); the visitor writing again starts a new one. */
export async function setThreadStatus(
  db: Database,
  id: number,
  status: 'open' | 'closed',
): Promise<SupportThreadRow | undefined> {
  const [row] = await db
    .update(supportThreads)
    .set({ status, ...(status === 'closed' && { awaitingSince: null }) })
    .where(eq(supportThreads.id, id))
    .returning();
  return row;
}

/**
 * The admin inbox (decision 132): urgent threads waiting for an answer first, then every waiting thread by
 * its reply deadline, then the rest by newest activity; with the author, a message count and the last
 * message (3 queries).
 */
export async function listThreadsForAdmin(
  db: Database,
  opts: { status: 'open' | 'closed' | 'all'; page: number; limit: number },
  windows: ReplyWindows,
) {
  const where = opts.status === 'all' ? undefined : eq(supportThreads.status, opts.status);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        thread: supportThreads,
        user: { id: users.id, username: users.username, fullName: users.fullName },
      })
      .from(supportThreads)
      .leftJoin(users, eq(users.id, supportThreads.userId))
      .where(where)
      .orderBy(
        sql`(${supportThreads.urgent} and ${supportThreads.awaitingSince} is not null) desc`,
        sql`${replyBySql(windows)} asc nulls last`,
        desc(supportThreads.lastMessageAt),
        desc(supportThreads.id),
      )
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(supportThreads).where(where),
  ]);
  const ids = rows.map((r) => r.thread.id);
  const stats = ids.length
    ? await db
        .select({
          threadId: supportMessages.threadId,
          n: count(),
          lastId: sql<number>`max(${supportMessages.id})`.mapWith(Number),
        })
        .from(supportMessages)
        .where(inArray(supportMessages.threadId, ids))
        .groupBy(supportMessages.threadId)
    : [];
  const lastIds = stats.map((s) => s.lastId);
  const lasts = lastIds.length
    ? await db.select().from(supportMessages).where(inArray(supportMessages.id, lastIds))
    : [];
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => {
      const s = stats.find((x) => x.threadId === r.thread.id);
      return {
        thread: r.thread,
        user: r.user?.id ? r.user : null,
        messageCount: s?.n ?? 0,
        lastMessage: lasts.find((m) => m.id === s?.lastId) ?? null,
      };
    }),
  };
}

export async function findThreadForAdmin(db: Database, id: number) {
  const [row] = await db
    .select({
      thread: supportThreads,
      user: { id: users.id, username: users.username, fullName: users.fullName },
      userLocale: users.locale,
    })
    .from(supportThreads)
    .leftJoin(users, eq(users.id, supportThreads.userId))
    .where(eq(supportThreads.id, id));
  return row ? { thread: row.thread, user: row.user?.id ? row.user : null, userLocale: row.userLocale } : undefined;
}
