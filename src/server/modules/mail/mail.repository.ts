import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { intArray, rowsOf } from '../../db/raw-row';
import { prepared } from '../../db/prepared';
import { byIdsInOneTurn, perDatabase } from '../../db/same-turn';
import { emailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewMail = Pick<
  typeof emailOutbox.$inferInsert,
  'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'template' | 'meta'
>;

/** The job kind that sends one outbox row (decision 085). */
export const MAIL_JOB = 'mail.send';

export type QueuedMail = NewMail & { dedupeKey?: string | null };

/** A statement's CTEs with the values of their placeholders (decision 189). */
export interface CtesWithValues {
  ctes: SQL;
  values: Record<string, unknown>;
}

const JOB_KIND = sql.raw(`'${MAIL_JOB}'`);

/**
 * The outbox write (decision 085) as CTEs another statement can carry: `mail_ins` writes the mails,
 * `mail_job` the one `mail.send` job that sends them all (one claim and one finish in the job runner
 * instead of one pair per mail, decision 090). A mail whose `dedupeKey` exists already is skipped (a
 * replayed event); no mail written, no job. The mails are one JSON value, so the text is the same
 * whatever their number and the statement is prepared once.
 */
const MAILS_CTES = sql`mail_ins AS (
      INSERT INTO email_outbox (to_address, subject, text_body, html_body, template, meta, dedupe_key)
      SELECT x.to_address, x.subject, x.text_body, x.html_body, x.template, x.meta, x.dedupe_key
        FROM jsonb_to_recordset(${sql.placeholder('mails')}::jsonb) AS x(to_address text, subject text, text_body text, html_body text, template text, meta jsonb, dedupe_key text)
      ON CONFLICT DO NOTHING
      RETURNING id
    ),
    mail_job AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT ${JOB_KIND}, jsonb_build_object('mailIds', jsonb_agg(mail_ins.id ORDER BY mail_ins.id)), ${sql.placeholder('mail_at')}::timestamptz, ${JOB_KIND} || ':' || min(mail_ins.id) FROM mail_ins
      HAVING count(*) > 0
      RETURNING id
    )`;

/** The outbox write's CTEs (`mail_ins`, `mail_job`) for `mails` sent from `runAt`. Empty `mails`: nothing to carry. */
export function mailsCte(mails: QueuedMail[], runAt: Date): CtesWithValues {
  const rows = mails.map((m) => ({
    to_address: m.toAddress,
    subject: m.subject,
    text_body: m.textBody,
    html_body: m.htmlBody ?? null,
    template: m.template,
    meta: m.meta ?? {},
    dedupe_key: m.dedupeKey ?? null,
  }));
  return { ctes: MAILS_CTES, values: { mails: JSON.stringify(rows), mail_at: runAt.toISOString() } };
}

const mailsAndJob = prepared(() => sql`WITH ${MAILS_CTES} SELECT id FROM mail_job`);

/**
 * The mails and their send job in one statement (`mailsCte`), so a mail never exists without the job
 * that sends it. Call it with the transaction of the change that caused the mails. Returns the job's
 * id, for `jobs.soon()` after the commit.
 */
export async function queueMails(db: Database, mails: QueuedMail[], runAt: Date): Promise<number[]> {
  if (!mails.length) return [];
  const result = await mailsAndJob(db, '', mailsCte(mails, runAt).values);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** The mails a `mail.send` job sends: `mailIds`, or `mailId` in the jobs written before decision 090. */
export const mailIdsOf = (payload: Record<string, unknown>): number[] =>
  Array.isArray(payload.mailIds)
    ? payload.mailIds.map(Number)
    : payload.mailId !== undefined
      ? [Number(payload.mailId)]
      : [];

/** A claim's statement, built once per database and kind and prepared by name: every mail job sends one. */
function claimQuery(db: Database, logged: boolean) {
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      ...(logged && {
        status: 'logged' as const,
        lastError: null,
        sentAt: sql`${sql.placeholder('now')}::timestamptz`,
      }),
    })
    .where(and(sql`${emailOutbox.id} = any(${sql.placeholder('ids')}::int[])`, eq(emailOutbox.status, 'pending')))
    .returning()
    .prepare(logged ? 'mail_claim_logged' : 'mail_claim');
}
/**
 * The mail jobs started in one turn claim their mails in one statement (`byIdsInOneTurn`); a row
 * goes to the one job that asked for it, so no mail is sent twice.
 */
const claimsOf = (logged: boolean) =>
  perDatabase((db: Database) => {
    const query = claimQuery(db, logged);
    return byIdsInOneTurn<OutboxRow>(
      (ids) => query.execute({ ids: intArray(ids), now: new Date().toISOString() }),
      (r) => r.id,
      { once: true },
    );
  });
const claims = { logged: claimsOf(true), sent: claimsOf(false) };

/**
 * Claims the pending mails of a job for an attempt, in one statement (their counters go up and the
 * rows come back); `logged`: recorded as logged at once (no SMTP server: the attempt is the log line).
 * Outside a transaction only (`db` is the pool).
 */
export function claimMails(db: Database, ids: number[], logged = false): Promise<OutboxRow[]> {
  return (logged ? claims.logged : claims.sent)(db)(ids);
}

/** Marks several mails sent in one statement. */
export async function markMailsSent(db: Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(emailOutbox)
    .set({ status: 'sent', lastError: null, sentAt: new Date() })
    .where(inArray(emailOutbox.id, ids));
}

export async function findMail(db: Database, id: number) {
  const [row] = await db
    .select({ id: emailOutbox.id, attempts: emailOutbox.attempts, template: emailOutbox.template })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row;
}

export async function markMail(
  db: Database,
  id: number,
  status: 'sent' | 'logged' | 'failed' | 'pending',
  lastError?: string,
) {
  await db
    .update(emailOutbox)
    .set({ status, lastError: lastError ?? null, sentAt: status === 'sent' || status === 'logged' ? new Date() : null })
    .where(eq(emailOutbox.id, id));
}

export function latestMails(db: Database, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}

export function mailsTo(db: Database, address: string) {
  return db
    .select({
      id: emailOutbox.id,
      subject: emailOutbox.subject,
      template: emailOutbox.template,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`)
    .orderBy(asc(emailOutbox.id));
}

export async function deleteMailsTo(db: Database, address: string): Promise<void> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`);
  if (rows.length)
    await db.delete(emailOutbox).where(
      inArray(
        emailOutbox.id,
        rows.map((r) => r.id),
      ),
    );
}
