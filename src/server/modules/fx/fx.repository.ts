import { desc, eq } from 'drizzle-orm';
import type { FxRate, FxSource } from '../../../shared/currency';
import { trimRate } from '../../../shared/currency';
import type { FxFeedFailure } from '../../../shared/schemas/fx';
import type { Database } from '../../db/client';
import { fxFeedFailures, fxRates } from '../../db/schema/index';

export type FxRateRow = typeof fxRates.$inferSelect;
export type FxFailureRow = typeof fxFeedFailures.$inferSelect;

/** A stored row as the rate the product reads ("20.530000" → "20.53"). */
export const rateOf = (row: FxRateRow): FxRate => ({
  jpyPerCny: trimRate(row.jpyPerCny),
  asOf: row.asOf,
  source: row.source,
});

/** The newest rate of one source (by its reference day), or undefined: one statement, on the unique index. */
export async function newestRate(db: Database, source: FxSource): Promise<FxRateRow | undefined> {
  const [row] = await db.select().from(fxRates).where(eq(fxRates.source, source)).orderBy(desc(fxRates.asOf)).limit(1);
  return row;
}

/** The last rates of every source, newest day first (the admin console). */
export function recentRates(db: Database, limit: number): Promise<FxRateRow[]> {
  return db.select().from(fxRates).orderBy(desc(fxRates.asOf), desc(fxRates.fetchedAt)).limit(limit);
}

/**
 * Keeps a feed's rate for its day as first read: a day read again (weekends, a retried job) adds nothing. Whether it
 * was new.
 */
export async function keepFeedRate(
  db: Database,
  values: { jpyPerCny: string; asOf: string; source: 'ecb'; fetchedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(fxRates).values(values).onConflictDoNothing().returning({ id: fxRates.id });
  return rows.length > 0;
}

/** The admin's rate for a day: a second one that day replaces the first (the audit log keeps both). */
export async function setAdminRate(
  db: Database,
  values: { jpyPerCny: string; asOf: string; fetchedAt: Date },
): Promise<FxRateRow> {
  const [row] = await db
    .insert(fxRates)
    .values({ ...values, source: 'admin' })
    .onConflictDoUpdate({
      target: [fxRates.source, fxRates.asOf],
      set: { jpyPerCny: values.jpyPerCny, fetchedAt: values.fetchedAt },
    })
    .returning();
  return row!;
}

export async function recordFeedFailure(
  db: Database,
  values: { failedAt: Date; kind: FxFeedFailure; detail: string; feedAsOf: string | null },
): Promise<void> {
  await db.insert(fxFeedFailures).values(values);
}

export async function lastFeedFailure(db: Database): Promise<FxFailureRow | undefined> {
  const [row] = await db
    .select()
    .from(fxFeedFailures)
    .orderBy(desc(fxFeedFailures.failedAt), desc(fxFeedFailures.id))
    .limit(1);
  return row;
}
