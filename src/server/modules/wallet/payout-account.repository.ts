import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutAccounts } from '../../db/schema/index';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Database, userId: number): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** The user's one saved account, created or replaced whole (every field set, so nothing of the one before stays). */
export async function upsertPayoutAccount(
  db: Database,
  values: Omit<typeof payoutAccounts.$inferInsert, 'createdAt'> & { updatedAt: Date },
): Promise<PayoutAccountRow> {
  const { userId: _, ...fields } = values;
  const [row] = await db
    .insert(payoutAccounts)
    .values({ ...values, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: fields })
    .returning();
  return row!;
}

export async function deletePayoutAccount(db: Database, userId: number): Promise<void> {
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}
