import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewMail = Pick<typeof emailOutbox.$inferInsert, 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'template' | 'meta'>;

export async function insertMail(db: Database, mail: NewMail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Claims one pending mail for sending: the attempt counter is bumped only if nobody else bumped it
 * since we read it, so two senders never both take the same attempt.
 */
export async function claimMail(db: Database, id: number, seenAttempts: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ attempts: seenAttempts + 1 })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, seenAttempts)))
    .returning();
  return row;
}

export async function findPendingMails(db: Database, opts: { olderThan: Date; maxAttempts: number; limit: number }) {
  return db
    .select({ id: emailOutbox.id, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.createdAt, opts.olderThan), lt(emailOutbox.attempts, opts.maxAttempts)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(opts.limit);
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
