import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { approvedWithdrawal, bankWithdrawal, guideWithEarnings } from './test-helpers';

/**
 * A bank batch whose pending payouts are all in yen waits for its transfer day, never for a rate
 * (decisions 169, 196): the admin's list and the batch read `awaiting_day`, and it is dated, filed and
 * paid without a rate being typed. A batch waits for a rate only while a yuan payout is pending in it.
 */
let t: TestApp;
let admin: Person;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(admin.token), ...(payload ? { payload } : {}) });
const at = (iso: string) => {
  t.app.bookings.now = () => new Date(iso);
};
const listed = async (id: number) =>
  ((await call('GET', '/api/admin/payout-batches')).json().batches as { id: number; status: string }[]).find(
    (b) => b.id === id,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a bank batch of yen payouts alone', () => {
  it('is awaiting its transfer day, not a rate, and is sent without one', async () => {
    const guide = await guideWithEarnings(t, 30_000, 50, 'JPY');
    await approvedWithdrawal(t, guide, admin, bankWithdrawal(12_000));
    // Monday 11 January 2027 is Coming of Age Day: the weekly batch cannot be dated that day.
    const formed = await t.app.payoutBatches.formWeekly('1999-02-01', new Date('2027-01-11T09:00:00+09:00'));
    const batch = formed.find((b) => b.kind === 'bank')!;
    expect(batch.status).toBe('awaiting_day');
    expect((await listed(batch.id))?.status).toBe('awaiting_day');
    expect((await call('GET', `/api/admin/payout-batches/${batch.id}`)).json().status).toBe('awaiting_day');

    at('2027-01-12T10:00:00+09:00');
    const dated = await call('POST', `/api/admin/payout-batches/${batch.id}/rate`, {});
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({
      status: 'open',
      jpyPerCny: null,
      transferDate: '2027-01-13',
      totalYen: 12_000,
    });
    expect((await call('GET', `/api/admin/payout-batches/${batch.id}/zengin`)).statusCode).toBe(200);
    const line = dated.json().lines[0] as { id: number };
    const paid = await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${line.id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'done', jpyPerCny: null });
  });

  it('a batch holding a yuan payout awaits the rate until that payout fails; then its yen wait for the day alone', async () => {
    const yuanGuide = await guideWithEarnings(t, 50_000, 51);
    const yenGuide = await guideWithEarnings(t, 40_000, 52, 'JPY');
    await approvedWithdrawal(t, yuanGuide, admin, bankWithdrawal(10_000));
    await approvedWithdrawal(t, yenGuide, admin, bankWithdrawal(20_000));
    const formed = await t.app.payoutBatches.formWeekly('1999-02-08', new Date());
    const batch = formed.find((b) => b.kind === 'bank')!;
    expect(batch.status).toBe('awaiting_rate');
    const detail = (await call('GET', `/api/admin/payout-batches/${batch.id}`)).json() as {
      lines: { id: number; currency: string }[];
    };
    const yuanLine = detail.lines.find((l) => l.currency === 'CNY')!;
    const failed = await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${yuanLine.id}/failed`, {
      reason: 'Account closed',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().status).toBe('awaiting_day');
    expect((await listed(batch.id))?.status).toBe('awaiting_day');

    at('2027-01-12T10:00:00+09:00');
    const dated = await call('POST', `/api/admin/payout-batches/${batch.id}/rate`, {});
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({ status: 'open', jpyPerCny: null, totalYen: 20_000 });
  });
});
