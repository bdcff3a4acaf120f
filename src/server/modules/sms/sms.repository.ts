import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';

export type SmsRow = typeof smsOutbox.$inferSelect;

/** Writes the message before it is handed to the provider, so every message sent (or tried) is on record. */
export async function insertSms(
  db: Database,
  values: { toPhone: string; body: string; template: string },
): Promise<SmsRow> {
  const [row] = await db.insert(smsOutbox).values(values).returning();
  return row!;
}

export async function markSms(
  db: Database,
  id: number,
  outcome: { status: 'sent' | 'logged' | 'failed'; providerId?: string | null; lastError?: string | null },
): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ ...outcome, sentAt: outcome.status === 'failed' ? null : new Date() })
    .where(eq(smsOutbox.id, id));
}

/** The latest messages to one number, newest first (the test-only `GET /api/dev/sms`). */
export function latestSmsTo(db: Database, toPhone: string, limit: number): Promise<SmsRow[]> {
  return db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, toPhone)).orderBy(desc(smsOutbox.id)).limit(limit);
}
