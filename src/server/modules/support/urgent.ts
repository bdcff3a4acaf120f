import { inHelpWindow } from '../../../shared/booking/help-window';
import type { Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { CreateSystemMessage } from '../notifications/index';
import type { SupportThreadRow } from './support.repository';
import { adminIds, bookingsWithParties, claimOverdueAlert, replyMetrics, type ReplyWindows } from './urgent.repository';
import type { Translations } from '../translation/index';

/** The job that checks, at a wait's deadline, whether the team has answered (decision 132). */
export const SUPPORT_OVERDUE_JOB = 'support.overdue';

/** Writes notices to the outbox in the caller's transaction, and runs them after the commit. */
export interface AdminNotifier {
  enqueue(db: Database, inputs: CreateSystemMessage[]): Promise<number | undefined>;
  soon(job: number | undefined): void;
}

/** What the support service works with (built in index.ts from compose.ts's needs). */
export interface SupportDeps {
  db: Database;
  now: () => Date;
  windows: ReplyWindows;
  /** Writes the deadline check of the thread's current wait, in the caller's transaction. */
  scheduleOverdueCheck(db: Database, thread: SupportThreadRow): Promise<void>;
  /** Machine translation of visitors' messages for the team (decision 146): the cache only, on a read. */
  translations: Pick<Translations, 'readWritten' | 'readerLanguage'>;
}

/**
 * The booking an urgent thread is about (decision 132): the caller's own — its traveler or its guide —
 * booked and on its day. Another's booking, or one that does not exist, is the same 404; an anonymous
 * caller has none. Outside the trip day it is `not_on_trip`: the ordinary support chat is there.
 */
export async function urgentBooking(db: Database, user: AuthUser | null, bookingId: number, now: Date) {
  if (!user) throw new AppError('unauthorized', 'Log in to ask for help with a trip');
  const [booking] = await bookingsWithParties(db, [bookingId]);
  if (!booking || (booking.traveler.userId !== user.id && booking.guide.userId !== user.id)) throw notFound('Booking');
  if (!inHelpWindow(booking, now)) throw new AppError('not_on_trip', 'Urgent help is for a booked trip on its day');
  return booking;
}

export function overdueJob(windows: ReplyWindows, thread: SupportThreadRow) {
  const since = thread.awaitingSince!;
  return {
    kind: SUPPORT_OVERDUE_JOB,
    payload: { threadId: thread.id, since: since.toISOString() },
    runAt: new Date(since.getTime() + (thread.urgent ? windows.urgentMs : windows.otherMs)),
    dedupeKey: `${SUPPORT_OVERDUE_JOB}:${thread.id}:${since.getTime()}`,
  };
}

export const scheduleOverdueCheck = (windows: ReplyWindows) => async (db: Database, thread: SupportThreadRow) => {
  if (thread.awaitingSince) await enqueueJob(db, overdueJob(windows, thread));
};

/**
 * The deadline check: if the wait is still unanswered, every admin gets one notice (in-app, pushed to
 * their tabs, and e-mail for those who chose it). The thread's mark and the notices commit together, so
 * a repeated run, or a second instance, alerts nobody twice.
 */
export async function runOverdueCheck(
  db: Database,
  notifier: AdminNotifier,
  job: ClaimedJob,
  now: Date,
): Promise<void> {
  const threadId = Number(job.payload.threadId);
  const since = new Date(String(job.payload.since));
  const notice = await db.transaction(async (t) => {
    if (!(await claimOverdueAlert(t, threadId, since, now))) return undefined;
    const admins = await adminIds(t);
    return notifier.enqueue(
      t,
      admins.map((userId) => overdueNotice(userId, threadId, since)),
    );
  });
  notifier.soon(notice);
}

function overdueNotice(userId: number, threadId: number, since: Date): CreateSystemMessage {
  return {
    userId,
    type: 'admin',
    text: {
      en: {
        title: `Support #${threadId} is waiting past its deadline`,
        message: 'Nobody has answered this conversation in time. Open it in the support queue.',
        actionLabel: 'Open',
      },
      'zh-CN': {
        title: `客服会话 #${threadId} 已超过回复时限`,
        message: '这个会话未在时限内得到回复，请在客服队列中处理。',
        actionLabel: '打开',
      },
      ja: {
        title: `サポートの会話（#${threadId}）が回答期限を過ぎています`,
        message: 'この会話に期限内の回答がありません。サポートキューで開いて対応してください。',
        actionLabel: '開く',
      },
    },
    actionUrl: `/admin/support/${threadId}`,
    isErrorMessage: true,
    related: { type: 'support_thread', id: threadId },
    dedupeKey: `support-overdue:${threadId}:${since.getTime()}`,
  };
}

/** GET /api/admin/support/metrics: first-reply times over the last `days` days, and what is overdue now. */
export async function supportMetrics(deps: SupportDeps, days: number) {
  const now = deps.now();
  const { urgent, other } = await replyMetrics(deps.db, deps.windows, new Date(now.getTime() - days * 86_400_000), now);
  return {
    days,
    urgent,
    other,
    overdue: urgent.overdue + other.overdue,
    urgentReplySeconds: Math.round(deps.windows.urgentMs / 1000),
    replySeconds: Math.round(deps.windows.otherMs / 1000),
  };
}
