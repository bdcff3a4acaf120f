import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookings, ledgerEntries } from '../schema/index';

/** A newcomer who logs in as the demo guide finds earnings on /guide and in the wallet at once (issue 13). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo guide earnings', () => {
  it("give the demo guide today's, this month's, pending and withdrawable earnings, the wallet's figures, tours today, requests and reviews", async () => {
    const guide = await sessionFor(t, 'guide');
    const res = await t.app.inject({ url: '/api/v2/guides/me/overview', headers: auth(guide.token) });
    expect(res.statusCode).toBe(200);
    const o: GuideOverview = res.json();
    expect(o.earnings.todayCents).toBeGreaterThan(0);
    expect(o.earnings.monthCents).toBeGreaterThanOrEqual(o.earnings.todayCents);
    expect(o.earnings.yearCents).toBeGreaterThanOrEqual(o.earnings.monthCents);
    expect(o.earnings.pendingCents).toBeGreaterThan(0);
    expect(o.earnings.withdrawableCents).toBeGreaterThan(0);
    expect(o.earnings.totalCents).toBe(o.earnings.pendingCents + o.earnings.withdrawableCents);
    const wallet = (await t.app.inject({ url: '/api/v2/wallet', headers: auth(guide.token) })).json();
    expect(wallet.earnings).toMatchObject({ totalCents: o.earnings.totalCents, pendingCents: o.earnings.pendingCents, withdrawableCents: o.earnings.withdrawableCents });
    // The seeded tour day: tours today (one under way) are this week's.
    expect(o.week.tours.filter((x) => x.date === o.today).length).toBeGreaterThanOrEqual(2);
    expect(o.week.tours.some((x) => x.status === 'ongoing')).toBe(true);
    expect(o.requests.count).toBeGreaterThanOrEqual(1);
    expect(o.ratings.count).toBeGreaterThan(0);
    expect(o.ratings.reviews).toHaveLength(3);
    expect(o.unread.totalUnreadCount).toBeGreaterThan(0);
  });

  it('every completed seeded booking has its completion postings and every booking still sums to zero', async () => {
    const db = t.database.db;
    const missing = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(sql`${bookings.status} = 'completed' and not exists (select 1 from ${ledgerEntries} le where le.booking_id = ${bookings.id} and le.kind = 'guide_earnings')`);
    expect(missing).toEqual([]);
    const unbalanced = await db.execute(sql`select booking_id from ledger_entries group by booking_id having sum(amount_cents) <> 0`);
    expect((unbalanced as unknown as { rows: unknown[] }).rows ?? unbalanced).toEqual([]);
    const earnings = await db.select({ availableAt: ledgerEntries.availableAt, createdAt: ledgerEntries.createdAt }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'guide_earnings'));
    expect(earnings.length).toBeGreaterThanOrEqual(8);
    for (const e of earnings) expect(e.availableAt!.getTime()).toBeGreaterThanOrEqual(e.createdAt.getTime() + 5 * 86_400_000);
  });
});
