import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../shared/schemas/receipts';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../raw-row';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo receipts', () => {
  it('the demo traveler’s paid bookings have their receipts at once, and the cancelled one its credit note', async () => {
    const me = await sessionFor(t, 'traveler');
    const [issued] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from receipts where payer_id = ${me.id}`),
    );
    expect(issued!.n).toBeGreaterThan(0);
    const { data } = (
      await t.app.inject({ url: `/api/v2/bookings-new/traveler/${me.id}`, headers: auth(me.token) })
    ).json();
    const upcoming = data.find((b: { status: string }) => b.status === 'upcoming');
    const receipts: Receipt[] = (
      await t.app.inject({ url: `/api/v2/bookings/${upcoming.id}/receipts`, headers: auth(me.token) })
    ).json().receipts;
    expect(receipts[0]).toMatchObject({
      kind: 'receipt',
      paymentKind: 'deposit',
      addressee: 'Li Wei',
      operator: { fake: true },
    });
    const cancelled = data.find((b: { status: string }) => b.status === 'cancelled');
    const kinds = (await t.app.inject({ url: `/api/v2/bookings/${cancelled.id}/receipts`, headers: auth(me.token) }))
      .json()
      .receipts.map((r: Receipt) => r.kind);
    expect(kinds).toEqual(['receipt', 'credit_note']);
    // Issued by the seed, not by these reads.
    const [after] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from receipts where payer_id = ${me.id}`),
    );
    expect(after!.n).toBe(issued!.n);
  });
});
