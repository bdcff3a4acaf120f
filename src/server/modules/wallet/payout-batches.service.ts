import type { CreatePayoutBatchBody, PayoutBatch, PayoutBatchSummary, PayoutLine } from '../../../shared/schemas/payouts';
import type { BankAccountType } from '../../../shared/schemas/wallet';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { notificationTexts, type CreateSystemMessage } from '../notifications/index';
import { kanaNames } from './banks';
import { dayInJapan, isBusinessDay, nextBusinessDay } from './business-days';
import * as repo from './payout-batches.repository';
import * as wallet from './wallet.repository';
import { zenginFile } from './zengin';

/** The operator's account payouts leave from (config.payoutAccount); null when unset in production. */
export interface PayoutAccount {
  bankCode: string;
  branchCode: string;
  accountType: BankAccountType;
  accountNumber: string;
  consignorCode: string;
  consignorName: string;
}

export interface PayoutBatchDeps {
  db: Database;
  now: () => Date;
  payoutAccount: PayoutAccount | null;
  notify?: (notices: CreateSystemMessage[]) => Promise<unknown>;
  log?: { error(obj: unknown, msg: string): void };
}

/** Yen per RMB as typed ("21.53") in millionths, exactly: the string has at most six decimals. */
function rateMicros(rate: string): bigint {
  const [whole = '0', frac = ''] = rate.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/**
 * Fen to whole yen at the batch's rate, rounded down (decision 129): yen = ⌊fen × rate / 100⌋,
 * computed in integers so no floating point touches money.
 */
export function fenToYen(fen: number, jpyPerCny: string): number {
  return Number((BigInt(fen) * rateMicros(jpyPerCny)) / 100_000_000n);
}

const summary = (r: repo.BatchSummaryRow): PayoutBatchSummary => ({
  id: r.batch.id,
  kind: r.batch.kind,
  status: Number(r.pendingCount) > 0 ? 'open' : 'done',
  transferDate: r.batch.transferDate,
  // numeric(10,6) comes back padded ("21.530000"): shown as entered, without the trailing zeros.
  jpyPerCny: r.batch.jpyPerCny === null ? null : r.batch.jpyPerCny.replace(/\.?0+$/, ''),
  lineCount: Number(r.lineCount),
  pendingCount: Number(r.pendingCount),
  totalCents: Number(r.totalCents),
  totalYen: r.totalYen === null ? null : Number(r.totalYen),
  createdAt: r.batch.createdAt.toISOString(),
});

const lineView = ({ line, withdrawal: w, username }: repo.LineWithWithdrawal): PayoutLine => ({
  id: line.id,
  withdrawalId: w.id,
  userId: w.userId,
  username,
  amountCents: line.amountCents,
  amountYen: line.amountYen,
  status: line.status,
  withdrawalStatus: w.status,
  accountName: w.accountName,
  accountNumber: w.accountNumber,
  bankCode: w.bankCode,
  bankName: w.bankName,
  branchCode: w.branchCode,
  branchName: w.branchName,
  accountHolderKana: w.accountHolderKana,
  failureReason: line.failureReason,
  decidedAt: line.decidedAt?.toISOString() ?? null,
});

/** Payout batches (decisions 128, 129): created from approved withdrawals, settled line by line. */
export class PayoutBatchService {
  constructor(private readonly deps: PayoutBatchDeps) {}

  async list(): Promise<PayoutBatchSummary[]> {
    return (await repo.listBatches(this.deps.db)).map(summary);
  }

  async get(id: number, db: Database = this.deps.db): Promise<PayoutBatch> {
    const row = await repo.batchSummary(db, id);
    if (!row) throw notFound('Payout batch');
    return { ...summary(row), lines: (await repo.linesOf(db, id)).map(lineView) };
  }

  /**
   * A batch of every approved, unbatched withdrawal of one method. A bank batch is made on a Japanese
   * business day, for the next one, at the rate the admin entered; each line's yen and the conversion
   * entries are written with it.
   */
  async create(admin: AuthUser, body: CreatePayoutBatchBody): Promise<PayoutBatch> {
    const now = this.deps.now();
    const today = dayInJapan(now);
    const bank = body.kind === 'bank' && body.jpyPerCny !== undefined ? { rate: body.jpyPerCny, transferDate: nextBusinessDay(today) } : null;
    if (body.kind === 'bank' && !isBusinessDay(today)) throw new AppError('not_business_day', `${today} is not a business day in Japan: bank batches are made on business days`);
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.approvedUnbatched(tx, body.kind);
      if (rows.length === 0) throw new AppError('nothing_to_batch', `No approved ${body.kind} payouts are waiting for a batch`);
      const batch = await repo.insertBatch(tx, { kind: body.kind, transferDate: bank?.transferDate ?? null, jpyPerCny: bank?.rate ?? null, createdBy: admin.id, createdAt: now });
      await repo.insertLines(
        tx,
        rows.map((w) => ({ batchId: batch.id, withdrawalId: w.id, amountCents: w.amountCents, amountYen: bank ? fenToYen(w.amountCents, bank.rate) : null })),
      );
      if (bank) {
        for (const w of rows) {
          const yen = fenToYen(w.amountCents, bank.rate);
          await wallet.insertPayoutPostings(
            tx,
            w,
            [
              { account: 'payout_sending', kind: 'payout_converted', amountCents: -w.amountCents },
              { account: 'payout_batched', kind: 'payout_converted', amountCents: w.amountCents, amountYen: yen },
            ],
            now,
          );
        }
      }
      const created = await this.get(batch.id, tx);
      await recordAdminAction(tx, {
        adminUserId: admin.id,
        action: 'payout_batch.create',
        entityType: 'payout_batch',
        entityId: batch.id,
        before: null,
        after: { kind: created.kind, lines: created.lineCount, totalCents: created.totalCents, totalYen: created.totalYen, jpyPerCny: created.jpyPerCny, transferDate: created.transferDate },
        note: null,
      });
      return created;
    });
  }

  /** The bank batch's Zengin file: its lines not failed (a failed line's money went back to the guide). */
  async zengin(id: number): Promise<{ body: Buffer; fileName: string }> {
    const batch = await this.get(id);
    if (batch.kind !== 'bank' || !batch.transferDate) throw new AppError('not_a_bank_batch', 'Only a bank batch has a transfer file');
    const payer = this.deps.payoutAccount;
    if (!payer) throw new AppError('conflict', 'The payout account is not set (PAYOUT_BANK_CODE … PAYOUT_CONSIGNOR_NAME)');
    const payerNames = await kanaNames(payer.bankCode, payer.branchCode);
    const rows = (await repo.linesOf(this.deps.db, id)).filter((r) => r.line.status !== 'failed');
    const transfers = [];
    for (const { line, withdrawal: w } of rows) {
      const names = await kanaNames(w.bankCode ?? '', w.branchCode ?? '');
      transfers.push({
        bankCode: w.bankCode ?? '',
        bankName: names.bank,
        branchCode: w.branchCode ?? '',
        branchName: names.branch,
        accountType: w.accountType ?? 'ordinary',
        accountNumber: w.accountNumber,
        holderKana: w.accountHolderKana ?? '',
        amountYen: line.amountYen ?? 0,
        reference: w.id,
      });
    }
    const body = zenginFile({ ...payer, bankName: payerNames.bank, branchName: payerNames.branch }, batch.transferDate, transfers);
    return { body, fileName: `zengin-${batch.id}-${batch.transferDate}.txt` };
  }

  /**
   * A line paid or failed: the withdrawal's status and its ledger entries in one transaction. A failed
   * line returns the money to the guide's withdrawable balance.
   */
  async settleLine(admin: AuthUser, batchId: number, lineId: number, outcome: 'paid' | 'failed', reason?: string): Promise<PayoutBatch> {
    const done = await this.deps.db.transaction(async (tx) => {
      const found = await repo.lockLine(tx, batchId, lineId);
      if (!found) throw notFound('Payout line');
      const { line, batch } = found;
      if (line.status !== 'pending') throw new AppError('invalid_transition', `A ${line.status} line cannot be ${outcome}`);
      const w = await wallet.findWithdrawal(tx, line.withdrawalId, true);
      if (!w || w.status !== 'approved') throw new AppError('invalid_transition', 'The payout is no longer approved');
      const at = this.deps.now();
      const from = batch.kind === 'bank' ? 'payout_batched' : 'payout_sending';
      const A = line.amountCents;
      await wallet.insertPayoutPostings(
        tx,
        w,
        outcome === 'paid'
          ? [
              { account: from, kind: 'payout_paid', amountCents: -A },
              { account: 'payout_external', kind: 'payout_paid', amountCents: A },
            ]
          : [
              { account: from, kind: 'payout_failed', amountCents: -A },
              { account: 'guide', kind: 'payout_failed', amountCents: A },
            ],
        at,
      );
      await wallet.setWithdrawalStatus(tx, w.id, { status: outcome, decidedBy: admin.id, failureReason: outcome === 'failed' ? reason : undefined, at });
      await repo.setLineStatus(tx, line.id, { status: outcome, decidedBy: admin.id, failureReason: outcome === 'failed' ? (reason ?? null) : null, at });
      await recordAdminAction(tx, {
        adminUserId: admin.id,
        action: `payout_line.${outcome}`,
        entityType: 'payout_batch',
        entityId: batchId,
        before: { lineId, withdrawalId: w.id, status: 'pending' },
        after: { lineId, withdrawalId: w.id, status: outcome, amountCents: A, amountYen: line.amountYen },
        note: outcome === 'failed' ? (reason ?? null) : null,
      });
      return { userId: w.userId, withdrawalId: w.id, amountCents: A };
    });
    if (this.deps.notify) {
      // After the commit, as for a payout settled one by one: the guide hears of the outcome.
      const text = outcome === 'paid' ? notificationTexts.payoutPaid(done.amountCents) : notificationTexts.payoutFailed(done.amountCents, reason ?? '');
      await this.deps
        .notify([{ userId: done.userId, type: 'payment', text, actionUrl: '/withdrawal', related: { type: 'withdrawal', id: done.withdrawalId }, dedupeKey: `withdrawal:${done.withdrawalId}:${outcome === 'paid' ? 'paid' : 'fail'}`, isErrorMessage: outcome === 'failed', showContactSupport: outcome === 'failed' }])
        .catch((err: unknown) => this.deps.log?.error({ err }, 'payout notice failed'));
    }
    return this.get(batchId);
  }
}
