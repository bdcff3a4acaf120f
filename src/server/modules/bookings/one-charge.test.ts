import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-row';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PaymentRow } from './booking/bookings.repository';
import { blocksNewAttemptSql } from './checkout/deposit-claims.repository';
import { isPaid, openAttempt, OPEN_PAYMENT_STATUSES, PAID_PAYMENT_STATUSES } from './checkout/one-charge';

/**
 * The deposit claim's condition inside its one statement (`blocksNewAttemptSql` in checkout.repository.ts) and the
 * service's plain reading of the same attempts (`isPaid`, `openAttempt`) give one answer for every status.
 */
const STATUSES: PaymentRow['status'][] = [
  'processing',
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a charge with an attempt of each status', () => {
  it.each(STATUSES.map((s) => [s]))(
    '%s: the SQL condition blocks a new attempt exactly when the attempt is paid or open',
    async (status) => {
      const attempt = { id: 1, status } as PaymentRow;
      const plain = isPaid([attempt]) || openAttempt([attempt]) !== undefined;
      const [row] = rowsOf<{ blocks: boolean }>(
        await t.database.db.execute(sql`SELECT ${blocksNewAttemptSql(sql`${status}::text`)} AS blocks`),
      );
      expect(row!.blocks).toBe(plain);
      expect(plain).toBe(status !== 'failed');
    },
  );

  it('keeps the lists apart: no status is both paid and open', () => {
    expect(PAID_PAYMENT_STATUSES.filter((s) => OPEN_PAYMENT_STATUSES.includes(s))).toEqual([]);
  });
});
