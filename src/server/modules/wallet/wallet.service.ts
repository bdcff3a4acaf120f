import {
  creditLevelOf,
  WITHDRAWAL_LIMITS,
  type AdminWithdrawal,
  type CreateWithdrawalBody,
  type CurrencyBalance,
  type GuideEarnings,
  type PayoutRate,
  type Wallet,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../../shared/schemas/wallet';
import { CURRENCIES, trimRate, type Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import {
  accountOf,
  copiedAccount,
  maskNumber,
  savedAccountFor,
  type PayoutAccountFields,
} from './payout-account.service';
import { payoutNotice, type NoticeOutbox } from './payout-notices';
import * as repo from './wallet.repository';
import type { CurrencyFigures, LedgerFigures, PayoutPosting, WithdrawalRow } from './wallet.repository';

export interface WalletDeps {
  db: Database;
  /** The server's clock (the bookings service's, so tests move both together). */
  now: () => Date;
  /** Tells the guide when a payout is paid or failed (the notification centre's outbox; absent in unit set-ups). */
  notices?: NoticeOutbox;
}

/** The guide's figures in one currency from the two ledgers (decisions 067, 167); none is all zero. */
export function earningsOf(f: CurrencyFigures | undefined): GuideEarnings {
  if (!f)
    return {
      totalCents: 0,
      withdrawableCents: 0,
      pendingCents: 0,
      inPayoutCents: 0,
      withdrawnCents: 0,
      nextAvailableAt: null,
    };
  const pending = Math.max(0, f.guidePending);
  return {
    totalCents: f.guideTotal,
    withdrawableCents: Math.max(0, f.guideTotal - pending + f.payoutGuide),
    pendingCents: pending,
    inPayoutCents: f.inPayout,
    withdrawnCents: f.withdrawn,
    nextAvailableAt: f.nextAvailableAt?.toISOString() ?? null,
  };
}

/** What the platform holds for the guide in one currency: withdrawable, pending and on its way (decision 142). */
const balanceOf = (e: GuideEarnings) => e.withdrawableCents + e.pendingCents + e.inPayoutCents;

/**
 * The currency a user's wallet is shown in first: the one they price in as a guide, else the one
 * they have money in (a former guide), else yuan.
 */
function walletCurrency(f: LedgerFigures): Currency {
  return f.own ?? CURRENCIES.find((c) => f.byCurrency[c] !== undefined) ?? 'CNY';
}

function view(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amountCents,
    currency: row.currency,
    method: row.method,
    accountName: row.accountName,
    accountNumberMasked: maskNumber(row.accountNumber),
    bankName: row.bankName,
    bankCode: row.bankCode,
    branchCode: row.branchCode,
    branchName: row.branchName,
    accountType: row.accountType,
    accountHolderKana: row.accountHolderKana,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const adminView = (row: WithdrawalRow, username: string): AdminWithdrawal => ({
  ...view(row),
  userId: row.userId,
  username,
  accountNumber: row.accountNumber,
});

/** What each admin step moves in the payouts ledger, and from which statuses it may be taken. */
const STEPS = {
  approve: { from: ['requested'], to: 'approved' },
  paid: { from: ['approved'], to: 'paid' },
  fail: { from: ['requested', 'approved'], to: 'failed' },
} as const satisfies Record<string, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>;
export type AdminStep = keyof typeof STEPS;

function stepPostings(step: AdminStep, from: WithdrawalStatus, amount: number): PayoutPosting[] {
  switch (step) {
    case 'approve':
      return [
        { account: 'payout_hold', kind: 'payout_approved', amountCents: -amount },
        { account: 'payout_sending', kind: 'payout_approved', amountCents: amount },
      ];
    case 'paid':
      return [
        { account: 'payout_sending', kind: 'payout_paid', amountCents: -amount },
        { account: 'payout_external', kind: 'payout_paid', amountCents: amount },
      ];
    case 'fail':
      return [
        {
          account: from === 'approved' ? 'payout_sending' : 'payout_hold',
          kind: 'payout_failed',
          amountCents: -amount,
        },
        { account: 'guide', kind: 'payout_failed', amountCents: amount },
      ];
  }
}

/**
 * A payout's amount within its currency's bounds, and a yen payout to a bank account only (decision
 * 167): Alipay and WeChat are paid in yuan, and a yen balance is never converted to be paid out.
 */
function checkAmount(body: Pick<CreateWithdrawalBody, 'amountCents' | 'method'>, currency: Currency): void {
  const { min, max } = WITHDRAWAL_LIMITS[currency];
  if (body.amountCents < min || body.amountCents > max) {
    throw new AppError(
      'validation_failed',
      `A payout is ${formatMoney(min, currency, 'en')} to ${formatMoney(max, currency, 'en')}`,
      [{ path: 'body.amountCents', message: `${min} to ${max} in ${currency}'s smallest unit` }],
    );
  }
  if (currency === 'JPY' && body.method !== 'bank') {
    throw new AppError('validation_failed', 'A balance in yen is paid to a Japanese bank account', [
      { path: 'body.method', message: 'bank, for a payout in yen' },
    ]);
  }
}

export class WalletService {
  constructor(private readonly deps: WalletDeps) {}

  /** The guide's earnings in `currency` (a withdrawal's, decision 167). */
  private async earnings(db: Database, userId: number, currency: Currency): Promise<GuideEarnings> {
    return earningsOf((await repo.ledgerFigures(db, userId, this.deps.now())).byCurrency[currency]);
  }

  /**
   * The wallet in the guide's own currency, and what they hold in the other (decision 167) beside it,
   * each summed on its own.
   */
  async wallet(user: AuthUser): Promise<Wallet> {
    const f = await repo.ledgerFigures(this.deps.db, user.id, this.deps.now());
    const currency = walletCurrency(f);
    const e = earningsOf(f.byCurrency[currency]);
    const hasEarnings = user.isGuide || Object.keys(f.byCurrency).length > 0;
    const { level, next } = creditLevelOf(Math.max(0, f.spent));
    const otherBalances: CurrencyBalance[] = CURRENCIES.filter(
      (c) => c !== currency && f.byCurrency[c] !== undefined,
    ).map((c) => {
      const earnings = earningsOf(f.byCurrency[c]);
      return { currency: c, assetBalanceCents: balanceOf(earnings), earnings };
    });
    return {
      currency,
      assetBalanceCents: hasEarnings ? balanceOf(e) : 0,
      creditLevel: level,
      spentCents: Math.max(0, f.spent),
      nextLevel: next,
      earnings: hasEarnings ? e : null,
      otherBalances,
    };
  }

  async list(user: AuthUser): Promise<Withdrawal[]> {
    return (await repo.listWithdrawalsOf(this.deps.db, user.id)).map(view);
  }

  async get(user: AuthUser, id: number): Promise<Withdrawal> {
    const row = await repo.findWithdrawal(this.deps.db, id);
    if (!row || row.userId !== user.id) throw notFound('Withdrawal');
    return view(row);
  }

  /**
   * A payout request: the guide's user row is locked first, so two requests at once are taken one
   * after the other and the second sees the first's hold; never more than withdrawable.
   */
  async request(
    user: AuthUser,
    body: CreateWithdrawalBody,
  ): Promise<{ withdrawal: Withdrawal; earnings: GuideEarnings }> {
    // The account is named, or copied from an earlier withdrawal or the saved account (decision 172).
    const account =
      body.sameAccountAs !== undefined
        ? await this.sameAccount(user, body.sameAccountAs, body.method)
        : body.savedAccount
          ? await savedAccountFor(this.deps.db, user.id, body.method)
          : await accountOf(body);
    return this.deps.db.transaction(async (tx) => {
      const locked = await repo.lockUser(tx, user.id);
      if (!locked?.isGuide) throw new AppError('forbidden', 'Only guides can request a withdrawal');
      const figures = await repo.ledgerFigures(tx, user.id, this.deps.now());
      // The balance paid out is the one named, else the guide's own currency's (decision 167).
      const currency = body.currency ?? walletCurrency(figures);
      checkAmount(body, currency);
      const before = earningsOf(figures.byCurrency[currency]);
      if (body.amountCents > before.withdrawableCents) {
        throw new AppError(
          'insufficient_balance',
          `The amount is more than your withdrawable balance (${formatMoney(before.withdrawableCents, currency, 'en')})`,
        );
      }
      const at = this.deps.now();
      const row = await repo.insertWithdrawal(tx, {
        userId: user.id,
        amountCents: body.amountCents,
        currency,
        method: body.method,
        ...account,
        createdAt: at,
        updatedAt: at,
      });
      await repo.insertPayoutPostings(
        tx,
        row,
        [
          { account: 'guide', kind: 'withdrawal', amountCents: -body.amountCents },
          { account: 'payout_hold', kind: 'withdrawal', amountCents: body.amountCents },
        ],
        at,
      );
      return { withdrawal: view(row), earnings: await this.earnings(tx, user.id, currency) };
    });
  }

  /**
   * The account of one of the guide's own earlier withdrawals ("use the same account"): another
   * user's, or one that does not exist, is a 404; one of another method a 400, as a body that mixes
   * methods would be.
   */
  private async sameAccount(
    user: AuthUser,
    id: number,
    method: CreateWithdrawalBody['method'],
  ): Promise<PayoutAccountFields> {
    const earlier = await repo.findWithdrawal(this.deps.db, id);
    if (!earlier || earlier.userId !== user.id) throw notFound('Withdrawal');
    if (earlier.method !== method) {
      throw new AppError('validation_failed', 'The earlier withdrawal was paid by another method', [
        { path: 'body.sameAccountAs', message: `That withdrawal went to ${earlier.method}` },
      ]);
    }
    return copiedAccount(earlier, method);
  }

  /**
   * The latest yen rate a bank payout was converted at (decisions 129, 130), with its transfer day;
   * null before the first. `onOrBefore` (yyyy-mm-dd) looks only at transfers up to that day.
   */
  async latestRate(onOrBefore?: string): Promise<PayoutRate | null> {
    const row = await repo.latestRate(this.deps.db, onOrBefore);
    return row ? { jpyPerCny: trimRate(row.jpyPerCny), transferDate: row.transferDate } : null;
  }

  async adminList(status?: WithdrawalStatus): Promise<AdminWithdrawal[]> {
    return (await repo.listAllWithdrawals(this.deps.db, status)).map((r) => adminView(r, r.username));
  }

  /**
   * Admin: approve, mark paid or fail a payout; the status, its ledger entries and, paid or failed,
   * the guide's notice (the outbox, decision 085: in-app, and by e-mail if they keep it on for
   * payments) in one transaction.
   */
  async adminStep(
    admin: AuthUser,
    id: number,
    step: AdminStep,
    reason?: string,
  ): Promise<{ withdrawal: AdminWithdrawal; earnings: GuideEarnings }> {
    const done = await this.deps.db.transaction(async (tx) => {
      const row = await repo.findWithdrawal(tx, id, true);
      if (!row) throw notFound('Withdrawal');
      const rule = STEPS[step];
      if (step !== 'approve' && (await repo.isBatched(tx, id)))
        throw new AppError('in_payout_batch', 'This payout is in a payout batch: mark its line paid or failed there');
      if (!(rule.from as readonly WithdrawalStatus[]).includes(row.status)) {
        throw new AppError('invalid_transition', `A ${row.status} withdrawal cannot be ${rule.to}`);
      }
      const at = this.deps.now();
      await repo.insertPayoutPostings(tx, row, stepPostings(step, row.status, row.amountCents), at);
      const updated = await repo.setWithdrawalStatus(tx, id, {
        status: rule.to,
        decidedBy: admin.id,
        failureReason: step === 'fail' ? reason : undefined,
        at,
      });
      await recordAdminAction(tx, {
        adminUserId: admin.id,
        action: `withdrawal.${step}`,
        entityType: 'withdrawal',
        entityId: id,
        before: { status: row.status, amountCents: row.amountCents, currency: row.currency },
        after: { status: rule.to, amountCents: row.amountCents, currency: row.currency },
        note: step === 'fail' ? reason : null,
      });
      const notice =
        step === 'approve'
          ? undefined
          : await this.deps.notices?.enqueue(tx, [
              payoutNotice(
                { userId: row.userId, withdrawalId: id, amountCents: row.amountCents, currency: row.currency },
                step === 'paid' ? 'paid' : 'failed',
                reason,
              ),
            ]);
      return {
        withdrawal: adminView(updated, await repo.usernameOf(tx, row.userId)),
        earnings: await this.earnings(tx, row.userId, row.currency),
        notice,
      };
    });
    this.deps.notices?.soon(done.notice);
    return { withdrawal: done.withdrawal, earnings: done.earnings };
  }

  async adminLedger(id: number) {
    const row = await repo.findWithdrawal(this.deps.db, id);
    if (!row) throw notFound('Withdrawal');
    return repo.payoutLedgerOf(this.deps.db, id);
  }
}
