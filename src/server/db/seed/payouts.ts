import { eq } from 'drizzle-orm';
import { earningsOf } from '../../modules/wallet/wallet.service';
import { dayInJapan, isBusinessDay, nextBusinessDay } from '../../modules/wallet/business-days';
import { insertBatch, insertLines } from '../../modules/wallet/payout-batches.repository';
import {
  insertPayoutPostings,
  insertWithdrawal,
  ledgerFigures,
  type PayoutPosting,
} from '../../modules/wallet/wallet.repository';
import type { Database } from '../client';
import { users } from '../schema/index';

const DAY = 86_400_000;
/** Sato Yuki's account at 三井住友, 神保町 (real codes from the Zengin list). */
const DEMO_BANK = {
  method: 'bank',
  accountName: 'Sato Yuki',
  accountNumber: '7654321',
  bankName: '三井住友',
  bankCode: '0009',
  branchCode: '001',
  branchName: '神保町',
  accountType: 'ordinary',
  accountHolderKana: 'ｻﾄｳ ﾕｷ',
} as const;

/**
 * Demo step: payouts that left (decisions 128, 129, 167, 169). The demo guide prices and earns in yen,
 * so her payouts are yen, sent as they are: ¥4,000 went out in last week's bank batch, made on a
 * business day with no rate (it held yen alone) and marked paid; a second payout of ¥1,600 was approved
 * yesterday and waits for the next bank batch, which the admin can make at once, with no rate to type,
 * or the weekly job forms (decision 130).
 */
export async function seedDemoPayouts(db: Database, now: Date): Promise<void> {
  const [guide] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'guide'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!guide || !admin) return;
  const figures = (await ledgerFigures(db, guide.id, now)).byCurrency.JPY;
  if (!figures || earningsOf(figures).withdrawableCents < 5_600) return;

  let day = dayInJapan(new Date(now.getTime() - 7 * DAY));
  while (!isBusinessDay(day)) day = dayInJapan(new Date(Date.parse(`${day}T12:00:00+09:00`) - DAY));
  const batchAt = new Date(`${day}T11:00:00+09:00`);
  const transferDate = nextBusinessDay(day);
  const paidAt = new Date(`${transferDate}T15:00:00+09:00`);

  const paid = await payout(db, guide.id, admin.id, 4_000, new Date(batchAt.getTime() - 2 * DAY), 'paid', paidAt);
  const batch = (await insertBatch(db, {
    kind: 'bank',
    transferDate,
    jpyPerCny: null,
    createdBy: admin.id,
    createdAt: batchAt,
  }))!;
  // A yen payout is sent as it is: a batch of yen alone has a transfer day and no rate (decision 169).
  const yen = paid.amountCents;
  await insertLines(db, [
    {
      batchId: batch.id,
      withdrawalId: paid.id,
      amountCents: paid.amountCents,
      amountYen: yen,
      status: 'paid',
      decidedBy: admin.id,
      decidedAt: paidAt,
    },
  ]);
  await post(db, paid, batchAt, [
    { account: 'payout_sending', kind: 'payout_converted', amountCents: -paid.amountCents },
    { account: 'payout_batched', kind: 'payout_converted', amountCents: paid.amountCents, amountYen: yen },
  ]);
  await post(db, paid, paidAt, [
    { account: 'payout_batched', kind: 'payout_paid', amountCents: -paid.amountCents },
    { account: 'payout_external', kind: 'payout_paid', amountCents: paid.amountCents },
  ]);
  await payout(
    db,
    guide.id,
    admin.id,
    1_600,
    new Date(now.getTime() - DAY),
    'approved',
    new Date(now.getTime() - DAY / 2),
  );
}

const post = (db: Database, w: Parameters<typeof insertPayoutPostings>[1], at: Date, postings: PayoutPosting[]) =>
  insertPayoutPostings(db, w, postings, at);

/** A bank payout requested at `requestedAt` and approved two hours later, with its entries. */
async function payout(
  db: Database,
  userId: number,
  adminId: number,
  amountCents: number,
  requestedAt: Date,
  status: 'paid' | 'approved',
  updatedAt: Date,
) {
  const w = await insertWithdrawal(db, {
    userId,
    amountCents,
    currency: 'JPY',
    ...DEMO_BANK,
    status,
    decidedBy: adminId,
    createdAt: requestedAt,
    updatedAt,
  });
  await post(db, w, requestedAt, [
    { account: 'guide', kind: 'withdrawal', amountCents: -amountCents },
    { account: 'payout_hold', kind: 'withdrawal', amountCents },
  ]);
  await post(db, w, new Date(requestedAt.getTime() + 2 * 3_600_000), [
    { account: 'payout_hold', kind: 'payout_approved', amountCents: -amountCents },
    { account: 'payout_sending', kind: 'payout_approved', amountCents },
  ]);
  return w;
}
