// Payout batches (decisions 128, 129); exported from schema/index.ts.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_BATCH_KINDS, PAYOUT_LINE_STATUSES } from '../../../shared/schemas/payouts';
import { users } from './users';
import { withdrawals } from './withdrawals';

/**
 * One transfer run: every approved, unbatched withdrawal of one method. A dated bank batch has its
 * transfer day, and the rate the admin entered (yen per RMB, exactly as typed) when it holds a yuan
 * payout; a batch of yen payouts alone has no rate (decision 169). Both are null while a batch the
 * weekly job formed waits for its day (decision 130). The job's batches carry their week (the Monday
 * in Japan), at most one per method and week; an admin's carry their creator.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: PAYOUT_BATCH_KINDS }).notNull(),
    transferDate: date('transfer_date', { mode: 'string' }),
    jpyPerCny: numeric('jpy_per_cny', { precision: 10, scale: 6 }),
    createdBy: integer('created_by').references(() => users.id),
    formedForWeek: date('formed_for_week', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payout_batches_rate_and_day',
      sql`(${t.kind} = 'bank' or (${t.jpyPerCny} is null and ${t.transferDate} is null)) and (${t.jpyPerCny} is null or ${t.transferDate} is not null)`,
    ),
    check('payout_batches_made_by', sql`${t.createdBy} is not null or ${t.formedForWeek} is not null`),
    uniqueIndex('payout_batches_week_key').on(t.kind, t.formedForWeek),
  ],
);

/** A withdrawal in a batch (at most one batch each): pending until the admin marks it paid or failed. */
export const payoutBatchLines = pgTable(
  'payout_batch_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    amountCents: integer('amount_cents').notNull(),
    amountYen: integer('amount_yen'),
    status: text('status', { enum: PAYOUT_LINE_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_batch_lines_withdrawal_key').on(t.withdrawalId),
    index('payout_batch_lines_batch_idx').on(t.batchId),
    check(
      'payout_batch_lines_amounts_positive',
      sql`${t.amountCents} > 0 and (${t.amountYen} is null or ${t.amountYen} > 0)`,
    ),
  ],
);
