import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertedRows, insertStatement } from '../../db/insert-values';
import { prepared } from '../../db/prepared';
import { rowOf, rowsOf } from '../../db/raw-row';
import { simulatedCharges } from '../../db/schema/index';

/** The simulated provider's own record of charges (simulated_charges): one row per idempotency key. */
export type SimulatedChargeRow = typeof simulatedCharges.$inferSelect;

// On the deposit's path: written without Drizzle's builder and prepared once per shape (db/prepared.ts says why).
const insertCharge = prepared(
  (shape: string) => sql`${insertStatement(simulatedCharges, shape, 'c')} on conflict do nothing returning *`,
);

/** One statement for a new key: the record is written, or nothing (the key has its first record). */
export async function insertChargeOnce(
  db: Database,
  values: typeof simulatedCharges.$inferInsert,
): Promise<SimulatedChargeRow | undefined> {
  const charge = insertedRows(simulatedCharges, [values], 'c');
  const [row] = rowsOf<Record<string, unknown>>(await insertCharge(db, charge.shape, charge.values));
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
