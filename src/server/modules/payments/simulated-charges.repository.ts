import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertValues } from '../../db/insert-values';
import { rowOf, rowsOf } from '../../db/raw-row';
import { runSql } from '../../db/run-sql';
import { simulatedCharges } from '../../db/schema/index';

/** The simulated provider's own record of charges (simulated_charges): one row per idempotency key. */
export type SimulatedChargeRow = typeof simulatedCharges.$inferSelect;

/** One statement for a new key: the record is written, or nothing (the key has its first record). */
export async function insertChargeOnce(db: Database, values: typeof simulatedCharges.$inferInsert): Promise<SimulatedChargeRow | undefined> {
  // On the deposit's path: written without Drizzle's builder (db/insert-values.ts says why).
  const [row] = rowsOf<Record<string, unknown>>(await runSql(db, sql`${insertValues(simulatedCharges, [values])} on conflict do nothing returning *`));
  return row && rowOf(simulatedCharges, row);
}

export async function chargeByKey(db: Database, idempotencyKey: string): Promise<SimulatedChargeRow | undefined> {
  const [row] = await db.select().from(simulatedCharges).where(eq(simulatedCharges.idempotencyKey, idempotencyKey));
  return row;
}

export async function chargeByRef(db: Database, providerRef: string): Promise<SimulatedChargeRow | undefined> {
  const [row] = await db.select().from(simulatedCharges).where(eq(simulatedCharges.providerRef, providerRef));
  return row;
}

/** Moves a charge still `pending` to `changes` in one statement; undefined when it was not pending. */
export async function settlePendingCharge(
  db: Database,
  providerRef: string,
  changes: Pick<Partial<SimulatedChargeRow>, 'status' | 'failureCode' | 'failureMessage'>,
): Promise<SimulatedChargeRow | undefined> {
  const [row] = await db
    .update(simulatedCharges)
    .set(changes)
    .where(and(eq(simulatedCharges.providerRef, providerRef), eq(simulatedCharges.status, 'pending')))
    .returning();
  return row;
}
