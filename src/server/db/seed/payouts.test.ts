import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The demo shows payouts that left at once: a paid bank batch of yen with no rate, and an approved payout waiting for
 * the next batch.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo payouts', () => {
  it('give the admin a paid bank batch of yen, with its Zengin file and no rate, and the guide a paid and an approved bank payout', async () => {
    const admin = await sessionFor(t, 'admin');
    const guide = await sessionFor(t, 'guide');
    const list = (await t.app.inject({ url: '/api/admin/payout-batches', headers: auth(admin.token) })).json();
    expect(list.batches).toEqual([
      expect.objectContaining({
        kind: 'bank',
        status: 'done',
        jpyPerCny: null,
        lineCount: 1,
        totals: [{ currency: 'JPY', amountCents: 4_000 }],
        totalYen: 4_000,
      }),
    ]);
    expect(list.batches[0].transferDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const batch = (
      await t.app.inject({ url: `/api/admin/payout-batches/${list.batches[0].id}`, headers: auth(admin.token) })
    ).json();
    expect(batch.lines).toEqual([
      expect.objectContaining({
        status: 'paid',
        withdrawalStatus: 'paid',
        bankCode: '0009',
        branchCode: '001',
        accountHolderKana: 'ｻﾄｳ ﾕｷ',
      }),
    ]);
    const file = await t.app.inject({
      url: `/api/admin/payout-batches/${batch.id}/zengin`,
      headers: auth(admin.token),
    });
    expect(file.rawPayload.length).toBe(4 * 122);
    const ledger = (
      await t.app.inject({
        url: `/api/admin/withdrawals/${batch.lines[0].withdrawalId}/ledger`,
        headers: auth(admin.token),
      })
    ).json();
    expect(ledger.total).toBe(0);

    const mine = (await t.app.inject({ url: '/api/v2/wallet/withdrawals', headers: auth(guide.token) })).json()
      .withdrawals;
    expect(mine.map((w: { status: string; method: string }) => `${w.method}:${w.status}`).sort()).toEqual([
      'bank:approved',
      'bank:paid',
    ]);
    const wallet = (await t.app.inject({ url: '/api/v2/wallet', headers: auth(guide.token) })).json();
    expect(wallet).toMatchObject({ currency: 'JPY' });
    expect(wallet.earnings).toMatchObject({ withdrawnCents: 4_000, inPayoutCents: 1_600 });
    expect(wallet.earnings.withdrawableCents).toBeGreaterThan(0);
  });
});
