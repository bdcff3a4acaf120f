import type { Currency } from '../../../shared/currency';
import { ledgerEntries } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import { daysAhead, guidePerson, person, yenGuide, type Person } from '../bookings/test-helpers';
import { bookingIn } from '../reviews/test-helpers';

/** Test-only helpers for payout suites (not exported from the module's index). */

/** A real bank and branch from the Zengin list: みずほ, 東京営業部. */
export const REAL_BANK = { bankCode: '0001', branchCode: '001' } as const;

/** The Zengin list (5 MB), loaded only by the suites that ask. */
const zenginList = async () => (await import('zengin-code')).default;
/** A bank code the Zengin list does not have (a 400 `unknown_bank`). */
export async function unusedBank(): Promise<string> {
  const zengin = await zenginList();
  for (let n = 9999; n > 0; n--) if (!zengin[String(n).padStart(4, '0')]) return String(n).padStart(4, '0');
  throw new Error('every code is used');
}
/** A branch code みずほ (REAL_BANK's bank) does not have (a 400 `unknown_branch`). */
export async function unusedBranch(): Promise<string> {
  const branches = (await zenginList())[REAL_BANK.bankCode]!.branches;
  for (let n = 999; n > 0; n--) if (!branches[String(n).padStart(3, '0')]) return String(n).padStart(3, '0');
  throw new Error('every branch is used');
}

export const bankWithdrawal = (amountCents: number, extra: object = {}) => ({
  amountCents,
  method: 'bank',
  accountName: 'Yamada Taro',
  accountNumber: '1234567',
  ...REAL_BANK,
  accountType: 'ordinary',
  accountHolderKana: 'ヤマダ　タロウ',
  ...extra,
});

/**
 * A guide with `cents` withdrawable in `currency` (a yen guide for JPY): a completed booking's
 * earnings (a balanced pair in the bookings ledger, available a day ago), as the completion postings
 * would leave them.
 */
export async function guideWithEarnings(t: TestApp, cents: number, day = 40, currency: Currency = 'CNY') {
  const guide = currency === 'JPY' ? await yenGuide(t) : await guidePerson(t);
  const traveler = await person(t);
  const bookingId = await bookingIn(t, traveler, guide, daysAhead(day), 'completed');
  const availableAt = new Date(Date.now() - 86_400_000);
  await t.database.db.insert(ledgerEntries).values([
    {
      bookingId,
      account: 'guide',
      userId: guide.id,
      kind: 'guide_earnings',
      amountCents: cents,
      currency,
      availableAt,
    },
    { bookingId, account: 'platform', userId: null, kind: 'guide_earnings', amountCents: -cents, currency },
  ]);
  return guide;
}

/** Requests a payout as `guide` and approves it as `admin`; returns the withdrawal's id. */
export async function approvedWithdrawal(t: TestApp, guide: Person, admin: Person, body: object): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/withdrawals',
    headers: auth(guide.token),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`withdrawal failed: ${res.statusCode} ${res.body}`);
  const id = res.json().withdrawal.id as number;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${id}/approve`,
    headers: auth(admin.token),
  });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return id;
}

/**
 * A bank batch with one line (of `of`'s payout, or a new guide's), made on a business day (Friday 20 November 2026,
 * noon in Tokyo).
 */
export async function bankBatch(
  t: TestApp,
  admin: Person,
  of?: Person,
): Promise<{ id: number; lineId: number; withdrawalId: number }> {
  const guide = of ?? (await guideWithEarnings(t, 10_000));
  const withdrawalId = await approvedWithdrawal(t, guide, admin, bankWithdrawal(5_000));
  const before = t.app.bookings.now;
  t.app.bookings.now = () => new Date('2026-11-20T12:00:00+09:00');
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payout-batches',
      headers: auth(admin.token),
      payload: { kind: 'bank', jpyPerCny: '21.53' },
    });
    if (res.statusCode !== 201) throw new Error(`batch failed: ${res.statusCode} ${res.body}`);
    const batch = res.json();
    return {
      id: batch.id,
      lineId: batch.lines.find((l: { withdrawalId: number }) => l.withdrawalId === withdrawalId).id,
      withdrawalId,
    };
  } finally {
    t.app.bookings.now = before;
  }
}

let weeklyRun = 0;
/**
 * A bank batch as the weekly job forms it, awaiting its rate (decision 130): the job's own service
 * call, each for a week of its own (from 4 January 1999) so the week's unique batch never stops it.
 */
export async function awaitingBankBatch(
  t: TestApp,
  admin: Person,
): Promise<{ id: number; lineId: number; withdrawalId: number }> {
  const guide = await guideWithEarnings(t, 10_000);
  const withdrawalId = await approvedWithdrawal(t, guide, admin, bankWithdrawal(5_000));
  const week = new Date(Date.UTC(1999, 0, 4) + 7 * 86_400_000 * weeklyRun++).toISOString().slice(0, 10);
  const formed = await t.app.payoutBatches.formWeekly(week, new Date());
  const batch = formed.find((b) => b.kind === 'bank' && b.lines.some((l) => l.withdrawalId === withdrawalId));
  if (!batch) throw new Error('the weekly run formed no bank batch');
  return { id: batch.id, lineId: batch.lines.find((l) => l.withdrawalId === withdrawalId)!.id, withdrawalId };
}
