import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CreateSupportThread } from '../../../shared/schemas/support';
import { inTransaction, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import * as repo from './support.repository';
import type { SupportMessageRow, SupportThreadRow } from './support.repository';

/** Who is asking for a thread: the signed-in user, and/or the secret key an anonymous visitor holds. */
export interface SupportCaller {
  user: AuthUser | null;
  visitorKey: string | undefined;
}

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function holdsKey(thread: SupportThreadRow, key: string | undefined): boolean {
  if (!key || !thread.visitorKeyHash) return false;
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(thread.visitorKeyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A thread is visible to the user it belongs to, or to whoever holds its visitor key. Anything else,
 * including a thread that does not exist, is the same 404.
 */
async function threadFor(db: Database, id: number, caller: SupportCaller): Promise<SupportThreadRow> {
  const thread = await repo.findThread(db, id);
  if (!thread) throw notFound('Conversation');
  const owner = thread.userId !== null && caller.user?.id === thread.userId;
  if (!owner && !holdsKey(thread, caller.visitorKey)) throw notFound('Conversation');
  return thread;
}

export const toThread = (t: SupportThreadRow) => ({
  id: t.id,
  topic: t.topic,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  lastMessageAt: t.lastMessageAt.toISOString(),
});

export const toMessage = (m: SupportMessageRow) => ({
  id: m.id,
  sender: m.sender,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
});

/**
 * Opens a conversation. A signed-in user's thread is theirs; an anonymous visitor gets a random key,
 * returned once and stored only as its SHA-256 hash.
 */
export async function createThread(db: Database, caller: SupportCaller, input: CreateSupportThread) {
  const visitorKey = caller.user ? null : randomBytes(32).toString('base64url');
  const { thread, message } = await repo.insertThreadWithMessage(
    db,
    {
      userId: caller.user?.id ?? null,
      visitorKeyHash: visitorKey ? hashKey(visitorKey) : null,
      topic: input.topic,
      locale: input.locale ?? null,
      pageUrl: input.pageUrl ?? null,
      contactName: input.contactName || null,
      contactEmail: input.contactEmail ?? null,
    },
    input.message,
  );
  return { thread: toThread(thread), messages: [toMessage(message)], visitorKey };
}

export async function readThread(db: Database, caller: SupportCaller, id: number, afterId?: number) {
  const thread = await threadFor(db, id, caller);
  const messages = await repo.listMessages(db, id, afterId);
  return { thread: toThread(thread), messages: messages.map(toMessage) };
}

export async function postVisitorMessage(db: Database, caller: SupportCaller, id: number, body: string) {
  await threadFor(db, id, caller);
  const message = await repo.insertMessage(db, id, { sender: 'visitor', authorUserId: caller.user?.id ?? null, body });
  return { message: toMessage(message) };
}

export async function listMyThreads(db: Database, user: AuthUser) {
  return { data: (await repo.listThreadsOfUser(db, user.id)).map(toThread) };
}

// ---- admin ----

export async function adminListThreads(db: Database, query: { status: 'open' | 'closed' | 'all'; page: number; limit: number }) {
  const { rows, total } = await repo.listThreadsForAdmin(db, query);
  return {
    data: rows.map((r) => ({
      ...toThread(r.thread),
      locale: r.thread.locale,
      pageUrl: r.thread.pageUrl,
      contactName: r.thread.contactName,
      contactEmail: r.thread.contactEmail,
      user: r.user,
      messageCount: r.messageCount,
      lastMessage: r.lastMessage
        ? { sender: r.lastMessage.sender, body: r.lastMessage.body.slice(0, 280), createdAt: r.lastMessage.createdAt.toISOString() }
        : null,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function adminReadThread(db: Database, id: number) {
  const found = await repo.findThreadForAdmin(db, id);
  if (!found) throw notFound('Conversation');
  const messages = await repo.listMessages(db, id);
  const { thread, user } = found;
  return {
    thread: {
      ...toThread(thread),
      locale: thread.locale,
      pageUrl: thread.pageUrl,
      contactName: thread.contactName,
      contactEmail: thread.contactEmail,
      user,
      messageCount: messages.length,
      lastMessage: messages.length
        ? { sender: messages.at(-1)!.sender, body: messages.at(-1)!.body.slice(0, 280), createdAt: messages.at(-1)!.createdAt.toISOString() }
        : null,
    },
    messages: messages.map(toMessage),
  };
}

/** An agent's reply, with its audit entry in the same transaction. */
export async function adminReply(db: Database, admin: AuthUser, id: number, body: string) {
  return inTransaction(db, async (t) => {
    const thread = await repo.findThread(t, id);
    if (!thread) throw notFound('Conversation');
    const message = await repo.insertMessage(t, id, { sender: 'agent', authorUserId: admin.id, body });
    await recordAdminAction(t, { adminUserId: admin.id, action: 'support_thread.reply', entityType: 'support_thread', entityId: id, after: { messageId: message.id, status: thread.status } });
    return { message: toMessage(message) };
  });
}

export async function adminSetStatus(db: Database, admin: AuthUser, id: number, status: 'open' | 'closed') {
  return inTransaction(db, async (t) => {
    const before = await repo.findThread(t, id);
    const thread = before && (await repo.setThreadStatus(t, id, status));
    if (!thread) throw notFound('Conversation');
    await recordAdminAction(t, { adminUserId: admin.id, action: `support_thread.${status === 'closed' ? 'close' : 'reopen'}`, entityType: 'support_thread', entityId: id, before: { status: before.status }, after: { status } });
    return { thread: toThread(thread) };
  });
}
