import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts, users } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson, person, type Person } from '../bookings/test-helpers';
import { bankWithdrawal, guideWithEarnings, unusedBank, unusedBranch } from './test-helpers';

/**
 * A guide's saved payout account (decision 172): saved before she has any balance, checked as a
 * withdrawal's account is, read back only masked and only by her, replaced and removed; a withdrawal
 * takes it in one field, and keeps its own copy whatever happens to it afterwards.
 */
let t: TestApp;
let admin: Person;
let traveler: Person;

const URL = '/api/v2/wallet/payout-account';
// Saving and withdrawing are rate-limited per address: each request comes from its own.
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Person | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? auth(who.token) : {},
    remoteAddress: nextAddress(),
    ...(payload ? { payload } : {}),
  });
const { amountCents: _, ...BANK } = bankWithdrawal(1);
const ALIPAY = { method: 'alipay', accountName: 'Tanaka Yui', accountNumber: 'yui@example.com' };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  traveler = await person(t);
});
afterAll(() => t.close());

describe('the saved payout account', () => {
  it('is saved by a guide with no balance at all, and reads back with its number masked', async () => {
    const guide = await guidePerson(t);
    expect((await call('GET', '/api/v2/wallet', guide)).json()).toMatchObject({
      assetBalanceCents: 0,
      earnings: { withdrawableCents: 0, pendingCents: 0 },
    });
    expect((await call('GET', URL, guide)).json()).toEqual({ account: null });

    const saved = await call('PUT', URL, guide, BANK);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      method: 'bank',
      accountName: 'Yamada Taro',
      accountNumberMasked: '•••4567',
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountType: 'ordinary',
      // Typed full-width with a full-width space; kept half-width, as the transfer file writes it.
      accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    };
    expect(saved.json().account).toMatchObject(expected);
    expect(saved.body).not.toContain('1234567');
    const read = await call('GET', URL, guide);
    expect(read.statusCode).toBe(200);
    expect(read.json().account).toMatchObject(expected);
    expect(read.body).not.toContain('1234567');
  });

  it('refuses what a withdrawal refuses, with the same stable codes, and keeps nothing of it', async () => {
    const guide = await guidePerson(t);
    const put = (body: object) => call('PUT', URL, guide, body);
    const bank = await put({ ...BANK, bankCode: await unusedBank() });
    expect(bank.statusCode).toBe(400);
    expect(bank.json()).toMatchObject({ code: 'unknown_bank', fields: [{ path: 'body.bankCode' }] });
    const branch = await put({ ...BANK, branchCode: await unusedBranch() });
    expect(branch.json()).toMatchObject({ code: 'unknown_branch', fields: [{ path: 'body.branchCode' }] });
    for (const name of ['山田 太郎', 'ヤマダ・タロウ', 'ア'.repeat(31)]) {
      const kana = await put({ ...BANK, accountHolderKana: name });
      expect(kana.statusCode, name).toBe(400);
      expect(kana.json()).toMatchObject({ code: 'invalid_kana_name', fields: [{ path: 'body.accountHolderKana' }] });
    }
    const short = await put({ ...BANK, accountNumber: '123456' });
    expect(short.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.accountNumber' }] });
    const missing = await put({ method: 'bank', accountName: 'Yamada', accountNumber: '1234567' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['body.bankCode', 'body.branchCode', 'body.accountType', 'body.accountHolderKana']),
    );
    expect((await put({ ...ALIPAY, method: 'paypal' })).json().code).toBe('validation_failed');
    expect((await put({ ...ALIPAY, amountCents: 1_000 })).json().code).toBe('validation_failed');
    expect((await put({ method: 'wechat', accountName: 'Wang' })).json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.accountNumber' }],
    });
    expect((await call('GET', URL, guide)).json()).toEqual({ account: null });
  });

  it('is a guide’s alone: a traveler is refused, a visitor must sign in, and no one reads another’s', async () => {
    expect((await call('GET', URL, null)).statusCode).toBe(401);
    expect((await call('PUT', URL, null, ALIPAY)).statusCode).toBe(401);
    expect((await call('DELETE', URL, null)).statusCode).toBe(401);
    for (const res of [
      await call('GET', URL, traveler),
      await call('PUT', URL, traveler, ALIPAY),
      await call('DELETE', URL, traveler),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const owner = await guidePerson(t);
    const other = await guidePerson(t);
    await call('PUT', URL, owner, BANK);
    // The route names no account: another guide reads, replaces and removes only her own.
    expect((await call('GET', URL, other)).json()).toEqual({ account: null });
    expect((await call('PUT', URL, other, ALIPAY)).statusCode).toBe(200);
    expect((await call('DELETE', URL, other)).statusCode).toBe(204);
    expect((await call('GET', URL, owner)).json().account).toMatchObject({
      method: 'bank',
      accountNumberMasked: '•••4567',
    });
  });

  it('is replaced whole, and removed (twice is the same 204)', async () => {
    const guide = await guidePerson(t);
    await call('PUT', URL, guide, BANK);
    const replaced = await call('PUT', URL, guide, ALIPAY);
    expect(replaced.statusCode).toBe(200);
    // Nothing of the bank account stays on the Alipay one.
    expect((await call('GET', URL, guide)).json().account).toMatchObject({
      method: 'alipay',
      accountName: 'Tanaka Yui',
      accountNumberMasked: '••••••••.com',
      bankName: null,
      bankCode: null,
      branchCode: null,
      branchName: null,
      accountType: null,
      accountHolderKana: null,
    });
    expect(replaced.body).not.toContain('yui@example.com');
    const removed = await call('DELETE', URL, guide);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call('GET', URL, guide)).json()).toEqual({ account: null });
    expect((await call('DELETE', URL, guide)).statusCode).toBe(204);
  });

  it('goes with the account when the guide deletes it', async () => {
    const user = await signUp(t);
    await t.database.db.update(users).set({ isGuide: true, role: 'guide' }).where(eq(users.id, user.id));
    expect((await call('PUT', URL, { id: user.id, token: user.token }, BANK)).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(user.token),
      payload: { password: user.password, confirmation: user.username },
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id))).toEqual([]);
  });
});

describe('a withdrawal to the saved account', () => {
  const withdraw = (who: Person, body: object) => call('POST', '/api/v2/wallet/withdrawals', who, body);

  it('is paid to it in one field, and keeps its own copy when the saved account changes', async () => {
    const guide = await guideWithEarnings(t, 20_000);
    await call('PUT', URL, guide, BANK);
    const res = await withdraw(guide, { amountCents: 2_000, method: 'bank', savedAccount: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
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
      status: 'requested',
    });
    const id = res.json().withdrawal.id as number;
    const adminRow = async () =>
      (await call('GET', '/api/admin/withdrawals?status=requested', admin))
        .json()
        .withdrawals.find((w: { id: number }) => w.id === id);
    // The admin, who pays it, reads the number the guide saved.
    expect((await adminRow()).accountNumber).toBe('1234567');

    // A payout already requested is paid where it was requested to (decision 172).
    await call('PUT', URL, guide, { ...BANK, accountNumber: '7654321' });
    expect((await adminRow()).accountNumber).toBe('1234567');
    await call('DELETE', URL, guide);
    expect((await adminRow()).accountNumber).toBe('1234567');
    expect((await call('GET', '/api/v2/wallet', guide)).json().earnings).toMatchObject({
      withdrawableCents: 18_000,
      inPayoutCents: 2_000,
    });
  });

  it('refuses a method other than the saved one’s (400), none saved (404), and account fields or sameAccountAs beside it (400)', async () => {
    const guide = await guideWithEarnings(t, 20_000);
    const none = await withdraw(guide, { amountCents: 1_000, method: 'bank', savedAccount: true });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('not_found');

    await call('PUT', URL, guide, ALIPAY);
    const wrongMethod = await withdraw(guide, { amountCents: 1_000, method: 'bank', savedAccount: true });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.savedAccount' }] });
    const mixed = await withdraw(guide, {
      amountCents: 1_000,
      method: 'alipay',
      savedAccount: true,
      accountNumber: 'other@example.com',
    });
    expect(mixed.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.accountNumber' }] });
    const both = await withdraw(guide, { amountCents: 1_000, method: 'alipay', savedAccount: true, sameAccountAs: 1 });
    expect(both.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.savedAccount' }] });
    // Another guide's saved account is not hers to use: she has none.
    const other = await guideWithEarnings(t, 20_000);
    expect((await withdraw(other, { amountCents: 1_000, method: 'alipay', savedAccount: true })).statusCode).toBe(404);
    // Nothing of these was held.
    expect((await call('GET', '/api/v2/wallet', guide)).json().earnings).toMatchObject({
      withdrawableCents: 20_000,
      inPayoutCents: 0,
    });

    const ok = await withdraw(guide, { amountCents: 1_000, method: 'alipay', savedAccount: true });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().withdrawal).toMatchObject({
      method: 'alipay',
      accountName: 'Tanaka Yui',
      accountNumberMasked: '••••••••.com',
      bankName: null,
    });
  });

  it('pays a yen balance to a saved Japanese bank account', async () => {
    const guide = await guideWithEarnings(t, 30_000, 40, 'JPY');
    await call('PUT', URL, guide, BANK);
    const res = await withdraw(guide, { amountCents: 10_000, method: 'bank', savedAccount: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
      amountCents: 10_000,
      currency: 'JPY',
      method: 'bank',
      accountNumberMasked: '•••4567',
    });
  });
});
