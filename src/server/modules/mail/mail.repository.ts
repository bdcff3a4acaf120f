import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewMail = Pick<typeof emailOutbox.$inferInsert, 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'template' | 'meta'>;

export async function insertMail(db: Database, mail: NewMail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
  return row!.id;
}

/** The job kind that sends one outbox row (decision 085). */
export const MAIL_JOB = 'mail.send';

export type QueuedMail = NewMail & { dedupeKey?: string | null };

/**
 * The outbox write (decision 085): the mails and one `mail.send` job each, in one statement, so a
 * mail never exists without the job that sends it. Call it with the transaction of the change that
 * caused the mails. A mail whose `dedupeKey` exists already is skipped (a replayed event). Returns the
 * jobs' ids, for `jobs.soon()` after the commit.
 */
export async function queueMails(db: Database, mails: QueuedMail[], runAt: Date): Promise<number[]> {
  if (!mails.length) return [];
  const values = mails.map(
    (m) => sql`(${m.toAddress}, ${m.subject}, ${m.textBody}, ${m.htmlBody ?? null}, ${m.template}, ${JSON.stringify(m.meta ?? {})}::jsonb, ${m.dedupeKey ?? null})`,
  );
  const result = await db.execute(sql`
    WITH m AS (
      INSERT INTO email_outbox (to_address, subject, text_body, html_body, template, meta, dedupe_key)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT DO NOTHING
      RETURNING id
    )
    INSERT INTO jobs (kind, payload, run_at, dedupe_key)
    SELECT ${MAIL_JOB}, jsonb_build_object('mailId', m.id), ${runAt.toISOString()}::timestamptz, ${MAIL_JOB + ':'} || m.id FROM m
    RETURNING id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * Claims one pending mail for an attempt (one statement: the counter goes up and the row comes back).
 * Its `mail.send` job is held by one runner at a time (the jobs table's claim), so one attempt is one
 * send; a mail no longer pending (sent, logged, failed) returns undefined.
 */
export async function claimMail(db: Database, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
    .returning();
  return row;
}

export async function findMail(db: Database, id: number) {
  const [row] = await db.select({ id: emailOutbox.id, attempts: emailOutbox.attempts, template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

export async function markMail(db: Database, id: number, status: 'sent' | 'logged' | 'failed' | 'pending', lastError?: string) {
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
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${address})`);
  if (rows.length) await db.delete(emailOutbox).where(inArray(emailOutbox.id, rows.map((r) => r.id)));
}
