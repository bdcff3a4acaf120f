import Encoding from 'encoding-japanese';
import zengin from 'zengin-code';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutBatchLines } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { isBusinessDay, nextBusinessDay } from './business-days';
import {
  approvedWithdrawal,
  bankBatch,
  bankWithdrawal,
  guideWithEarnings,
  REAL_BANK,
  unusedBank,
  unusedBranch,
} from './test-helpers';
import { zenginFile } from './zengin';

/**
 * Bank payouts and payout batches (decisions 128, 129): bank details checked against the Zengin list,
 * batches of approved payouts on Japanese business days, the Zengin file field by field, and lines
 * paid or failed with their ledger entries.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;

const call = (method: 'GET' | 'POST', url: string, who: Person | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
const at = (iso: string) => {
  t.app.bookings.now = () => new Date(iso);
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('the bank picker', () => {
  it('finds banks by code and by name, and a bank’s branches; an unknown bank is a 404; public reference data', async () => {
    const byCode = (await call('GET', '/api/v2/banks?q=0005', stranger)).json();
    expect(byCode.banks[0]).toEqual({ code: '0005', name: zengin['0005']!.name, kana: zengin['0005']!.kana });
    const byName = (await call('GET', `/api/v2/banks?q=${encodeURIComponent('みずほ')}`, stranger)).json();
    expect(byName.banks.map((b: { code: string }) => b.code)).toContain('0001');
    const branches = (
      await call('GET', `/api/v2/banks/0001/branches?q=${encodeURIComponent('東京営業部')}`, stranger)
    ).json();
    expect(branches.bank.code).toBe('0001');
    expect(branches.branches).toContainEqual({ code: '001', name: '東京営業部', kana: 'トウキヨウ' });
    expect((await call('GET', '/api/v2/banks/0001/branches?q=001', stranger)).json().branches[0].code).toBe('001');
    expect((await call('GET', '/api/v2/banks/9999/branches', stranger)).statusCode).toBe(zengin['9999'] ? 200 : 404);
    expect((await call('GET', '/api/v2/banks?q=0005', null)).statusCode).toBe(200);
  });
});

describe('bank details', () => {
  it('takes a real bank and branch, and stores the holder’s name in half-width katakana', async () => {
    const guide = await guideWithEarnings(t, 10_000);
    const res = await call(
      'POST',
      '/api/v2/wallet/withdrawals',
      guide,
      bankWithdrawal(1_000, { accountHolderKana: 'ヤマダ　ショウタ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
      method: 'bank',
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountType: 'ordinary',
      // Small kana become large, as banks write them.
      accountHolderKana: 'ﾔﾏﾀﾞ ｼﾖｳﾀ',
      accountNumberMasked: '•••4567',
    });
  });

  it('refuses a bank or branch that does not exist, a name the format cannot carry, and missing details', async () => {
    const guide = await guideWithEarnings(t, 10_000);
    const send = (extra: object) => call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(1_000, extra));
    const bank = await send({ bankCode: await unusedBank() });
    expect(bank.statusCode).toBe(400);
    expect(bank.json()).toMatchObject({ code: 'unknown_bank', fields: [{ path: 'body.bankCode' }] });
    const branch = await send({ branchCode: await unusedBranch() });
    expect(branch.statusCode).toBe(400);
    expect(branch.json()).toMatchObject({ code: 'unknown_branch', fields: [{ path: 'body.branchCode' }] });
    for (const name of ['山田 太郎', 'ヤマダ・タロウ', 'ヲ', 'ア'.repeat(31)]) {
      const kana = await send({ accountHolderKana: name });
      expect(kana.statusCode, name).toBe(400);
      expect(kana.json().code).toBe('invalid_kana_name');
    }
    expect((await send({ accountNumber: '12345' })).json().code).toBe('validation_failed');
    const missing = await call('POST', '/api/v2/wallet/withdrawals', guide, {
      amountCents: 1_000,
      method: 'bank',
      accountName: 'Yamada',
      accountNumber: '1234567',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['body.bankCode', 'body.branchCode', 'body.accountType', 'body.accountHolderKana']),
    );
    // Nothing was held for the refused requests.
    expect((await call('GET', '/api/v2/wallet', guide)).json().earnings.withdrawableCents).toBe(10_000);
  });
});

describe('payout batches', () => {
  let guide: Person;
  let bankId: number;
  let requestedId: number;
  let alipayId: number;
  let batch: { id: number; lines: { id: number; withdrawalId: number; amountYen: number | null }[] };

  beforeAll(async () => {
    guide = await guideWithEarnings(t, 100_000);
    bankId = await approvedWithdrawal(
      t,
      guide,
      admin,
      bankWithdrawal(12_345, { accountType: 'current', accountNumber: '0012345' }),
    );
    alipayId = await approvedWithdrawal(t, guide, admin, {
      amountCents: 2_000,
      method: 'alipay',
      accountName: 'Yamada',
      accountNumber: 'yamada@example.com',
    });
    const requested = await call('POST', '/api/v2/wallet/withdrawals', guide, bankWithdrawal(3_000));
    requestedId = requested.json().withdrawal.id;
  });

  it('is for admins only: others get 404, visitors 401', async () => {
    expect(
      (await call('POST', '/api/admin/payout-batches', guide, { kind: 'bank', jpyPerCny: '21.53' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/payout-batches', stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/payout-batches', null)).statusCode).toBe(401);
  });

  it('is made on a Japanese business day only: 23 November 2026 (Labour Thanksgiving) and a Sunday are refused', async () => {
    at('2026-11-23T10:00:00+09:00');
    const holiday = await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.53' });
    expect(holiday.statusCode).toBe(409);
    expect(holiday.json().code).toBe('not_business_day');
    at('2026-11-22T10:00:00+09:00');
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.53' })).json().code,
    ).toBe('not_business_day');
    // Sunday 22 Nov 23:30 UTC is already Monday the 23rd in Japan.
    at('2026-11-22T15:30:00Z');
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.53' })).json().code,
    ).toBe('not_business_day');
    expect((await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.1234567' })).statusCode,
    ).toBe(400);
  });

  it('takes only approved bank payouts, for the next business day, with each line’s yen rounded down', async () => {
    // Friday the 20th: the next business day skips the weekend and Monday's holiday.
    at('2026-11-20T12:00:00+09:00');
    const res = await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.53' });
    expect(res.statusCode, res.body).toBe(201);
    batch = res.json();
    expect(batch).toMatchObject({
      kind: 'bank',
      status: 'open',
      transferDate: '2026-11-24',
      jpyPerCny: '21.53',
      lineCount: 1,
      pendingCount: 1,
      totals: [{ currency: 'CNY', amountCents: 12_345 }],
      totalYen: 2657,
    });
    // 123.45 RMB × 21.53 = 2657.8785 yen → 2657.
    expect(batch.lines).toEqual([
      expect.objectContaining({
        withdrawalId: bankId,
        amountCents: 12_345,
        amountYen: 2657,
        status: 'pending',
        accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
      }),
    ]);
    expect(batch.lines.map((l) => l.withdrawalId)).not.toContain(requestedId);
    expect(batch.lines.map((l) => l.withdrawalId)).not.toContain(alipayId);
    // Nothing left to batch; the batched payout is settled through its line only.
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '21.53' })).json().code,
    ).toBe('nothing_to_batch');
    expect((await call('POST', `/api/admin/withdrawals/${bankId}/paid`, admin)).json().code).toBe('in_payout_batch');
    // The ledger records the conversion: the yen on the entry, still summing to zero.
    const ledger = (await call('GET', `/api/admin/withdrawals/${bankId}/ledger`, admin)).json();
    expect(ledger.total).toBe(0);
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'payout_converted')).toEqual([
      expect.objectContaining({ account: 'payout_sending', amountCents: -12_345, amountYen: null }),
      expect.objectContaining({ account: 'payout_batched', amountCents: 12_345, amountYen: 2657 }),
    ]);
    expect((await call('GET', '/api/admin/payout-batches', admin)).json().batches[0]).toMatchObject({
      id: batch.id,
      kind: 'bank',
      lineCount: 1,
    });
  });

  it('writes the Zengin file: 120-byte Shift_JIS records with CRLF, header, data, trailer and end, field by field', async () => {
    const res = await call('GET', `/api/admin/payout-batches/${batch.id}/zengin`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=Shift_JIS');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="zengin-${batch.id}-2026-11-24.txt"`);
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(4 * 122);
    const records: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 122) {
      expect(bytes.subarray(i + 120, i + 122).toString('latin1')).toBe('\r\n');
      records.push(bytes.subarray(i, i + 120));
    }
    // Fields by 1-based column and width, decoded from Shift_JIS.
    const field = (r: Buffer, from: number, width: number) =>
      Encoding.codeToString(
        Encoding.convert(Array.from(r.subarray(from - 1, from - 1 + width)), { to: 'UNICODE', from: 'SJIS' }),
      );
    expect(records.map((r) => field(r, 1, 1))).toEqual(['1', '2', '8', '9']);
    const [header, data, trailer, end] = records as [Buffer, Buffer, Buffer, Buffer];

    expect(field(header, 2, 2)).toBe('21');
    expect(field(header, 4, 1)).toBe('0');
    expect(field(header, 5, 10)).toBe('0000000001');
    expect(field(header, 15, 40)).toBe('ﾀﾋﾞｶﾞｲﾄﾞ(ｶ'.padEnd(40));
    expect(field(header, 55, 4)).toBe('1124');
    expect(field(header, 59, 4)).toBe('0001');
    expect(field(header, 63, 15)).toBe('ﾐｽﾞﾎ'.padEnd(15));
    expect(field(header, 78, 3)).toBe('001');
    expect(field(header, 81, 15)).toBe('ﾄｳｷﾖｳ'.padEnd(15));
    expect(field(header, 96, 1)).toBe('1');
    expect(field(header, 97, 7)).toBe('1234567');
    expect(field(header, 104, 17)).toBe(' '.repeat(17));

    expect(field(data, 2, 4)).toBe(REAL_BANK.bankCode);
    expect(field(data, 6, 15)).toBe('ﾐｽﾞﾎ'.padEnd(15));
    expect(field(data, 21, 3)).toBe(REAL_BANK.branchCode);
    expect(field(data, 24, 15)).toBe('ﾄｳｷﾖｳ'.padEnd(15));
    expect(field(data, 39, 4)).toBe('0000');
    expect(field(data, 43, 1)).toBe('2');
    expect(field(data, 44, 7)).toBe('0012345');
    expect(field(data, 51, 30)).toBe('ﾔﾏﾀﾞ ﾀﾛｳ'.padEnd(30));
    // Half-width katakana are single bytes 0xA1–0xDF in Shift_JIS.
    expect([...data.subarray(50, 54)]).toEqual([0xd4, 0xcf, 0xc0, 0xde]);
    expect(field(data, 81, 10)).toBe('0000002657');
    expect(field(data, 91, 1)).toBe('0');
    expect(field(data, 92, 10)).toBe(String(bankId).padStart(10, '0'));
    expect(field(data, 102, 10)).toBe('0000000000');
    expect(field(data, 112, 9)).toBe(' '.repeat(9));

    expect(field(trailer, 2, 6)).toBe('000001');
    expect(field(trailer, 8, 12)).toBe('000000002657');
    expect(field(trailer, 20, 101)).toBe(' '.repeat(101));
    expect(field(end, 2, 119)).toBe(' '.repeat(119));
  });

  it('refuses to write a line without its yen amount (409 payout_line_without_yen naming the payout), never a transfer of 0', async () => {
    const other = await bankBatch(t, admin);
    await t.database.db.update(payoutBatchLines).set({ amountYen: null }).where(eq(payoutBatchLines.id, other.lineId));
    const res = await call('GET', `/api/admin/payout-batches/${other.id}/zengin`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'payout_line_without_yen',
      fields: [{ path: 'withdrawalId', message: String(other.withdrawalId) }],
    });
    // The writer itself, whoever calls it.
    const payer = {
      consignorCode: '1',
      consignorName: 'X',
      bankCode: '0001',
      bankName: 'X',
      branchCode: '001',
      branchName: 'X',
      accountType: 'ordinary',
      accountNumber: '1',
    } as const;
    const line = {
      bankCode: '0001',
      bankName: 'X',
      branchCode: '001',
      branchName: 'X',
      accountType: 'ordinary',
      accountNumber: '1',
      holderKana: 'X',
      reference: 7,
    } as const;
    expect(() =>
      zenginFile(payer, '2026-11-24', [
        { ...line, amountYen: 100 },
        { ...line, amountYen: null },
      ]),
    ).toThrow(expect.objectContaining({ code: 'payout_line_without_yen' }));
    expect(zenginFile(payer, '2026-11-24', [{ ...line, amountYen: 100 }]).length).toBe(4 * 122);
  });

  it('an Alipay batch has no rate, no transfer day and no file', async () => {
    at('2026-11-22T10:00:00+09:00');
    const res = await call('POST', '/api/admin/payout-batches', admin, { kind: 'alipay' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'alipay',
      transferDate: null,
      jpyPerCny: null,
      totalYen: null,
      lines: [expect.objectContaining({ withdrawalId: alipayId, amountYen: null })],
    });
    expect((await call('GET', `/api/admin/payout-batches/${res.json().id}/zengin`, admin)).json().code).toBe(
      'not_a_bank_batch',
    );
    expect(
      (await call('POST', '/api/admin/payout-batches', admin, { kind: 'wechat', jpyPerCny: '21' })).statusCode,
    ).toBe(400);
  });

  it('a failed line returns the money to the guide; a paid one is paid; each only once', async () => {
    const before = (await call('GET', '/api/v2/wallet', guide)).json().earnings;
    const line = batch.lines[0]!;
    expect(
      (await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${line.id}/failed`, stranger, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/admin/payout-batches/${batch.id + 1000}/lines/${line.id}/failed`, admin, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const failed = await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${line.id}/failed`, admin, {
      reason: 'Account closed',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      status: 'done',
      pendingCount: 0,
      lines: [
        expect.objectContaining({ status: 'failed', withdrawalStatus: 'failed', failureReason: 'Account closed' }),
      ],
    });
    const after = (await call('GET', '/api/v2/wallet', guide)).json().earnings;
    expect(after.withdrawableCents).toBe(before.withdrawableCents + 12_345);
    expect(after.inPayoutCents).toBe(before.inPayoutCents - 12_345);
    const ledger = (await call('GET', `/api/admin/withdrawals/${bankId}/ledger`, admin)).json();
    expect(ledger.total).toBe(0);
    expect(ledger.entries.at(-1)).toMatchObject({ account: 'guide', kind: 'payout_failed', amountCents: 12_345 });
    expect((await call('POST', `/api/admin/payout-batches/${batch.id}/lines/${line.id}/paid`, admin)).json().code).toBe(
      'invalid_transition',
    );
    // A failed line leaves the file.
    expect((await call('GET', `/api/admin/payout-batches/${batch.id}/zengin`, admin)).rawPayload.length).toBe(3 * 122);

    // The next run takes the payout approved since, and its line is paid.
    await call('POST', `/api/admin/withdrawals/${requestedId}/approve`, admin);
    at('2026-11-24T09:00:00+09:00');
    const next = (await call('POST', '/api/admin/payout-batches', admin, { kind: 'bank', jpyPerCny: '20.9' })).json();
    expect(next).toMatchObject({
      transferDate: '2026-11-25',
      lines: [expect.objectContaining({ withdrawalId: requestedId, amountYen: 627 })],
    });
    const paid = await call('POST', `/api/admin/payout-batches/${next.id}/lines/${next.lines[0].id}/paid`, admin);
    expect(paid.json()).toMatchObject({
      status: 'done',
      lines: [expect.objectContaining({ status: 'paid', withdrawalStatus: 'paid' })],
    });
    expect((await call('GET', `/api/admin/withdrawals/${requestedId}/ledger`, admin)).json().total).toBe(0);
    expect((await call('GET', '/api/v2/wallet', guide)).json().earnings.withdrawnCents).toBe(3_000);
  });
});

describe('business days', () => {
  it('skip weekends, national holidays with their substitutes, and the banks’ year-end days', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true);
    expect(isBusinessDay('2026-11-23')).toBe(false);
    expect(nextBusinessDay('2026-11-20')).toBe('2026-11-24');
    // 2026-05-06 is a substitute holiday (Constitution Day fell on a Sunday).
    expect(nextBusinessDay('2026-05-01')).toBe('2026-05-07');
    expect(nextBusinessDay('2026-12-30')).toBe('2027-01-04');
  });
});
