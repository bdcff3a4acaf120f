import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { writerTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import type { CreateSupportThread } from '../../../shared/schemas/support';
import { inTransaction, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import * as repo from './support.repository';
import type { SupportMessageRow, SupportThreadRow } from './support.repository';
import { bodyFieldsOf, translationScope } from '../translation/index';
import { bookingsWithParties, type BookingWithParties, type ReplyWindows } from './urgent.repository';
import { urgentBooking, type SupportDeps } from './urgent';

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
  urgent: t.urgent,
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
 * returned once and stored only as its SHA-256 hash. An urgent one ("Help now", decision 132) carries the
 * caller's booking on its day, and the phone's location if sent. The reply deadline's check is written
 * to the job table in the same transaction.
 */
export async function createThread(deps: SupportDeps, caller: SupportCaller, input: CreateSupportThread) {
  const at = deps.now();
  const booking = input.urgent ? await urgentBooking(deps.db, caller.user, input.bookingId!, at) : undefined;
  const visitorKey = caller.user ? null : randomBytes(32).toString('base64url');
  const { thread, message } = await inTransaction(deps.db, async (t) => {
    const created = await repo.insertThreadWithMessage(
      t,
      {
        userId: caller.user?.id ?? null,
        visitorKeyHash: visitorKey ? hashKey(visitorKey) : null,
        topic: input.topic,
        locale: input.locale ?? null,
        pageUrl: input.pageUrl ?? null,
        contactName: input.contactName || null,
        contactEmail: input.contactEmail ?? null,
        urgent: Boolean(booking),
        bookingId: booking?.id ?? null,
        locationLat: booking && input.location ? input.location.lat : null,
        locationLng: booking && input.location ? input.location.lng : null,
        locationAccuracyM:
          booking && input.location?.accuracyM !== undefined ? Math.round(input.location.accuracyM) : null,
      },
      input.message,
      at,
    );
    await deps.scheduleOverdueCheck(t, created.thread);
    return created;
  });
  return { thread: toThread(thread), messages: [toMessage(message)], visitorKey };
}

export async function readThread(db: Database, caller: SupportCaller, id: number, afterId?: number) {
  const thread = await threadFor(db, id, caller);
  const messages = await repo.listMessages(db, id, afterId);
  return { thread: toThread(thread), messages: messages.map(toMessage) };
}

/** A visitor's message; one that starts a new wait schedules that wait's deadline check with it. */
export async function postVisitorMessage(deps: SupportDeps, caller: SupportCaller, id: number, body: string) {
  await threadFor(deps.db, id, caller);
  const at = deps.now();
  const message = await inTransaction(deps.db, async (t) => {
    const after = await repo.insertMessage(
      t,
      id,
      { sender: 'visitor', authorUserId: caller.user?.id ?? null, body },
      at,
    );
    if (after.thread.awaitingSince?.getTime() === at.getTime()) await deps.scheduleOverdueCheck(t, after.thread);
    return after.message;
  });
  return { message: toMessage(message) };
}

export async function listMyThreads(db: Database, user: AuthUser) {
  return { data: (await repo.listThreadsOfUser(db, user.id)).map(toThread) };
}

// ---- admin ----

type AdminUser = { id: number; username: string; fullName: string } | null;

/** A thread as the admin inbox shows it (decision 132): with its deadline, and an urgent one's trip and location. */
function toAdminThread(
  windows: ReplyWindows,
  thread: SupportThreadRow,
  user: AdminUser,
  messageCount: number,
  last: SupportMessageRow | null,
  booking: BookingWithParties | undefined,
) {
  const window = thread.urgent ? windows.urgentMs : windows.otherMs;
  return {
    ...toThread(thread),
    locale: thread.locale,
    pageUrl: thread.pageUrl,
    contactName: thread.contactName,
    contactEmail: thread.contactEmail,
    user,
    messageCount,
    lastMessage: last
      ? { sender: last.sender, body: last.body.slice(0, 280), createdAt: last.createdAt.toISOString() }
      : null,
    replyBy:
      thread.status === 'open' && thread.awaitingSince
        ? new Date(thread.awaitingSince.getTime() + window).toISOString()
        : null,
    firstReplyAt: thread.firstReplyAt?.toISOString() ?? null,
    booking: booking
      ? {
          id: booking.id,
          bookingNumber: bookingNumber(booking.id, booking.bookingNumber),
          status: booking.status,
          date: booking.date,
          traveler: booking.traveler,
          guide: booking.guide,
        }
      : null,
    location:
      thread.locationLat !== null && thread.locationLng !== null
        ? { lat: thread.locationLat, lng: thread.locationLng, accuracyM: thread.locationAccuracyM }
        : null,
  };
}

export async function adminListThreads(
  deps: SupportDeps,
  query: { status: 'open' | 'closed' | 'all'; page: number; limit: number },
) {
  const { rows, total } = await repo.listThreadsForAdmin(deps.db, query, deps.windows);
  const trips = await bookingsWithParties(deps.db, [
    ...new Set(rows.flatMap((r) => (r.thread.bookingId ? [r.thread.bookingId] : []))),
  ]);
  return {
    data: rows.map((r) =>
      toAdminThread(
        deps.windows,
        r.thread,
        r.user,
        r.messageCount,
        r.lastMessage,
        trips.find((b) => b.id === r.thread.bookingId),
      ),
    ),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * One thread for the team. With machine translation on, each visitor message in another language than
 * `reader`'s carries its translation (decision 146): the visitor's language is the one the widget was
 * in (the thread's locale), else their account's, the tie-breaker for a kanji-only text. The agents'
 * own replies are not translated.
 */
export async function adminReadThread(deps: SupportDeps, id: number, reader?: TextLanguage, readerId?: number) {
  const found = await repo.findThreadForAdmin(deps.db, id);
  if (!found) throw notFound('Conversation');
  const messages = await repo.listMessages(deps.db, id);
  const { thread, user } = found;
  const writerLocale = thread.locale ?? found.userLocale;
  const writer = writerTextLanguage(writerLocale);
  const [[booking], translated] = await Promise.all([
    thread.bookingId ? bookingsWithParties(deps.db, [thread.bookingId]) : Promise.resolve([]),
    // The thread's translations are its own (decision 184); the visitor is the writer, when signed in.
    deps.translations.readWritten(
      messages.map((m) => (m.sender === 'visitor' ? { text: m.body, writer, writerId: thread.userId } : null)),
      reader,
      { scope: translationScope.support(id), readerId },
    ),
  ]);
  return {
    thread: toAdminThread(deps.windows, thread, user, messages.length, messages.at(-1) ?? null, booking),
    messages: messages.map((m, i) => ({ ...toMessage(m), ...bodyFieldsOf(translated[i]) })),
  };
}

/**
 * An agent's reply (ending the wait; the first one is the first-reply time), with its audit entry in the same
 * transaction.
 */
export async function adminReply(deps: SupportDeps, admin: AuthUser, id: number, body: string) {
  return inTransaction(deps.db, async (t) => {
    const thread = await repo.findThread(t, id);
    if (!thread) throw notFound('Conversation');
    const { message } = await repo.insertMessage(t, id, { sender: 'agent', authorUserId: admin.id, body }, deps.now());
    await recordAdminAction(t, {
      adminUserId: admin.id,
      action: 'support_thread.reply',
      entityType: 'support_thread',
      entityId: id,
      after: { messageId: message.id, status: thread.status },
    });
    return { message: toMessage(message) };
  });
}

export async function adminSetStatus(db: Database, admin: AuthUser, id: number, status: 'open' | 'closed') {
  return inTransaction(db, async (t) => {
    const before = await repo.findThread(t, id);
    const thread = before && (await repo.setThreadStatus(t, id, status));
    if (!thread) throw notFound('Conversation');
    await recordAdminAction(t, {
      adminUserId: admin.id,
      action: `support_thread.${status === 'closed' ? 'close' : 'reopen'}`,
      entityType: 'support_thread',
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
    return { thread: toThread(thread) };
  });
}
