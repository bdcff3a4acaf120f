// Tables for withdrawals (decision 067); exported from schema/index.ts.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  BANK_ACCOUNT_TYPES,
  PAYOUT_LEDGER_ACCOUNTS,
  PAYOUT_LEDGER_KINDS,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
} from '../../../shared/schemas/wallet';
import { CURRENCIES } from '../../../shared/currency';
import { users } from './users';

/**
 * A guide's payout request (decision 067): requested → approved → paid, or failed (from requested or
 * approved; the money goes back to withdrawable). The amount is in fen.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * In the minor unit of `currency`: what the guide earned it in, yen for a guide who prices in yen (decision 164).
     */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name'),
    /**
     * A bank payout's Zengin bank and branch codes, branch name, account type and half-width kana holder
     * (decision 128).
     */
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    branchName: text('branch_name'),
    accountType: text('account_type', { enum: BANK_ACCOUNT_TYPES }),
    accountHolderKana: text('account_holder_kana'),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    failureReason: text('failure_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The payouts ledger (decision 067): every movement of a withdrawal is a balanced set of entries over
 * the guide's account and the platform's payout accounts; a withdrawal's entries sum to zero (a deferred
 * trigger checks it, like the bookings ledger's per booking).
 */
export const payoutLedgerEntries = pgTable(
  'payout_ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    account: text('account', { enum: PAYOUT_LEDGER_ACCOUNTS }).notNull(),
    /** The guide's user id on the guide account; null for the platform's accounts. */
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: PAYOUT_LEDGER_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The withdrawal's currency; its entries sum to zero in it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /** On a `payout_converted` entry: the yen this amount became at the batch's rate (decision 129). */
    amountYen: integer('amount_yen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_ledger_withdrawal_idx').on(t.withdrawalId), index('payout_ledger_user_idx').on(t.userId)],
);

/**
 * A guide's saved payout account (decision 172): one per user, kept before she has any balance and
 * offered to her withdrawals, which copy it. The fields are a withdrawal's, checked by the same rules;
 * a bank account has its Zengin codes, type and half-width kana holder (decision 128).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    branchName: text('branch_name'),
    accountType: text('account_type', { enum: BANK_ACCOUNT_TYPES }),
    accountHolderKana: text('account_holder_kana'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payout_accounts_bank_complete',
      sql`${t.method} <> 'bank' or (${t.bankCode} is not null and ${t.branchCode} is not null and ${t.accountType} is not null and ${t.accountHolderKana} is not null)`,
    ),
  ],
);
