import type {
  BankAccountType,
  PayoutAccountBody,
  PayoutAccountView,
  WithdrawalMethod,
} from '../../../shared/schemas/wallet';
import { ZENGIN_NAME_MAX } from '../../../shared/zengin-name';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import { resolveBranch, toZenginKana } from './banks';
import * as repo from './payout-account.repository';
import type { WithdrawalRow } from './wallet.repository';

/**
 * The account a payout is paid to, whoever names it: a withdrawal's body, an earlier withdrawal, or the
 * guide's saved payout account (decision 172). One set of checks for all three, so an account saved
 * today is one a withdrawal takes.
 */

/** The number with all but its last four characters hidden: how every reply to the guide shows it (decision 142). */
export const maskNumber = (n: string) => (n.length <= 4 ? n : `${'•'.repeat(Math.min(8, n.length - 4))}${n.slice(-4)}`);

/** What a withdrawal row, and a saved account, keep of the account. */
export type PayoutAccountFields = Pick<WithdrawalRow, 'accountName' | 'accountNumber' | 'bankName'> &
  Partial<Pick<WithdrawalRow, 'bankCode' | 'branchCode' | 'branchName' | 'accountType' | 'accountHolderKana'>>;

type BankFields = {
  bankCode?: string | null;
  branchCode?: string | null;
  accountType?: BankAccountType | null;
  accountHolderKana?: string | null;
};

/**
 * A bank payout's details checked against the Zengin list (decision 128): a bank or branch code that
 * does not exist is a 400 `unknown_bank` / `unknown_branch`, a holder name the format cannot carry a
 * 400 `invalid_kana_name`; the name is kept in half-width katakana, as the transfer file writes it.
 */
async function bankDetails(body: BankFields) {
  const branch = await resolveBranch(body.bankCode ?? '', body.branchCode ?? '');
  const kana = toZenginKana(body.accountHolderKana ?? '');
  if (!kana || kana.length > ZENGIN_NAME_MAX) {
    throw new AppError(
      'invalid_kana_name',
      `The account holder's name in katakana (at most ${ZENGIN_NAME_MAX} characters once half-width)`,
      [{ path: 'body.accountHolderKana', message: 'Katakana, capital letters, digits, spaces and ( ) . - / only' }],
    );
  }
  return {
    bankName: branch.bankName,
    bankCode: body.bankCode ?? null,
    branchCode: body.branchCode ?? null,
    branchName: branch.branchName,
    accountType: body.accountType ?? null,
    accountHolderKana: kana,
  };
}

/** The account a body names (a bank's checked against the Zengin list; the bank's name comes from its code). */
export async function accountOf(body: PayoutAccountBody): Promise<PayoutAccountFields> {
  const named = { accountName: body.accountName ?? '', accountNumber: body.accountNumber ?? '' };
  return body.method === 'bank' ? { ...named, ...(await bankDetails(body)) } : { ...named, bankName: null };
}

/**
 * A kept account copied for a new payout (an earlier withdrawal's, or the saved one): a bank account
 * is checked against today's Zengin list again, as a branch can close.
 */
export async function copiedAccount(
  kept: PayoutAccountFields & BankFields,
  method: WithdrawalMethod,
): Promise<PayoutAccountFields> {
  const named = { accountName: kept.accountName, accountNumber: kept.accountNumber };
  if (method !== 'bank') return { ...named, bankName: kept.bankName };
  return { ...named, ...(await bankDetails({ ...kept, accountType: kept.accountType ?? 'ordinary' })) };
}

/**
 * The saved account a withdrawal with `savedAccount` is paid to: none is a 404, as another user's
 * earlier withdrawal is; one of another method a 400, as `sameAccountAs` of another method is.
 */
export async function savedAccountFor(
  db: Database,
  userId: number,
  method: WithdrawalMethod,
): Promise<PayoutAccountFields> {
  const saved = await repo.findPayoutAccount(db, userId);
  if (!saved) throw notFound('Payout account');
  if (saved.method !== method) {
    throw new AppError('validation_failed', 'Your saved payout account is of another method', [
      { path: 'body.savedAccount', message: `The saved account is ${saved.method}` },
    ]);
  }
  return copiedAccount(saved, method);
}

const view = (row: repo.PayoutAccountRow): PayoutAccountView => ({
  method: row.method,
  accountName: row.accountName,
  accountNumberMasked: maskNumber(row.accountNumber),
  bankName: row.bankName,
  bankCode: row.bankCode,
  branchCode: row.branchCode,
  branchName: row.branchName,
  accountType: row.accountType,
  accountHolderKana: row.accountHolderKana,
  updatedAt: row.updatedAt.toISOString(),
});

/** Whoever may request a withdrawal may keep an account to be paid to: a guide (decision 172). */
function guideOnly(user: AuthUser): void {
  if (!user.isGuide) throw new AppError('forbidden', 'Only guides have a payout account');
}

/**
 * A guide's saved payout account (decision 172): read, saved (created or replaced whole) and removed
 * by her alone, the number never read back in full. Saving checks exactly what a withdrawal's account
 * is checked for, and needs no balance.
 */
export class PayoutAccountService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async get(user: AuthUser): Promise<PayoutAccountView | null> {
    guideOnly(user);
    const row = await repo.findPayoutAccount(this.deps.db, user.id);
    return row ? view(row) : null;
  }

  async save(user: AuthUser, body: PayoutAccountBody): Promise<PayoutAccountView> {
    guideOnly(user);
    const account = await accountOf(body);
    // A replaced bank account leaves no bank field behind on an Alipay or WeChat one.
    const cleared = { bankCode: null, branchCode: null, branchName: null, accountType: null, accountHolderKana: null };
    return view(
      await repo.upsertPayoutAccount(this.deps.db, {
        userId: user.id,
        method: body.method,
        ...cleared,
        ...account,
        updatedAt: this.deps.now(),
      }),
    );
  }

  /** Removing an account that is not there is done already: the same 204. */
  async remove(user: AuthUser): Promise<void> {
    guideOnly(user);
    await repo.deletePayoutAccount(this.deps.db, user.id);
  }
}
