import { describe, expect, it } from 'vitest';
import { databaseBefore } from './before-migration';

/**
 * Migration 0051 (decision 169): a bank batch of yen payouts alone keeps no rate, so the rate such a
 * batch was given before, which converted nothing, is dropped; a batch that converted a yuan payout
 * keeps its rate; and from then on a transfer day no longer needs a rate, while a rate still needs one.
 */
describe('migration 0051: yen-only bank batches lose the rate that converted nothing', () => {
  it('drops the rate of a yen-only batch, keeps a mixed batch’s, and allows a dated batch without a rate', async () => {
    const { client, insert, rows, finish, close } = await databaseBefore('0051');
    const guide = await insert('users', { username: 'kyoto-guide', email: 'kyoto@example.jp' });
    const batch = (jpyPerCny: string) =>
      insert('payout_batches', {
        kind: 'bank',
        transfer_date: '2026-11-24',
        jpy_per_cny: jpyPerCny,
        created_by: guide,
      });
    const line = async (batchId: number, currency: 'CNY' | 'JPY') => {
      const w = await insert('withdrawals', {
        user_id: guide,
        amount_cents: 1_500,
        currency,
        method: 'bank',
        status: 'approved',
        account_name: 'Sato',
        account_number: '1234567',
      });
      await insert('payout_batch_lines', {
        batch_id: batchId,
        withdrawal_id: w,
        amount_cents: 1_500,
        amount_yen: 1_500,
      });
    };
    const yenOnly = await batch('99.5');
    await line(yenOnly, 'JPY');
    const mixed = await batch('20.125');
    await line(mixed, 'JPY');
    await line(mixed, 'CNY');

    await finish();
    expect(await rows(`SELECT id, jpy_per_cny, transfer_date::text FROM payout_batches ORDER BY id`)).toEqual([
      { id: yenOnly, jpy_per_cny: null, transfer_date: '2026-11-24' },
      { id: mixed, jpy_per_cny: '20.125000', transfer_date: '2026-11-24' },
    ]);
    // A rate without its day, or a rate on a wallet batch, is still refused.
    await expect(
      client.query(`INSERT INTO payout_batches (kind, jpy_per_cny, created_by) VALUES ('bank', 20, ${guide})`),
    ).rejects.toThrow(/payout_batches_rate_and_day/);
    await expect(
      client.query(
        `INSERT INTO payout_batches (kind, transfer_date, created_by) VALUES ('alipay', '2026-11-24', ${guide})`,
      ),
    ).rejects.toThrow(/payout_batches_rate_and_day/);
    await close();
  }, 120_000);
});
