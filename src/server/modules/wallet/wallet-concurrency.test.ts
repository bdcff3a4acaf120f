import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person } from '../bookings/test-helpers';

/**
 * Payout requests sent at once on a real PostgreSQL server (PGlite has one connection, so nothing runs
 * at once there). Run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */
describe.runIf(process.env.DATABASE_URL)('withdrawals under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('40 requests of 1,000 fen at once on 10,000 withdrawable: exactly 10 succeed, the rest get insufficient_balance', async () => {
    const traveler = await person(t);
    const guide = await guidePerson(t);
    // A booking's history with 10,000 fen of available earnings for the guide (balanced, as the trigger demands).
    const bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(30));
    await t.database.db.insert(ledgerEntries).values([
      { bookingId, account: 'platform', userId: null, kind: 'deposit_release', amountCents: -10_000, currency: 'CNY' },
      {
        bookingId,
        account: 'guide',
        userId: guide.id,
        kind: 'guide_earnings',
        amountCents: 10_000,
        currency: 'CNY',
        availableAt: new Date(Date.now() - 60_000),
      },
    ]);
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/wallet/withdrawals',
          headers: auth(guide.token),
          remoteAddress: nextAddress(), // requests are rate-limited per address
          payload: { amountCents: 1_000, method: 'wechat', accountName: 'Sato Ken', accountNumber: 'wx-sato-ken' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(new Set(replies.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['insufficient_balance']),
    );
    const wallet = (await t.app.inject({ method: 'GET', url: '/api/v2/wallet', headers: auth(guide.token) })).json();
    expect(wallet.earnings).toMatchObject({ withdrawableCents: 0, inPayoutCents: 10_000 });
    const result = await t.database.db.execute(
      sql`select coalesce(sum(amount_cents), 0)::int as n from payout_ledger_entries where user_id = ${guide.id}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(-10_000);
  }, 120_000);
});
