import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYen } from '../../../shared/payout-yen';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { awaitingBankBatch, bankBatch, bankWithdrawal, guideWithEarnings } from './test-helpers';

/**
 * What the withdrawal form reads for a Japanese bank account: the latest yen rate the product used
 * (an admin's rate on a bank batch, decisions 129, 130) with its transfer day, none before the first;
 * and a payout to the same account as an earlier one, copied on the server (the form sees the number
 * only masked).
 */
let t: TestApp;
let admin: Person;
let stranger: Person;

const call = (method: 'GET' | 'POST', url: string, who: Person | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
const rate = async (who: Person | null) => call('GET', '/api/v2/wallet/payout-rate', who);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
});
afterAll(() => t.close());

describe('GET /api/v2/wallet/payout-rate', () => {
  it('is null before any bank batch has a rate (an unrated weekly batch included), then the latest rate with its transfer day', async () => {
    expect((await rate(null)).statusCode).toBe(401);
    expect((await rate(stranger)).json()).toEqual({ rate: null });
    // The weekly job's batch waits for the admin: no rate was used yet.
    await awaitingBankBatch(t, admin);
    expect((await rate(stranger)).json()).toEqual({ rate: null });
    // Made on Friday 20 November 2026 at 21.53: the transfer is on Tuesday the 24th (the 23rd is a holiday).
    await bankBatch(t, admin);
    const res = await rate(stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rate: { jpyPerCny: '21.53', transferDate: '2026-11-24' } });
  });

  it('answers the rate of the latest transfer day, as the admin typed it', async () => {
    const waiting = await awaitingBankBatch(t, admin);
    t.app.bookings.now = () => new Date('2026-12-01T11:00:00+09:00');
    try {
      expect(
        (await call('POST', `/api/admin/payout-batches/${waiting.id}/rate`, admin, { jpyPerCny: '20.125' })).statusCode,
      ).toBe(200);
    } finally {
      t.app.bookings.now = () => new Date();
    }
    expect((await rate(stranger)).json()).toEqual({ rate: { jpyPerCny: '20.125', transferDate: '2026-12-02' } });
    // The estimate's rule is the batch's: 2,430 RMB at 20.125 is 48,903.75 yen, rounded down.
    expect(fenToYen(243_000, '20.125')).toBe(48_903);
  });
});

describe('POST /api/v2/wallet/withdrawals with sameAccountAs', () => {
  it('pays into the account of the guide’s earlier withdrawal, checked again against the Zengin list', async () => {
    const guide = await guideWithEarnings(t, 20_000);
    const first = await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(1_000));
    expect(first.statusCode, first.body).toBe(201);
    const earlierId = first.json().withdrawal.id as number;
    const again = await call('POST', '/api/v2/wallet/withdrawals', guide, {
      amountCents: 2_000,
      method: 'bank',
      sameAccountAs: earlierId,
    });
    expect(again.statusCode, again.body).toBe(201);
    const { withdrawal } = again.json();
    expect(withdrawal).toMatchObject({
      amountCents: 2_000,
      method: 'bank',
      accountName: 'Yamada Taro',
      accountNumberMasked: '•••4567',
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountType: 'ordinary',
      accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    });
    expect(withdrawal.id).not.toBe(earlierId);
    // The admin, who pays it, reads the full number: the one the guide typed the first time.
    const all = (await call('GET', '/api/admin/withdrawals?status=requested', admin)).json().withdrawals;
    expect(all.find((w: { id: number }) => w.id === withdrawal.id).accountNumber).toBe('1234567');
  });

  it('refuses another user’s withdrawal (404), another method’s (400), and account fields beside it (400)', async () => {
    const owner = await guideWithEarnings(t, 20_000);
    const other = await guideWithEarnings(t, 20_000);
    const earlier = (await call('POST', '/api/v2/wallet/withdrawals', owner, bankWithdrawal(1_000))).json().withdrawal
      .id as number;

    const stolen = await call('POST', '/api/v2/wallet/withdrawals', other, {
      amountCents: 1_000,
      method: 'bank',
      sameAccountAs: earlier,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('not_found');
    const missing = await call('POST', '/api/v2/wallet/withdrawals', owner, {
      amountCents: 1_000,
      method: 'bank',
      sameAccountAs: 999_999,
    });
    expect(missing.statusCode).toBe(404);

    const wrongMethod = await call('POST', '/api/v2/wallet/withdrawals', owner, {
      amountCents: 1_000,
      method: 'alipay',
      sameAccountAs: earlier,
    });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.sameAccountAs' }] });

    const mixed = await call('POST', '/api/v2/wallet/withdrawals', owner, {
      amountCents: 1_000,
      method: 'bank',
      sameAccountAs: earlier,
      accountNumber: '7654321',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('validation_failed');
    // Without it, the account is still required.
    const bare = await call('POST', '/api/v2/wallet/withdrawals', owner, { amountCents: 1_000, method: 'alipay' });
    expect(bare.statusCode).toBe(400);
    // Nothing of these reached the owner's balance: only the first 10 RMB is held.
    expect((await call('GET', '/api/v2/wallet', owner)).json().earnings).toMatchObject({
      withdrawableCents: 19_000,
      inPayoutCents: 1_000,
    });
  });
});
