import {
  PAYOUT_BATCH_KINDS,
  type CreatePayoutBatchBody,
  type PayoutBatch,
  type PayoutBatchKind,
  type PayoutBatchSummary,
} from '../../../shared/schemas/payouts';
import type { BankAccountType } from '../../../shared/schemas/wallet';
import { payoutYen } from '../../../shared/payout-yen';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { kanaNames } from './banks';
import { dayInJapan, isBusinessDay, nextBusinessDay } from './business-days';
import { payoutNotice, type NoticeOutbox } from './payout-notices';
import { awaitingDay, lineView, summary } from './payout-batch-view';
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
  /** Tells the guide when a line is paid or failed (the notification centre's outbox; absent in unit set-ups). */
  notices?: NoticeOutbox;
}

const rateRequired = () =>
  new AppError('rate_required', 'A yuan payout is waiting in this bank batch: enter the rate it is converted at', [
    { path: 'jpyPerCny', message: 'required' },
  ]);

/**
 * Payout batches (decisions 128, 129, 130): formed from approved withdrawals, by an admin or weekly, settled line by
 * line.
 */
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
   * business day, for the next one, at the rate the admin entered when a yuan payout is in it; each
   * line's yen (a yen payout's own amount, a yuan payout's at the rate, decisions 167 and 169) and the
   * conversion entries are written with it.
   */
  async create(admin: AuthUser, body: CreatePayoutBatchBody): Promise<PayoutBatch> {
    const created = await this.form({
      kind: body.kind,
      rate: body.jpyPerCny,
      by: admin,
      week: null,
      now: this.deps.now(),
    });
    if (!created) throw new AppError('nothing_to_batch', `No approved ${body.kind} payouts are waiting for a batch`);
    return created;
  }

  /**
   * The weekly job's run (decision 130): one batch per method with approved payouts waiting, for the
   * week whose Monday is `week`. A bank batch holding a yuan payout is formed without a rate and waits
   * for the admin's (`setRate`); one of yen payouts alone is dated at once on a business day (decision
   * 169). A method with nothing waiting, or already formed for that week, forms nothing.
   */
  async formWeekly(week: string, now: Date): Promise<PayoutBatch[]> {
    const formed: PayoutBatch[] = [];
    for (const kind of PAYOUT_BATCH_KINDS) {
      const batch = await this.form({ kind, rate: undefined, by: null, week, now });
      if (batch) formed.push(batch);
    }
    return formed;
  }

  /**
   * The one way a batch is formed, by an admin (with the rate for a bank batch holding yuan) or by the
   * weekly job (without one). A bank batch is dated (its transfer day, each line's yen, the conversion
   * entries) when it is formed if it can be: by an admin, or by the job when every payout is yen and
   * today is a business day. A rate given for yen payouts alone converts nothing and is not kept.
   * Undefined when nothing is waiting or the week's batch of this method exists.
   */
  private async form(opts: {
    kind: PayoutBatchKind;
    rate: string | undefined;
    by: AuthUser | null;
    week: string | null;
    now: Date;
  }): Promise<PayoutBatch | undefined> {
    const { now } = opts;
    const today = dayInJapan(now);
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.approvedUnbatched(tx, opts.kind);
      if (rows.length === 0) return undefined;
      const bank = opts.kind === 'bank';
      const yuan = rows.some((w) => w.currency === 'CNY');
      if (bank && opts.by && yuan && opts.rate === undefined) throw rateRequired();
      const rate = bank && yuan ? (opts.rate ?? null) : null;
      const dated = bank && (rate !== null || (!yuan && (opts.by !== null || isBusinessDay(today))));
      if (dated && !isBusinessDay(today))
        throw new AppError(
          'not_business_day',
          `${today} is not a business day in Japan: bank batches are made on business days`,
        );
      const transferDate = dated ? nextBusinessDay(today) : null;
      const batch = await repo.insertBatch(tx, {
        kind: opts.kind,
        transferDate,
        jpyPerCny: rate,
        createdBy: opts.by?.id ?? null,
        formedForWeek: opts.week,
        createdAt: now,
      });
      if (!batch) return undefined;
      const lines = await repo.insertLines(
        tx,
        rows.map((w) => ({
          batchId: batch.id,
          withdrawalId: w.id,
          amountCents: w.amountCents,
          amountYen: dated ? payoutYen(w.amountCents, w.currency, rate) : null,
        })),
      );
      if (dated)
        await this.convert(
          tx,
          lines.map((line) => ({ line, withdrawal: rows.find((w) => w.id === line.withdrawalId)! })),
          rate,
          now,
          false,
        );
      const created = await this.get(batch.id, tx);
      // The weekly job's batches have no admin to name; the batch's week records who formed it.
      if (opts.by) {
        await recordAdminAction(tx, {
          adminUserId: opts.by.id,
          action: 'payout_batch.create',
          entityType: 'payout_batch',
          entityId: batch.id,
          before: null,
          after: {
            kind: created.kind,
            lines: created.lineCount,
            totals: created.totals,
            totalYen: created.totalYen,
            jpyPerCny: created.jpyPerCny,
            transferDate: created.transferDate,
          },
          note: null,
        });
      }
      return created;
    });
  }

  /**
   * The conversion of a bank batch's lines at its rate (decision 129), in the caller's transaction:
   * per line, its yen rounded down and the `payout_converted` entries. A yen payout is not converted
   * (decision 167): its yen are its amount, and its pair, in yen, records only that it now sits in the
   * batch, so every line of a bank batch is paid or failed from `payout_batched` alike. `setYen`: the
   * lines exist without yen (a rate entered after the weekly job formed the batch). `rate` is null for
   * a batch of yen payouts alone.
   */
  private async convert(
    tx: Database,
    lines: {
      line: repo.LineRow;
      withdrawal: Pick<repo.LineWithWithdrawal['withdrawal'], 'id' | 'userId' | 'amountCents' | 'currency'>;
    }[],
    rate: string | null,
    now: Date,
    setYen: boolean,
  ): Promise<void> {
    for (const { line, withdrawal: w } of lines) {
      const yen = payoutYen(w.amountCents, w.currency, rate);
      if (setYen) await repo.setLineYen(tx, line.id, yen);
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

  /**
   * The admin's rate for a bank batch the weekly job formed (decision 130): in one transaction the
   * rate, the transfer day (the business day after today, as at creation) and the conversion of every
   * pending line, exactly as a batch created with a rate. A rate is entered once, and only while a yuan
   * payout is pending: a batch whose pending payouts are all yen is dated without one (decision 169).
   */
  async setRate(admin: AuthUser, id: number, given: string | undefined): Promise<PayoutBatch> {
    const now = this.deps.now();
    const today = dayInJapan(now);
    return this.deps.db.transaction(async (tx) => {
      const batch = await repo.lockBatch(tx, id);
      if (!batch) throw notFound('Payout batch');
      if (batch.kind !== 'bank') throw new AppError('not_a_bank_batch', 'Only a bank batch is paid in yen');
      if (!awaitingDay(batch)) throw new AppError('rate_already_set', 'This batch already has its transfer day');
      if (!isBusinessDay(today))
        throw new AppError(
          'not_business_day',
          `${today} is not a business day in Japan: bank batches are converted on business days`,
        );
      const pending = (await repo.linesOf(tx, id)).filter((r) => r.line.status === 'pending');
      if (pending.length === 0)
        throw new AppError('invalid_transition', 'Every payout of this batch has failed: there is nothing to convert');
      const yuan = pending.some((r) => r.withdrawal.currency === 'CNY');
      if (yuan && given === undefined) throw rateRequired();
      const jpyPerCny = yuan ? given! : null;
      const transferDate = nextBusinessDay(today);
      await repo.setBatchRate(tx, id, { jpyPerCny, transferDate });
      await this.convert(tx, pending, jpyPerCny, now, true);
      const rated = await this.get(id, tx);
      await recordAdminAction(tx, {
        adminUserId: admin.id,
        action: 'payout_batch.rate',
        entityType: 'payout_batch',
        entityId: id,
        before: { jpyPerCny: null, transferDate: null },
        after: {
          lines: pending.length,
          totals: rated.totals,
          totalYen: rated.totalYen,
          jpyPerCny: rated.jpyPerCny,
          transferDate,
        },
        note: null,
      });
      return rated;
    });
  }

  /** The bank batch's Zengin file: its lines not failed (a failed line's money went back to the guide). */
  async zengin(id: number): Promise<{ body: Buffer; fileName: string }> {
    const batch = await this.get(id);
    if (batch.kind !== 'bank') throw new AppError('not_a_bank_batch', 'Only a bank batch has a transfer file');
    if (!batch.transferDate)
      throw new AppError(
        'rate_not_set',
        'The batch has no transfer day yet: date it (with its rate when it holds yuan) to make the file',
      );
    const payer = this.deps.payoutAccount;
    if (!payer)
      throw new AppError('conflict', 'The payout account is not set (PAYOUT_BANK_CODE … PAYOUT_CONSIGNOR_NAME)');
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
        amountYen: line.amountYen,
        reference: w.id,
      });
    }
    const body = zenginFile(
      { ...payer, bankName: payerNames.bank, branchName: payerNames.branch },
      batch.transferDate,
      transfers,
    );
    return { body, fileName: `zengin-${batch.id}-${batch.transferDate}.txt` };
  }

  /**
   * A line paid or failed: the withdrawal's status, its ledger entries and the guide's notice (the
   * outbox, decision 085) in one transaction. A failed line returns the money to the guide's
   * withdrawable balance.
   */
  async settleLine(
    admin: AuthUser,
    batchId: number,
    lineId: number,
    outcome: 'paid' | 'failed',
    reason?: string,
  ): Promise<PayoutBatch> {
    const notice = await this.deps.db.transaction(async (tx) => {
      // The batch first, as `setRate` locks it: a line is never settled while its batch is being converted.
      const batch = await repo.lockBatch(tx, batchId);
      const line = batch && (await repo.lockLine(tx, batchId, lineId));
      if (!batch || !line) throw notFound('Payout line');
      if (line.status !== 'pending')
        throw new AppError('invalid_transition', `A ${line.status} line cannot be ${outcome}`);
      // Awaiting its rate, a bank batch's money has not been converted: nothing can be paid yet, but a
      // line can fail (its money never left payout_sending).
      const awaitingRate = awaitingDay(batch);
      if (awaitingRate && outcome === 'paid')
        throw new AppError('rate_not_set', 'The batch has no rate yet: enter it before marking payouts paid');
      const w = await wallet.findWithdrawal(tx, line.withdrawalId, true);
      if (!w || w.status !== 'approved') throw new AppError('invalid_transition', 'The payout is no longer approved');
      const at = this.deps.now();
      const from = batch.kind === 'bank' && !awaitingRate ? 'payout_batched' : 'payout_sending';
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
      await wallet.setWithdrawalStatus(tx, w.id, {
        status: outcome,
        decidedBy: admin.id,
        failureReason: outcome === 'failed' ? reason : undefined,
        at,
      });
      await repo.setLineStatus(tx, line.id, {
        status: outcome,
        decidedBy: admin.id,
        failureReason: outcome === 'failed' ? (reason ?? null) : null,
        at,
      });
      await recordAdminAction(tx, {
        adminUserId: admin.id,
        action: `payout_line.${outcome}`,
        entityType: 'payout_batch',
        entityId: batchId,
        before: { lineId, withdrawalId: w.id, status: 'pending' },
        after: {
          lineId,
          withdrawalId: w.id,
          status: outcome,
          amountCents: A,
          currency: w.currency,
          amountYen: line.amountYen,
        },
        note: outcome === 'failed' ? (reason ?? null) : null,
      });
      // The guide hears of the outcome, as for a payout settled one by one: written with the change, sent after it.
      return this.deps.notices?.enqueue(tx, [
        payoutNotice({ userId: w.userId, withdrawalId: w.id, amountCents: A, currency: w.currency }, outcome, reason),
      ]);
    });
    this.deps.notices?.soon(notice);
    return this.get(batchId);
  }
}
