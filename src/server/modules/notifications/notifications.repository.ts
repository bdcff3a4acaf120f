import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertedRows, insertStatement } from '../../db/insert-values';
import { prepared } from '../../db/prepared';
import { intArray, rowOf, rowsOf } from '../../db/raw-row';
import { perDatabase } from '../../db/same-turn';
import { notificationSettings, systemMessages, users } from '../../db/schema/index';
import type { CtesWithValues } from '../mail/index';

export type SystemMessageRow = typeof systemMessages.$inferSelect;
export type NewSystemMessage = Omit<typeof systemMessages.$inferInsert, 'id' | 'status' | 'createdAt' | 'readAt'>;
type Status = SystemMessageRow['status'];
type Type = SystemMessageRow['type'];

const notExpired = (now: Date) => or(isNull(systemMessages.expiresAt), gt(systemMessages.expiresAt, now));

/**
 * `writeNotices`' statement; its shape: the rows' (`insertedRows`), then `+m` when it carries mails,
 * whose CTEs (`mailsCte`, the same text on every call) come as `mails`.
 */
const notices = prepared((shape: string, mails: SQL | undefined) => {
  const [rows, withMails] = shape.split('+');
  const ctes = [
    rows ? sql`msgs AS (${insertStatement(systemMessages, rows, 'm')} on conflict do nothing returning *)` : undefined,
    withMails ? mails : undefined,
  ].filter((c) => c !== undefined);
  return sql`WITH ${sql.join(ctes, sql`, `)}
    SELECT ${rows ? sql`(SELECT coalesce(json_agg(msgs), '[]'::json) FROM msgs)` : sql`'[]'::json`} AS messages,
           ${withMails ? sql`(SELECT coalesce(json_agg(id), '[]'::json) FROM mail_job)` : sql`'[]'::json`} AS jobs`;
});

/**
 * The messages and the mails of one event in one statement: rows whose (user, dedupeKey) exists
 * already are skipped (not returned, in the order of `rows` otherwise), the mails and their send job
 * are written by `mails` (`mailsCte`). Returns the messages written and the mail job's id.
 */
export async function writeNotices(
  db: Database,
  rows: NewSystemMessage[],
  mails: CtesWithValues | undefined,
): Promise<{ messages: SystemMessageRow[]; mailJobs: number[] }> {
  if (!rows.length && !mails) return { messages: [], mailJobs: [] };
  // Every booking event writes here from the job runner: without Drizzle's builder, prepared once per shape
  // (db/prepared.ts says why).
  const written = rows.length ? insertedRows(systemMessages, rows, 'm') : { shape: '', values: {} };
  const result = await notices(
    db,
    written.shape + (mails ? '+m' : ''),
    { ...written.values, ...mails?.values },
    mails?.ctes,
  );
  const [row] = rowsOf<{ messages: Record<string, unknown>[]; jobs: number[] }>(result);
  return { messages: row!.messages.map((r) => rowOf(systemMessages, r)), mailJobs: row!.jobs.map(Number) };
}

export async function findOwn(db: Database, userId: number, id: number): Promise<SystemMessageRow | undefined> {
  const [m] = await db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.id, id), eq(systemMessages.userId, userId)));
  return m;
}

export async function listOwn(
  db: Database,
  userId: number,
  q: { status?: Status; type?: Type; page: number; limit: number; includeExpired: boolean },
  now: Date,
) {
  const conds: (SQL | undefined)[] = [eq(systemMessages.userId, userId)];
  // Archived messages show only when asked for by status.
  conds.push(q.status ? eq(systemMessages.status, q.status) : ne(systemMessages.status, 'archived'));
  if (q.type) conds.push(eq(systemMessages.type, q.type));
  if (!q.includeExpired) conds.push(notExpired(now));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(systemMessages)
      .where(where)
      .orderBy(desc(systemMessages.createdAt), desc(systemMessages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(systemMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Unread and not expired: what the bell counts. */
export async function unreadCount(db: Database, userId: number, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(systemMessages)
    .where(and(eq(systemMessages.userId, userId), eq(systemMessages.status, 'unread'), notExpired(now)));
  return r?.n ?? 0;
}

export async function setStatus(
  db: Database,
  userId: number,
  ids: number[] | 'all',
  from: Status[],
  to: Status,
  now: Date,
): Promise<SystemMessageRow[]> {
  return db
    .update(systemMessages)
    .set({
      status: to,
      ...(to !== 'unread' && { readAt: sql`coalesce(${systemMessages.readAt}, ${now.toISOString()}::timestamptz)` }),
    })
    .where(
      and(
        eq(systemMessages.userId, userId),
        inArray(systemMessages.status, from),
        ids === 'all' ? undefined : inArray(systemMessages.id, ids.length ? ids : [-1]),
      ),
    )
    .returning();
}

export async function deleteOwn(db: Database, userId: number, id: number): Promise<SystemMessageRow | undefined> {
  const [m] = await db
    .delete(systemMessages)
    .where(and(eq(systemMessages.id, id), eq(systemMessages.userId, userId)))
    .returning();
  return m;
}

export async function stats(db: Database, userId: number, now: Date) {
  const rows = await db
    .select({
      type: systemMessages.type,
      status: systemMessages.status,
      expired: sql<boolean>`(${systemMessages.expiresAt} IS NOT NULL AND ${systemMessages.expiresAt} <= ${now.toISOString()}::timestamptz)`,
      n: count(),
    })
    .from(systemMessages)
    .where(eq(systemMessages.userId, userId))
    .groupBy(systemMessages.type, systemMessages.status, sql`3`);
  return rows;
}

export function listByEntity(db: Database, userId: number, type: string, id: number) {
  return db
    .select()
    .from(systemMessages)
    .where(
      and(
        eq(systemMessages.userId, userId),
        eq(systemMessages.relatedEntityType, type),
        eq(systemMessages.relatedEntityId, id),
      ),
    )
    .orderBy(desc(systemMessages.createdAt))
    .limit(100);
}

export function settingsRows(db: Database, userId: number) {
  return db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
}

export async function upsertSettings(
  db: Database,
  userId: number,
  rows: { kind: string; inApp: boolean; browser: boolean; email: boolean }[],
) {
  if (!rows.length) return;
  await db
    .insert(notificationSettings)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { inApp: sql`excluded.in_app`, browser: sql`excluded.browser`, email: sql`excluded.email` },
    });
}

export async function recipients(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      nickname: users.nickname,
      locale: users.locale,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}

/**
 * One event's recipients with all their notification settings, in one statement (the
 * settings are read once per event, not once per message, and with the people).
 */
/**
 * The recipients' query, built once per database and prepared by name: every booking event reads it in the job runner.
 */
function recipientsQuery(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      // Set only once verified by a code (decision 147).
      phone: users.phone,
      fullName: users.fullName,
      nickname: users.nickname,
      locale: users.locale,
      // Qualified by hand: inside a select list Drizzle writes a column without its table.
      settings: sql<{ kind: string; inApp: boolean; browser: boolean; email: boolean }[]>`coalesce((
        SELECT json_agg(json_build_object('kind', s.kind, 'inApp', s.in_app, 'browser', s.browser, 'email', s.email))
          FROM notification_settings s WHERE s.user_id = users.id), '[]'::json)`,
    })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`, isNull(users.deletedAt)))
    .prepare('notification_recipients');
}
const recipientsOf = perDatabase(recipientsQuery);

export async function recipientsWithSettings(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return recipientsOf(db).execute({ ids: intArray(ids) });
}
