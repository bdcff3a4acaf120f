import Encoding from 'encoding-japanese';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fenToYen } from '../../../shared/payout-yen';
import { systemMessages } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, person, YEN_RATES, yenGuide, type Person } from '../bookings/test-helpers';
import { approvedWithdrawal, bankWithdrawal, guideWithEarnings } from './test-helpers';

/**
 * A guide who prices in yen earns, withdraws and is paid in yen (decision 167): her completed tour's
 * earnings are yen, her wallet reads in yen, a payout is requested from the yen balance and posted in
 * yen, and a bank batch sends it as it is, with no rate (decision 169); a batch holding yuan and yen
 * payouts converts only the yuan line. A guide who once priced in yuan keeps that balance on its own.
 */
let t: TestApp;
let admin: Person;
let traveler: Person;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
const wallet = async (who: Person) => (await call('GET', '/api/v2/wallet', who)).json();
const at = (iso: string) => {
  t.app.bookings.now = () => new Date(iso);
};
type Entry = { account: string; kind: string; amountCents: number; currency: string; amountYen: number | null };
const payoutLedger = async (id: number) =>
  (await call('GET', `/api/admin/withdrawals/${id}/ledger`, admin)).json() as { entries: Entry[]; total: number };

/** The data records' amounts and the trailer's total of a batch's Zengin file (decision 128's columns). */
async function zengin(batchId: number): Promise<{ amounts: number[]; total: number }> {
  const res = await call('GET', `/api/admin/payout-batches/${batchId}/zengin`, admin);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  const records: string[] = [];
  for (let i = 0; i < bytes.length; i += 122)
    records.push(
      Encoding.codeToString(Encoding.convert(Array.from(bytes.subarray(i, i + 120)), { to: 'UNICODE', from: 'SJIS' })),
    );
  return {
    amounts: records.filter((r) => r.startsWith('2')).map((r) => Number(r.slice(80, 90))),
    total: Number(records.find((r) => r.startsWith('8'))!.slice(7, 19)),
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  traveler = await person(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a guide who prices in yen', () => {
  let guide: Awaited<ReturnType<typeof yenGuide>>;
  let withdrawalId: number;

  it('earns in yen: a completed tour’s earnings are yen, pending and then withdrawable, the wallet reading in yen', async () => {
    guide = await yenGuide(t);
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(20), '10:00', 4);
    const accepted = await call('POST', `/api/v2/bookings/${id}/accept`, guide);
    expect(accepted.statusCode, accepted.body).toBe(200);
    at(new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000).toISOString());
    expect(
      (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
      'ongoing',
    );
    expect((await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'completed' })).statusCode).toBe(200);
    const entries = (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json().entries as (Entry & {
      availableAt: string;
    })[];
    // 2 travelers × 4 h at ¥4,000 + ¥1,000 = ¥20,000; the deposit (20 %) is ¥4,000, of which the
    // platform keeps its 10 % of the total, ¥2,000: the guide earns ¥2,000, in yen, never converted.
    const earned = entries.find((e) => e.kind === 'guide_earnings')!;
    expect(earned).toMatchObject({ account: 'guide', currency: 'JPY', amountCents: 2_000 });
    expect(entries.filter((e) => e.account === 'guide').every((e) => e.currency === 'JPY')).toBe(true);

    expect(await wallet(guide)).toMatchObject({
      currency: 'JPY',
      assetBalanceCents: 2_000,
      earnings: { totalCents: 2_000, pendingCents: 2_000, withdrawableCents: 0, nextAvailableAt: earned.availableAt },
      otherBalances: [],
    });
    at(new Date(Date.parse(earned.availableAt) + 60_000).toISOString());
    expect((await wallet(guide)).earnings).toMatchObject({
      totalCents: 2_000,
      pendingCents: 0,
      withdrawableCents: 2_000,
    });
  });

  it('withdraws ¥1,500 to her bank from the yen balance; the payout’s entries are yen and sum to zero', async () => {
    // A month on: her earnings are long withdrawable.
    at(new Date(Date.now() + 30 * 86_400_000).toISOString());
    expect((await wallet(guide)).earnings).toMatchObject({ withdrawableCents: 2_000, nextAvailableAt: null });
    // In yen: not to Alipay or WeChat, not under ¥100, not over the yen balance, not from a yuan balance she has not
    // got.
    const alipay = await call('POST', '/api/v2/wallet/withdrawals', guide, {
      amountCents: 1_000,
      method: 'alipay',
      accountName: 'Sato',
      accountNumber: 'sato@example.com',
    });
    expect(alipay.statusCode).toBe(400);
    expect(alipay.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.method' }] });
    const tiny = await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(99));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().fields).toEqual([expect.objectContaining({ path: 'body.amountCents' })]);
    expect((await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(2_001))).json().code).toBe(
      'insufficient_balance',
    );
    expect(
      (await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(1_000, { currency: 'CNY' }))).json().code,
    ).toBe('insufficient_balance');

    const res = await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(1_500));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      withdrawal: { amountCents: 1_500, currency: 'JPY', method: 'bank', status: 'requested' },
      earnings: { withdrawableCents: 500, inPayoutCents: 1_500 },
    });
    withdrawalId = res.json().withdrawal.id;
    expect((await call('GET', `/api/v2/wallet/withdrawals/${withdrawalId}`, guide)).json()).toMatchObject({
      amountCents: 1_500,
      currency: 'JPY',
    });
    expect(await wallet(guide)).toMatchObject({
      currency: 'JPY',
      assetBalanceCents: 2_000,
      earnings: { withdrawableCents: 500, inPayoutCents: 1_500 },
    });
    const ledger = await payoutLedger(withdrawalId);
    expect(ledger.total).toBe(0);
    expect(ledger.entries.map((e) => [e.account, e.amountCents, e.currency])).toEqual([
      ['guide', -1_500, 'JPY'],
      ['payout_hold', 1_500, 'JPY'],
    ]);
    // Another guide never sees it.
    expect((await call('GET', `/api/v2/wallet/withdrawals/${withdrawalId}`, await yenGuide(t))).statusCode).toBe(404);
  });

  it('is paid in a bank batch of yen alone: no rate is asked or kept, and the line and the Zengin record carry ¥1,500', async () => {
    expect((await call('POST', `/api/admin/withdrawals/${withdrawalId}/approve`, admin)).statusCode).toBe(200);
    // Friday 20 November 2026: the transfer is on Tuesday the 24th, and no rate is typed.
    at('2026-11-20T12:00:00+09:00');
    const res = await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank' });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json();
    expect(batch).toMatchObject({
      status: 'open',
      transferDate: '2026-11-24',
      jpyPerCny: null,
      totals: [{ currency: 'JPY', amountCents: 1_500 }],
      totalYen: 1_500,
      lineCount: 1,
    });
    expect(batch.lines).toEqual([
      expect.objectContaining({ withdrawalId, currency: 'JPY', amountCents: 1_500, amountYen: 1_500 }),
    ]);
    expect(await zengin(batch.id)).toEqual({ amounts: [1_500], total: 1_500 });
    // No payout used a rate: the form's estimate and the invoices have none to take.
    expect((await call('GET', '/api/v2/wallet/payout-rate', guide)).json()).toEqual({ rate: null });

    const paid = await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${batch.lines[0].id}/paid`, admin);
    expect(paid.json()).toMatchObject({
      status: 'done',
      lines: [expect.objectContaining({ status: 'paid', withdrawalStatus: 'paid' })],
    });
    const ledger = await payoutLedger(withdrawalId);
    expect(ledger.total).toBe(0);
    expect(ledger.entries.every((e) => e.currency === 'JPY')).toBe(true);
    expect(ledger.entries.filter((e) => e.kind === 'payout_converted')).toEqual([
      expect.objectContaining({ account: 'payout_sending', amountCents: -1_500, amountYen: null }),
      expect.objectContaining({ account: 'payout_batched', amountCents: 1_500, amountYen: 1_500 }),
    ]);
    at(new Date(Date.now() + 30 * 86_400_000).toISOString());
    expect((await wallet(guide)).earnings).toMatchObject({
      withdrawableCents: 500,
      inPayoutCents: 0,
      withdrawnCents: 1_500,
    });
    // Her notice names yen.
    await t.app.jobs.tick(new Date());
    const [notice] = await t.database.db
      .select()
      .from(systemMessages)
      .where(
        and(
          eq(systemMessages.userId, guide.id),
          eq(systemMessages.relatedEntityType, 'withdrawal'),
          eq(systemMessages.relatedEntityId, withdrawalId),
        ),
      );
    expect(notice?.message).toContain('Your withdrawal of ¥1,500 (JPY) has been paid.');
  });
});

describe('a bank batch of yuan and yen payouts', () => {
  it('converts only the yuan line at the rate the admin gives the weekly batch; the yen line is sent as it is', async () => {
    const yuanGuide = await guideWithEarnings(t, 100_000);
    const yen = await guideWithEarnings(t, 60_000, 41, 'JPY');
    const yuanId = await approvedWithdrawal(t, yuanGuide, admin, bankWithdrawal(12_345));
    const yenId = await approvedWithdrawal(t, yen, admin, bankWithdrawal(48_000));
    const formed = await t.app.payoutBatches.formWeekly('1999-01-04', new Date());
    const waiting = formed.find((b) => b.kind === 'bank')!;
    // Awaiting the rate, nothing has its yen yet; the totals stay apart.
    expect(waiting).toMatchObject({
      status: 'awaiting_rate',
      totalYen: null,
      totals: [
        { currency: 'CNY', amountCents: 12_345 },
        { currency: 'JPY', amountCents: 48_000 },
      ],
    });

    at('2026-12-01T11:00:00+09:00');
    const rated = await call('POST', `/api/admin/payout-batches/${waiting.id}/rate`, admin, { jpyPerCny: '20.125' });
    expect(rated.statusCode, rated.body).toBe(200);
    // 123.45 RMB × 20.125 = 2,484.43… yen, rounded down; ¥48,000 stays ¥48,000.
    expect(fenToYen(12_345, '20.125')).toBe(2_484);
    const lines = rated.json().lines as {
      withdrawalId: number;
      currency: string;
      amountCents: number;
      amountYen: number;
    }[];
    expect(lines.find((l) => l.withdrawalId === yuanId)).toMatchObject({
      currency: 'CNY',
      amountCents: 12_345,
      amountYen: 2_484,
    });
    expect(lines.find((l) => l.withdrawalId === yenId)).toMatchObject({
      currency: 'JPY',
      amountCents: 48_000,
      amountYen: 48_000,
    });
    expect(rated.json()).toMatchObject({ status: 'open', transferDate: '2026-12-02', totalYen: 50_484 });
    expect(await zengin(waiting.id)).toEqual({ amounts: [2_484, 48_000], total: 50_484 });
    // This rate converted a yuan payout: it is the latest one.
    expect((await call('GET', '/api/v2/wallet/payout-rate', yen)).json()).toEqual({
      rate: { jpyPerCny: '20.125', transferDate: '2026-12-02' },
    });

    for (const [id, currency] of [
      [yuanId, 'CNY'],
      [yenId, 'JPY'],
    ] as const) {
      const ledger = await payoutLedger(id);
      expect(ledger.total).toBe(0);
      expect(ledger.entries.every((e) => e.currency === currency)).toBe(true);
    }
    expect((await payoutLedger(yenId)).entries.find((e) => e.account === 'payout_batched')).toMatchObject({
      amountCents: 48_000,
      amountYen: 48_000,
    });
    expect((await payoutLedger(yuanId)).entries.find((e) => e.account === 'payout_batched')).toMatchObject({
      amountCents: 12_345,
      amountYen: 2_484,
    });
    // Each guide's wallet moved in their own currency only.
    expect(await wallet(yen)).toMatchObject({
      currency: 'JPY',
      earnings: { withdrawableCents: 12_000, inPayoutCents: 48_000 },
      otherBalances: [],
    });
    expect(await wallet(yuanGuide)).toMatchObject({
      currency: 'CNY',
      earnings: { withdrawableCents: 87_655, inPayoutCents: 12_345 },
      otherBalances: [],
    });
  });
});

describe('a guide who priced in yuan and now prices in yen', () => {
  it('keeps the yuan balance on its own beside the yen one, and withdraws from each in its currency', async () => {
    const guide = await guideWithEarnings(t, 30_000);
    expect((await call('GET', '/api/v2/guides/me/rates', guide)).json().currency).toBe('CNY');
    // She switches to yen; the yuan she earned stays yuan.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v2/guides/me/rates',
          headers: auth(guide.token),
          payload: YEN_RATES,
        })
      ).statusCode,
    ).toBe(200);
    const w = await wallet(guide);
    expect(w).toMatchObject({
      currency: 'JPY',
      assetBalanceCents: 0,
      earnings: { totalCents: 0, withdrawableCents: 0 },
    });
    expect(w.otherBalances).toEqual([
      {
        currency: 'CNY',
        assetBalanceCents: 30_000,
        earnings: expect.objectContaining({ totalCents: 30_000, withdrawableCents: 30_000 }),
      },
    ]);

    // Without a currency the payout is from her own (yen) balance, which is empty; the yuan one is named.
    expect(
      (
        await call('POST', '/api/v2/wallet/withdrawals', guide, {
          amountCents: 10_000,
          method: 'alipay',
          accountName: 'Sato',
          accountNumber: 'sato@example.com',
        })
      ).json().code,
    ).toBe('validation_failed');
    const yuan = await call('POST', '/api/v2/wallet/withdrawals', guide, {
      amountCents: 10_000,
      currency: 'CNY',
      method: 'alipay',
      accountName: 'Sato',
      accountNumber: 'sato@example.com',
    });
    expect(yuan.statusCode, yuan.body).toBe(201);
    expect(yuan.json()).toMatchObject({
      withdrawal: { currency: 'CNY', amountCents: 10_000 },
      earnings: { withdrawableCents: 20_000, inPayoutCents: 10_000 },
    });
    expect((await wallet(guide)).otherBalances).toEqual([
      expect.objectContaining({
        currency: 'CNY',
        assetBalanceCents: 30_000,
        earnings: expect.objectContaining({ withdrawableCents: 20_000 }),
      }),
    ]);
  });
});

describe('a bank batch of yen payouts alone', () => {
  const bankBatch = <B extends { kind: string }>(batches: B[]): B => batches.find((b) => b.kind === 'bank')!;

  it('is dated by the weekly job on a business day, with no rate to wait for', async () => {
    const guide = await guideWithEarnings(t, 20_000, 43, 'JPY');
    await approvedWithdrawal(t, guide, admin, bankWithdrawal(5_000));
    // Monday 7 December 2026 is a business day: the transfer is on Tuesday the 8th.
    const batch = bankBatch(await t.app.payoutBatches.formWeekly('1999-01-11', new Date('2026-12-07T09:00:00+09:00')));
    expect(batch).toMatchObject({
      status: 'open',
      transferDate: '2026-12-08',
      jpyPerCny: null,
      totals: [{ currency: 'JPY', amountCents: 5_000 }],
      totalYen: 5_000,
    });
    expect(await zengin(batch.id)).toEqual({ amounts: [5_000], total: 5_000 });
  });

  it('formed on a holiday, waits for its day, which the admin gives without a rate; a yuan payout waiting needs one', async () => {
    const guide = await guideWithEarnings(t, 20_000, 44, 'JPY');
    await approvedWithdrawal(t, guide, admin, bankWithdrawal(6_000));
    // Monday 11 January 2027 is Coming of Age Day, no business day: nothing is dated.
    const waiting = bankBatch(
      await t.app.payoutBatches.formWeekly('1999-01-18', new Date('2027-01-11T09:00:00+09:00')),
    );
    // Yen alone wait for their day, never for a rate (decision 196).
    expect(waiting).toMatchObject({ status: 'awaiting_day', transferDate: null, jpyPerCny: null, totalYen: null });
    // A yuan guide's payout, approved after the weekly run, waits for the next batch.
    const yuanGuide = await guideWithEarnings(t, 50_000, 45);
    await approvedWithdrawal(t, yuanGuide, admin, bankWithdrawal(10_000));

    at('2027-01-12T10:00:00+09:00');
    const dated = await call('POST', `/api/admin/payout-batches/${waiting.id}/rate`, admin, {});
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({
      status: 'open',
      transferDate: '2027-01-13',
      jpyPerCny: null,
      totalYen: 6_000,
    });
    expect((await call('POST', `/api/admin/payout-batches/${waiting.id}/rate`, admin, {})).json().code).toBe(
      'rate_already_set',
    );

    // The admin's own bank batch with a yuan payout waiting: its rate is asked for, and nothing is formed without it.
    const refused = await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'rate_required', fields: [{ path: 'jpyPerCny' }] });
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '20.5' })).json(),
    ).toMatchObject({ jpyPerCny: '20.5', totalYen: 2_050 });
  });
});
