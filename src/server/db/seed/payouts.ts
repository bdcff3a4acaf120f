import { eq } from 'drizzle-orm';
import { earningsOf } from '../../modules/wallet/wallet.service';
import { dayInJapan, isBusinessDay, mondayOf, nextBusinessDay } from '../../modules/wallet/business-days';
import { fenToYen } from '../../../shared/payout-yen';
import { insertBatch, insertLines } from '../../modules/wallet/payout-batches.repository';
import { insertPayoutPostings, insertWithdrawal, ledgerFigures, type PayoutPosting } from '../../modules/wallet/wallet.repository';
import type { Database } from '../client';
import { users } from '../schema/index';

const DAY = 86_400_000;
const DEMO_RATE = '21.53';
/** Sato Yuki's account at 三井住友, 神保町 (real codes from the Zengin list). */
const DEMO_BANK = { method: 'bank', accountName: 'Sato Yuki', accountNumber: '7654321', bankName: '三井住友', bankCode: '0009', branchCode: '001', branchName: '神保町', accountType: 'ordinary', accountHolderKana: 'ｻﾄｳ ﾕｷ' } as const;

/**
 * Demo step: payouts that left (decisions 128, 129). The demo guide's bank payout of 200 RMB went out
 * in last week's bank batch, made on a business day at 21.53 yen per RMB and marked paid; a second
 * payout of 80 RMB is approved and in this week's bank batch, which the weekly job formed and which
 * waits for the admin's rate (decision 130), so the admin can enter one at once.
 */
export async function seedDemoPayouts(db: Database, now: Date): Promise<void> {
  const [guide] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'guide'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!guide || !admin) return;
  if (earningsOf(await ledgerFigures(db, guide.id, now)).withdrawableCents < 28_000) return;

  let day = dayInJapan(new Date(now.getTime() - 7 * DAY));
  while (!isBusinessDay(day)) day = dayInJapan(new Date(Date.parse(`${day}T12:00:00+09:00`) - DAY));
  const batchAt = new Date(`${day}T11:00:00+09:00`);
  const transferDate = nextBusinessDay(day);
  const paidAt = new Date(`${transferDate}T15:00:00+09:00`);

  const paid = await payout(db, guide.id, admin.id, 20_000, new Date(batchAt.getTime() - 2 * DAY), 'paid', paidAt);
  const batch = (await insertBatch(db, { kind: 'bank', transferDate, jpyPerCny: DEMO_RATE, createdBy: admin.id, createdAt: batchAt }))!;
  const yen = fenToYen(paid.amountCents, DEMO_RATE);
  await insertLines(db, [{ batchId: batch.id, withdrawalId: paid.id, amountCents: paid.amountCents, amountYen: yen, status: 'paid', decidedBy: admin.id, decidedAt: paidAt }]);
  await post(db, paid, batchAt, [
    { account: 'payout_sending', kind: 'payout_converted', amountCents: -paid.amountCents },
    { account: 'payout_batched', kind: 'payout_converted', amountCents: paid.amountCents, amountYen: yen },
  ]);
  await post(db, paid, paidAt, [
    { account: 'payout_batched', kind: 'payout_paid', amountCents: -paid.amountCents },
    { account: 'payout_external', kind: 'payout_paid', amountCents: paid.amountCents },
  ]);
  const waiting = await payout(db, guide.id, admin.id, 8_000, new Date(now.getTime() - DAY), 'approved', new Date(now.getTime() - DAY / 2));
  const week = (await insertBatch(db, { kind: 'bank', formedForWeek: mondayOf(dayInJapan(now)), createdAt: new Date(now.getTime() - DAY / 4) }))!;
  await insertLines(db, [{ batchId: week.id, withdrawalId: waiting.id, amountCents: waiting.amountCents }]);
}

const post = (db: Database, w: { id: number; userId: number }, at: Date, postings: PayoutPosting[]) => insertPayoutPostings(db, w, postings, at);

/** A bank payout requested at `requestedAt` and approved two hours later, with its entries. */
async function payout(db: Database, userId: number, adminId: number, amountCents: number, requestedAt: Date, status: 'paid' | 'approved', updatedAt: Date) {
  const w = await insertWithdrawal(db, { userId, amountCents, ...DEMO_BANK, status, decidedBy: adminId, createdAt: requestedAt, updatedAt });
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
