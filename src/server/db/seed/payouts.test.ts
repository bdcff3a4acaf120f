import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The demo shows payouts that left at once: a paid bank batch, and this week's bank batch waiting for the admin's rate. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo payouts', () => {
  it('give the admin a paid bank batch with its Zengin file and one awaiting its rate, and the guide a paid and an approved bank payout', async () => {
    const admin = await sessionFor(t, 'admin');
    const guide = await sessionFor(t, 'guide');
    const list = (await t.app.inject({ url: '/api/admin/payout-batches', headers: auth(admin.token) })).json();
    expect(list.batches).toEqual([
      expect.objectContaining({ kind: 'bank', status: 'awaiting_rate', jpyPerCny: null, transferDate: null, totalYen: null, lineCount: 1, totalCents: 8_000 }),
      expect.objectContaining({ kind: 'bank', status: 'done', jpyPerCny: '21.53', lineCount: 1, totalCents: 20_000, totalYen: 4306 }),
    ]);
    expect(list.batches[0].formedForWeek).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const awaiting = await t.app.inject({ url: `/api/admin/payout-batches/${list.batches[0].id}/zengin`, headers: auth(admin.token) });
    expect(awaiting.statusCode).toBe(409);
    expect(awaiting.json().code).toBe('rate_not_set');
    const batch = (await t.app.inject({ url: `/api/admin/payout-batches/${list.batches[1].id}`, headers: auth(admin.token) })).json();
    expect(batch.lines).toEqual([expect.objectContaining({ status: 'paid', withdrawalStatus: 'paid', bankCode: '0009', branchCode: '001', accountHolderKana: 'ｻﾄｳ ﾕｷ' })]);
    const file = await t.app.inject({ url: `/api/admin/payout-batches/${batch.id}/zengin`, headers: auth(admin.token) });
    expect(file.rawPayload.length).toBe(4 * 122);
    const ledger = (await t.app.inject({ url: `/api/admin/withdrawals/${batch.lines[0].withdrawalId}/ledger`, headers: auth(admin.token) })).json();
    expect(ledger.total).toBe(0);

    const mine = (await t.app.inject({ url: '/api/v2/wallet/withdrawals', headers: auth(guide.token) })).json().withdrawals;
    expect(mine.map((w: { status: string; method: string }) => `${w.method}:${w.status}`).sort()).toEqual(['bank:approved', 'bank:paid']);
    const wallet = (await t.app.inject({ url: '/api/v2/wallet', headers: auth(guide.token) })).json();
    expect(wallet.earnings).toMatchObject({ withdrawnCents: 20_000, inPayoutCents: 8_000 });
    expect(wallet.earnings.withdrawableCents).toBeGreaterThan(0);
  });
});
