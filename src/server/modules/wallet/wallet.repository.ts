import { and, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { convertMinor, type Currency } from '../../../shared/currency';
import type { PayoutLedgerAccount, PayoutLedgerKind, WithdrawalStatus } from '../../../shared/schemas/wallet';
import type { Database } from '../../db/client';
import {
  bookings,
  guides,
  ledgerEntries,
  payoutBatches,
  payoutBatchLines,
  payoutLedgerEntries,
  users,
  withdrawals,
} from '../../db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A user's figures in one currency, from the guide's entries in it (decision 167). */
export interface CurrencyFigures {
  /** Sum of the guide account's booking entries (earnings net of dispute adjustments). */
  guideTotal: number;
  /** Guide entries not yet available at `now`. */
  guidePending: number;
  nextAvailableAt: Date | null;
  /** Sum of the guide account's payout entries (negative: money requested or paid out). */
  payoutGuide: number;
  inPayout: number;
  withdrawn: number;
}

export interface LedgerFigures {
  /** The currency the user prices in as a guide (`guides.currency`); null for a user with no guide profile. */
  own: Currency | null;
  /**
   * The figures of each currency the user has guide or payout entries in (decision 167): every sum is
   * taken in one currency, so no yen is ever added to fen.
   */
  byCurrency: Partial<Record<Currency, CurrencyFigures>>;
  /**
   * Net paid online as a traveler, in yuan fen: the credit levels' unit (decision 067). What was paid
   * in yen counts at the rate of the booking it paid for, converted once per booking (decision 170).
   */
  spent: number;
}

const int = (v: unknown) => Number(v ?? 0);
const ZERO: CurrencyFigures = {
  guideTotal: 0,
  guidePending: 0,
  nextAvailableAt: null,
  payoutGuide: 0,
  inPayout: 0,
  withdrawn: 0,
};

export async function ledgerFigures(db: Database, userId: number, now: Date): Promise<LedgerFigures> {
  const guide = await db
    .select({
      currency: ledgerEntries.currency,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.availableAt} > ${now.toISOString()}::timestamptz), 0)`,
      next: sql<
        string | null
      >`min(${ledgerEntries.availableAt}) filter (where ${ledgerEntries.availableAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.userId, userId)))
    .groupBy(ledgerEntries.currency);
  // Each booking's net in each currency: yuan as it is, yen converted at the booking's fixed rate (the
  // levels' thresholds are yuan), so a card charged in yen is never read as fen.
  const traveler = await db
    .select({
      currency: ledgerEntries.currency,
      jpyPerCny: bookings.jpyPerCny,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(and(eq(ledgerEntries.account, 'traveler'), eq(ledgerEntries.userId, userId)))
    .groupBy(ledgerEntries.bookingId, ledgerEntries.currency, bookings.jpyPerCny);
  // A traveler's entries are negative for what they paid: the spend is their opposite.
  const spentFen = traveler.reduce((sum, r) => {
    if (r.currency === 'CNY') return sum - int(r.total);
    return r.jpyPerCny === null ? sum : sum + convertMinor(-int(r.total), r.currency, 'CNY', r.jpyPerCny);
  }, 0);
  const payout = await db
    .select({
      currency: payoutLedgerEntries.currency,
      total: sql<string>`coalesce(sum(${payoutLedgerEntries.amountCents}), 0)`,
    })
    .from(payoutLedgerEntries)
    .where(and(eq(payoutLedgerEntries.account, 'guide'), eq(payoutLedgerEntries.userId, userId)))
    .groupBy(payoutLedgerEntries.currency);
  const requests = await db
    .select({
      currency: withdrawals.currency,
      inPayout: sql<string>`coalesce(sum(${withdrawals.amountCents}) filter (where ${withdrawals.status} in ('requested', 'approved')), 0)`,
      withdrawn: sql<string>`coalesce(sum(${withdrawals.amountCents}) filter (where ${withdrawals.status} = 'paid'), 0)`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .groupBy(withdrawals.currency);
  const [profile] = await db.select({ currency: guides.currency }).from(guides).where(eq(guides.userId, userId));
  const byCurrency: Partial<Record<Currency, CurrencyFigures>> = {};
  const of = (c: Currency) => (byCurrency[c] ??= { ...ZERO });
  for (const r of guide)
    Object.assign(of(r.currency), {
      guideTotal: int(r.total),
      guidePending: int(r.pending),
      nextAvailableAt: r.next ? new Date(r.next) : null,
    });
  for (const r of payout) of(r.currency).payoutGuide = int(r.total);
  for (const r of requests) Object.assign(of(r.currency), { inPayout: int(r.inPayout), withdrawn: int(r.withdrawn) });
  return { own: profile?.currency ?? null, byCurrency, spent: spentFen };
}

/** Serializes a user's payout requests: the row lock is held until the transaction ends. */
export async function lockUser(tx: Database, userId: number): Promise<{ id: number; isGuide: boolean } | undefined> {
  const [row] = await tx
    .select({ id: users.id, isGuide: users.isGuide })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function insertWithdrawal(tx: Database, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(db: Database, id: number, lock = false): Promise<WithdrawalRow | undefined> {
  const q = db.select().from(withdrawals).where(eq(withdrawals.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function setWithdrawalStatus(
  tx: Database,
  id: number,
  fields: { status: WithdrawalStatus; decidedBy: number; failureReason?: string; at: Date },
): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: fields.status,
      decidedBy: fields.decidedBy,
      failureReason: fields.failureReason ?? null,
      updatedAt: fields.at,
    })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

export interface PayoutPosting {
  account: PayoutLedgerAccount;
  kind: PayoutLedgerKind;
  amountCents: number;
  /** On a conversion entry: the yen the amount became (decision 129). */
  amountYen?: number;
}

/** A withdrawal's entries, every one in its currency: they sum to zero in it (decision 167). */
export async function insertPayoutPostings(
  tx: Database,
  withdrawal: { id: number; userId: number; currency: Currency },
  postings: PayoutPosting[],
  at: Date,
): Promise<void> {
  await tx.insert(payoutLedgerEntries).values(
    postings.map((p) => ({
      withdrawalId: withdrawal.id,
      account: p.account,
      userId: p.account === 'guide' ? withdrawal.userId : null,
      kind: p.kind,
      amountCents: p.amountCents,
      currency: withdrawal.currency,
      amountYen: p.amountYen ?? null,
      createdAt: at,
    })),
  );
}

/** Whether a withdrawal is in a payout batch (then only the batch's line steps may settle it). */
export async function isBatched(db: Database, withdrawalId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutBatchLines.id })
    .from(payoutBatchLines)
    .where(eq(payoutBatchLines.withdrawalId, withdrawalId));
  return row !== undefined;
}

export async function payoutLedgerOf(db: Database, withdrawalId: number) {
  return db
    .select()
    .from(payoutLedgerEntries)
    .where(eq(payoutLedgerEntries.withdrawalId, withdrawalId))
    .orderBy(payoutLedgerEntries.id);
}

export async function listWithdrawalsOf(db: Database, userId: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(100);
}

export async function listAllWithdrawals(
  db: Database,
  status?: WithdrawalStatus,
): Promise<(WithdrawalRow & { username: string })[]> {
  const rows = await db
    .select({ w: withdrawals, username: users.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(status ? eq(withdrawals.status, status) : gt(withdrawals.id, 0))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(200);
  return rows.map((r) => ({ ...r.w, username: r.username }));
}

export async function usernameOf(db: Database, userId: number): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? '';
}

/**
 * The rate of the bank batch with the latest transfer day (on or before `onOrBefore`, yyyy-mm-dd, when
 * given), as stored (numeric(10,6)); undefined when no bank batch has a rate yet. A batch of yen
 * payouts alone has none (decision 169), so only a rate that converted a yuan payout is read.
 */
export async function latestRate(
  db: Database,
  onOrBefore?: string,
): Promise<{ jpyPerCny: string; transferDate: string } | undefined> {
  const [row] = await db
    .select({ jpyPerCny: payoutBatches.jpyPerCny, transferDate: payoutBatches.transferDate })
    .from(payoutBatches)
    .where(
      and(
        isNotNull(payoutBatches.jpyPerCny),
        isNotNull(payoutBatches.transferDate),
        onOrBefore ? lte(payoutBatches.transferDate, onOrBefore) : undefined,
      ),
    )
    .orderBy(desc(payoutBatches.transferDate), desc(payoutBatches.id))
    .limit(1);
  return row?.jpyPerCny && row.transferDate ? { jpyPerCny: row.jpyPerCny, transferDate: row.transferDate } : undefined;
}
