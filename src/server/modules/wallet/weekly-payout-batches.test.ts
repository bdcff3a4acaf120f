import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { approvedWithdrawal, bankWithdrawal, guideWithEarnings } from './test-helpers';
import { WEEKLY_PAYOUT_JOB, weekDue } from './weekly-payouts';

/**
 * The weekly payout batches (decision 130): the job forms the week's batches on the first Japanese
 * business day from 10:00 in Japan, once a week whatever runs it again; a bank batch waits for the
 * admin's rate, which converts it exactly as a batch created with a rate.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;
let guide: Person;

const call = (method: 'GET' | 'POST', url: string, who: Person | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
const at = (iso: string) => {
  t.app.bookings.now = () => new Date(iso);
};
/** The job runner's tick at an instant: its sweep queues the week's job when due, then runs what is due. */
const tick = (iso: string) => t.app.jobs.tick(new Date(iso));
const batches = async () =>
  (await call('GET', '/api/admin/payout-batches', admin)).json().batches as {
    id: number;
    kind: string;
    status: string;
    formedForWeek: string | null;
  }[];
const alipay = (amountCents: number) => ({
  amountCents,
  method: 'alipay',
  accountName: 'Yamada',
  accountNumber: 'yamada@example.com',
});

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
  guide = await guideWithEarnings(t, 100_000);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('when the week’s batches are due', () => {
  it('from 10:00 in Japan on the week’s first business day, and on the later days of that week', () => {
    // Monday 30 November 2026 is a business day; Monday the 23rd is Labour Thanksgiving Day.
    expect(weekDue(new Date('2026-11-30T09:59:00+09:00'), 600)).toBeNull();
    expect(weekDue(new Date('2026-11-30T10:00:00+09:00'), 600)).toBe('2026-11-30');
    // Days and hours are Japan's: Monday 00:30 UTC is 09:30 there; Sunday 23:59 there is still the
    // week of the 23rd, whose batches stay due (a week missed on its first business day is still formed).
    expect(weekDue(new Date('2026-11-30T00:30:00Z'), 0)).toBe('2026-11-30');
    expect(weekDue(new Date('2026-11-29T23:59:00+09:00'), 0)).toBe('2026-11-23');
    expect(weekDue(new Date('2026-11-23T12:00:00+09:00'), 600)).toBeNull();
    expect(weekDue(new Date('2026-11-24T10:00:00+09:00'), 600)).toBe('2026-11-23');
    expect(weekDue(new Date('2026-11-26T08:00:00+09:00'), 600)).toBe('2026-11-23');
  });
});

describe('the weekly job', () => {
  let bankA: number;
  let bankB: number;
  let late: number;
  let bank: { id: number; lines: { id: number; withdrawalId: number; amountYen: number | null }[] };
  let alipayBatch: number;

  beforeAll(async () => {
    bankA = await approvedWithdrawal(t, guide, admin, bankWithdrawal(12_345));
    bankB = await approvedWithdrawal(t, guide, admin, bankWithdrawal(5_000, { accountNumber: '7654321' }));
    await approvedWithdrawal(t, guide, admin, alipay(2_000));
  });

  it('waits on a holiday Monday and forms the bank and Alipay batches on Tuesday from 10:00, the bank one awaiting its rate', async () => {
    await tick('2026-11-23T12:00:00+09:00');
    await tick('2026-11-24T09:59:00+09:00');
    expect(await batches()).toEqual([]);

    await tick('2026-11-24T10:00:00+09:00');
    const list = await batches();
    expect(list.map((b) => `${b.kind}:${b.status}:${b.formedForWeek}`).sort()).toEqual([
      'alipay:open:2026-11-23',
      'bank:awaiting_rate:2026-11-23',
    ]);
    bank = (await call('GET', `/api/admin/payout-batches/${list.find((b) => b.kind === 'bank')!.id}`, admin)).json();
    alipayBatch = list.find((b) => b.kind === 'alipay')!.id;
    expect(bank).toMatchObject({
      jpyPerCny: null,
      transferDate: null,
      totals: [{ currency: 'CNY', amountCents: 17_345 }],
      totalYen: null,
      pendingCount: 2,
    });
    expect(bank.lines.map((l) => l.withdrawalId)).toEqual([bankA, bankB]);
    expect(bank.lines.map((l) => l.amountYen)).toEqual([null, null]);

    // No yen yet: no conversion in the ledger, no file, nothing can be paid.
    const ledger = (await call('GET', `/api/admin/withdrawals/${bankA}/ledger`, admin)).json();
    expect(ledger.entries.map((e: { kind: string }) => e.kind)).not.toContain('payout_converted');
    const file = await call('GET', `/api/admin/payout-batches/${bank.id}/zengin`, admin);
    expect(file.statusCode).toBe(409);
    expect(file.json().code).toBe('rate_not_set');
    const paid = await call('POST', `/api/admin/payout-batches/${bank.id}/lines/${bank.lines[0]!.id}/paid`, admin);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('rate_not_set');
    expect((await call('POST', `/api/admin/withdrawals/${bankA}/paid`, admin)).json().code).toBe('in_payout_batch');
  });

  it('forms nothing twice in a week: a later tick, a retried job or a second instance’s job', async () => {
    late = await approvedWithdrawal(t, guide, admin, bankWithdrawal(3_000));
    const before = (await batches()).length;
    await tick('2026-11-25T10:00:00+09:00');
    await tick('2026-11-29T23:00:00+09:00');
    // One job for the week, whatever ticks it saw.
    const weekJobs = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `${WEEKLY_PAYOUT_JOB}:%`));
    expect(weekJobs.map((j) => [j.dedupeKey, j.status])).toEqual([[`${WEEKLY_PAYOUT_JOB}:2026-11-23`, 'done']]);
    // The week's job run again (a retry, or another instance whose job row this stands for): the
    // batches' unique week keeps it from forming a second bank batch with the payout approved since.
    await enqueueJob(t.database.db, {
      kind: WEEKLY_PAYOUT_JOB,
      payload: { week: '2026-11-23' },
      runAt: new Date('2026-11-25T01:00:00Z'),
    });
    await Promise.all([
      tick('2026-11-25T11:00:00+09:00'),
      t.app.payoutBatches.formWeekly('2026-11-23', new Date('2026-11-25T11:00:00+09:00')),
    ]);
    expect((await batches()).length).toBe(before);
    const again = await t.database.db.select().from(jobs).where(eq(jobs.kind, WEEKLY_PAYOUT_JOB));
    expect(again.every((j) => j.status === 'done')).toBe(true);
  });

  it('is for admins only to rate: others get 404, visitors 401; the rate is validated as at creation', async () => {
    at('2026-11-26T11:00:00+09:00');
    expect(
      (await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, guide, { jpyPerCny: '21.53' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, stranger, { jpyPerCny: '21.53' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, null, { jpyPerCny: '21.53' })).statusCode,
    ).toBe(401);
    for (const jpyPerCny of ['0', '21.1234567', 'abc', ''])
      expect(
        (await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, admin, { jpyPerCny })).statusCode,
        jpyPerCny,
      ).toBe(400);
    expect(
      (await call('POST', `/api/admin/payout-batches/${bank.id + 1000}/rate`, admin, { jpyPerCny: '21.53' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/payout-batches/${alipayBatch}/rate`, admin, { jpyPerCny: '21.53' })).json().code,
    ).toBe('not_a_bank_batch');
    at('2026-11-28T11:00:00+09:00');
    expect(
      (await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, admin, { jpyPerCny: '21.53' })).json().code,
    ).toBe('not_business_day');
  });

  it('a line awaiting the rate can fail; the rate then converts the pending lines once, and the file follows', async () => {
    const failed = await call('POST', `/api/admin/payout-batches/${bank.id}/lines/${bank.lines[1]!.id}/failed`, admin, {
      reason: 'Account closed',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'awaiting_rate', pendingCount: 1 });
    expect((await call('GET', `/api/admin/withdrawals/${bankB}/ledger`, admin)).json().total).toBe(0);

    // Thursday the 26th: transferred on Friday the 27th.
    at('2026-11-26T11:00:00+09:00');
    const rated = await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, admin, { jpyPerCny: '21.53' });
    expect(rated.statusCode, rated.body).toBe(200);
    // 123.45 RMB × 21.53 = 2657.8785 yen → 2657; the failed line stays without yen.
    expect(rated.json()).toMatchObject({
      status: 'open',
      jpyPerCny: '21.53',
      transferDate: '2026-11-27',
      totalYen: 2657,
    });
    expect(rated.json().lines).toEqual([
      expect.objectContaining({ withdrawalId: bankA, amountYen: 2657, status: 'pending' }),
      expect.objectContaining({ withdrawalId: bankB, amountYen: null, status: 'failed' }),
    ]);
    const ledger = (await call('GET', `/api/admin/withdrawals/${bankA}/ledger`, admin)).json();
    expect(ledger.total).toBe(0);
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'payout_converted')).toEqual([
      expect.objectContaining({ account: 'payout_sending', amountCents: -12_345, amountYen: null }),
      expect.objectContaining({ account: 'payout_batched', amountCents: 12_345, amountYen: 2657 }),
    ]);
    const second = await call('POST', `/api/admin/payout-batches/${bank.id}/rate`, admin, { jpyPerCny: '20' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('rate_already_set');

    const file = await call('GET', `/api/admin/payout-batches/${bank.id}/zengin`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="zengin-${bank.id}-2026-11-27.txt"`);
    // Header, one data record (the failed line left), trailer, end; the trailer's total in yen.
    expect(file.rawPayload.length).toBe(4 * 122);
    expect(file.rawPayload.subarray(2 * 122 + 7, 2 * 122 + 19).toString('latin1')).toBe('000000002657');
    const audit = (await call('GET', `/api/admin/audit-log?entityType=payout_batch&entityId=${bank.id}`, admin)).json();
    expect(JSON.stringify(audit)).toContain('payout_batch.rate');

    const paid = await call('POST', `/api/admin/payout-batches/${bank.id}/lines/${bank.lines[0]!.id}/paid`, admin);
    expect(paid.json()).toMatchObject({
      status: 'done',
      lines: [expect.objectContaining({ status: 'paid', withdrawalStatus: 'paid' }), expect.anything()],
    });
    expect((await call('GET', `/api/admin/withdrawals/${bankA}/ledger`, admin)).json().total).toBe(0);
  });

  it('on a Monday business day forms the waiting bank and Alipay batches; a week with nothing waiting forms nothing, without error', async () => {
    await approvedWithdrawal(t, guide, admin, alipay(1_500));
    await tick('2026-11-30T10:05:00+09:00');
    const week = (await batches()).filter((b) => b.formedForWeek === '2026-11-30');
    expect(week.map((b) => `${b.kind}:${b.status}`).sort()).toEqual(['alipay:open', 'bank:awaiting_rate']);
    const bankWeek = (
      await call('GET', `/api/admin/payout-batches/${week.find((b) => b.kind === 'bank')!.id}`, admin)
    ).json();
    expect(bankWeek.lines.map((l: { withdrawalId: number }) => l.withdrawalId)).toEqual([late]);

    const count = (await batches()).length;
    await tick('2026-12-07T10:00:00+09:00');
    expect((await batches()).length).toBe(count);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${WEEKLY_PAYOUT_JOB}:2026-12-07`));
    expect(job).toMatchObject({ status: 'done', lastError: null });
  });
});

describe('PAYOUT_WEEKLY_BATCH=off', () => {
  it('queues no weekly job', async () => {
    const off = await createTestApp({ seed: 'none', env: { PAYOUT_WEEKLY_BATCH: 'off' } });
    try {
      await off.app.jobs.tick(new Date('2026-11-30T12:00:00+09:00'));
      expect(await off.database.db.select().from(jobs).where(eq(jobs.kind, WEEKLY_PAYOUT_JOB))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
