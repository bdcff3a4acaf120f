import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import type { Currency } from '../../../shared/currency';
import type { PayoutBatchKind, PayoutLineStatus } from '../../../shared/schemas/payouts';
import type { Database } from '../../db/client';
import { payoutBatches, payoutBatchLines, users, withdrawals } from '../../db/schema/index';
import type { WithdrawalRow } from './wallet.repository';

export type BatchRow = typeof payoutBatches.$inferSelect;
export type LineRow = typeof payoutBatchLines.$inferSelect;

/** Approved withdrawals of one method in no batch yet, locked so two batch runs cannot take the same one. */
export async function approvedUnbatched(tx: Database, method: PayoutBatchKind): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'approved'),
        eq(withdrawals.method, method),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payoutBatchLines)
            .where(eq(payoutBatchLines.withdrawalId, withdrawals.id)),
        ),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .for('update');
}

/**
 * A new batch; undefined when the weekly job already formed this method's batch for that week (the
 * unique index on kind and week, decision 130: a second run, or a second instance, forms nothing).
 */
export async function insertBatch(
  tx: Database,
  values: typeof payoutBatches.$inferInsert,
): Promise<BatchRow | undefined> {
  const [row] = await tx.insert(payoutBatches).values(values).onConflictDoNothing().returning();
  return row;
}

/** A batch, locked for a change of its rate or of one of its lines (the batch first, then the line). */
export async function lockBatch(tx: Database, id: number): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update');
  return row;
}

export async function setBatchRate(
  tx: Database,
  id: number,
  fields: { jpyPerCny: string | null; transferDate: string },
): Promise<void> {
  await tx.update(payoutBatches).set(fields).where(eq(payoutBatches.id, id));
}

export async function setLineYen(tx: Database, lineId: number, amountYen: number): Promise<void> {
  await tx.update(payoutBatchLines).set({ amountYen }).where(eq(payoutBatchLines.id, lineId));
}

export async function insertLines(tx: Database, values: (typeof payoutBatchLines.$inferInsert)[]): Promise<LineRow[]> {
  return tx.insert(payoutBatchLines).values(values).returning();
}

/** The lines' amounts summed in one currency: null when the batch holds none in it (decision 167). */
const totalIn = (currency: Currency) =>
  sql<string | null>`sum(${payoutBatchLines.amountCents}) filter (where ${withdrawals.currency} = ${currency})`;

const summaryColumns = {
  batch: payoutBatches,
  lineCount: sql<string>`count(${payoutBatchLines.id})`,
  pendingCount: sql<string>`count(${payoutBatchLines.id}) filter (where ${payoutBatchLines.status} = 'pending')`,
  // A pending yuan payout is what makes a batch wait for a rate (decision 169); yen alone wait for a day.
  pendingCny: sql<string>`count(${payoutBatchLines.id}) filter (where ${payoutBatchLines.status} = 'pending' and ${withdrawals.currency} = 'CNY')`,
  totalCny: totalIn('CNY'),
  totalJpy: totalIn('JPY'),
  totalYen: sql<string | null>`sum(${payoutBatchLines.amountYen})`,
};
export type BatchSummaryRow = {
  batch: BatchRow;
  lineCount: string;
  pendingCount: string;
  pendingCny: string;
  totalCny: string | null;
  totalJpy: string | null;
  totalYen: string | null;
};

export async function listBatches(db: Database): Promise<BatchSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(payoutBatches)
    .leftJoin(payoutBatchLines, eq(payoutBatchLines.batchId, payoutBatches.id))
    .leftJoin(withdrawals, eq(withdrawals.id, payoutBatchLines.withdrawalId))
    .groupBy(payoutBatches.id)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(200);
}

export async function batchSummary(db: Database, id: number): Promise<BatchSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(payoutBatches)
    .leftJoin(payoutBatchLines, eq(payoutBatchLines.batchId, payoutBatches.id))
    .leftJoin(withdrawals, eq(withdrawals.id, payoutBatchLines.withdrawalId))
    .where(eq(payoutBatches.id, id))
    .groupBy(payoutBatches.id);
  return row;
}

export type LineWithWithdrawal = { line: LineRow; withdrawal: WithdrawalRow; username: string };

export async function linesOf(db: Database, batchId: number): Promise<LineWithWithdrawal[]> {
  return db
    .select({ line: payoutBatchLines, withdrawal: withdrawals, username: users.username })
    .from(payoutBatchLines)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutBatchLines.withdrawalId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(payoutBatchLines.batchId, batchId))
    .orderBy(asc(payoutBatchLines.id));
}

/** A line of a batch, locked for its step; undefined when the line is not in that batch. */
export async function lockLine(tx: Database, batchId: number, lineId: number): Promise<LineRow | undefined> {
  const [row] = await tx
    .select()
    .from(payoutBatchLines)
    .where(and(eq(payoutBatchLines.id, lineId), eq(payoutBatchLines.batchId, batchId)))
    .for('update');
  return row;
}

export async function setLineStatus(
  tx: Database,
  lineId: number,
  fields: { status: PayoutLineStatus; decidedBy: number; failureReason: string | null; at: Date },
): Promise<void> {
  await tx
    .update(payoutBatchLines)
    .set({
      status: fields.status,
      decidedBy: fields.decidedBy,
      failureReason: fields.failureReason,
      decidedAt: fields.at,
    })
    .where(eq(payoutBatchLines.id, lineId));
}
