/**
 * A payout batch and its lines as the admin reads them (decisions 128, 129, 167): its status, totals per
 * currency, each line's withdrawal and bank; apart from the service, which forms, dates and settles them.
 */
import type { PayoutBatchSummary, PayoutLine } from '../../../shared/schemas/payouts';
import { CURRENCIES, trimRate } from '../../../shared/currency';
import type * as repo from './payout-batches.repository';

/**
 * A bank batch the weekly job formed waits for its transfer day, and for the rate when it holds a yuan
 * payout (decision 169): until then nothing in it is converted or paid. The status keeps its name.
 */
export const awaitingDay = (b: Pick<repo.BatchSummaryRow['batch'], 'kind' | 'transferDate'>) =>
  b.kind === 'bank' && b.transferDate === null;

/**
 * A batch's status from its pending lines and transfer day: one waiting for its day waits for a rate only
 * while a yuan payout is pending in it; yen are sent as they are, so yen alone wait for the day (decision 196).
 */
function statusOf(r: repo.BatchSummaryRow): PayoutBatchSummary['status'] {
  if (Number(r.pendingCount) === 0) return 'done';
  if (!awaitingDay(r.batch)) return 'open';
  return Number(r.pendingCny) > 0 ? 'awaiting_rate' : 'awaiting_day';
}

/** A batch in the list: its status, counts and totals. */
export const summary = (r: repo.BatchSummaryRow): PayoutBatchSummary => ({
  id: r.batch.id,
  kind: r.batch.kind,
  status: statusOf(r),
  transferDate: r.batch.transferDate,
  // numeric(10,6) comes back padded ("21.530000"): shown as entered, without the trailing zeros.
  jpyPerCny: r.batch.jpyPerCny === null ? null : trimRate(r.batch.jpyPerCny),
  formedForWeek: r.batch.formedForWeek,
  lineCount: Number(r.lineCount),
  pendingCount: Number(r.pendingCount),
  // Each currency's lines on their own (decision 167): a batch of yuan and yen payouts has two totals.
  totals: CURRENCIES.flatMap((currency) => {
    const sum = currency === 'CNY' ? r.totalCny : r.totalJpy;
    return sum === null ? [] : [{ currency, amountCents: Number(sum) }];
  }),
  totalYen: r.totalYen === null ? null : Number(r.totalYen),
  createdAt: r.batch.createdAt.toISOString(),
});

/** One line with its withdrawal: the guide, the amount and the bank account it is paid to. */
export const lineView = ({ line, withdrawal: w, username }: repo.LineWithWithdrawal): PayoutLine => ({
  id: line.id,
  withdrawalId: w.id,
  userId: w.userId,
  username,
  amountCents: line.amountCents,
  currency: w.currency,
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
