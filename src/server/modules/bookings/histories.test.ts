import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationSplit, cancellationTier } from '../../../shared/booking/money-rules';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIMULATED_SIGNATURE_HEADER } from '../payments/index';
import { book, CARD_OK, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * A property test over random booking histories (seeded, so a failure replays): whatever happens —
 * unpaid expiry, payment by card or wallet, decline, unanswered expiry, acceptance, cancellation by
 * either side at any time before the start — every booking's ledger sums to zero, and the refund is
 * the tier's share of the deposit to the fen.
 */
const HOUR = 3_600_000;

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

describe('random booking histories', () => {
  const seed = Number(process.env.HISTORY_SEED ?? 20261122);
  it(`keep every ledger at zero and every refund on its tier (seed ${seed})`, async () => {
    const rand = mulberry32(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const outcomes = new Map<string, number>();

    for (let h = 0; h < 24; h++) {
      const traveler = await person(t);
      const guide = await guidePerson(t, { priceRmb: pick([180, 250, 333, 420, 999]) });
      const durationHours = pick([2, 2.5, 3, 4]);
      const date = daysAhead(2 + Math.floor(rand() * 15));
      const res = await book(t, traveler, {
        guideId: guide.guideId,
        date,
        startTime: pick(['09:00', '10:30', '12:00', '13:00']),
        durationHours,
        travelers: 1 + Math.floor(rand() * 4),
      });
      expect(res.statusCode, res.body).toBe(201);
      const b = res.json();
      const startsAt = new Date(b.startsAt).getTime();
      const read = async () =>
        (await t.app.inject({ url: `/api/v2/bookings/${b.id}`, headers: auth(traveler.token) })).json();
      const cancelAt = async (who: Person, hoursBefore: number) => {
        t.app.bookings.now = () => new Date(startsAt - hoursBefore * HOUR);
        try {
          const r = await t.app.inject({
            method: 'PATCH',
            url: `/api/bookings/${b.id}/status`,
            headers: auth(who.token),
            payload: { status: 'cancelled' },
          });
          expect(r.statusCode, r.body).toBe(200);
          return r.json();
        } finally {
          t.app.bookings.now = () => new Date();
        }
      };

      let expectedRefund = 0;
      let expectedGuide = 0;
      let expectedPlatform = 0;
      let paid = 0;
      let story: string;

      if (rand() < 0.2) {
        if (rand() < 0.5) {
          await t.app.jobs.tick(new Date(new Date(b.createdAt).getTime() + 31 * 60_000));
          story = 'unpaid-expired';
        } else {
          await cancelAt(traveler, 100);
          story = 'unpaid-cancelled';
        }
        expect((await read()).status).toBe('cancelled');
      } else {
        if (rand() < 0.7) {
          expect((await pay(t, traveler, b.id, CARD_OK)).statusCode).toBe(201);
        } else {
          const { payment } = (
            await pay(t, traveler, b.id, {
              kind: 'deposit',
              method: pick(['alipay', 'wechat']),
              alipayAccount: 'a@b.cn',
              wechatId: 'wx1',
            })
          ).json();
          const q = new URLSearchParams(payment.approvalUrl.split('?')[1]);
          const hook = await t.app.inject({
            method: 'POST',
            url: '/api/v2/payments/webhooks/simulated',
            headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: q.get('signature')! },
            payload: JSON.stringify({ type: 'payment.succeeded', ref: q.get('ref') }),
          });
          expect(hook.statusCode).toBe(200);
        }
        paid = b.depositCents;
        expect((await read()).status).toBe('confirmed');
        const hoursBefore = pick([400, 200, 168.5, 167.5, 100, 72.5, 71.5, 48, 24.5, 23.5, 5, 0.5]);
        const full = () => {
          expectedRefund = paid;
        };
        const byTier = () => {
          const tier = cancellationTier(new Date(startsAt), new Date(startsAt - hoursBefore * HOUR));
          const split = cancellationSplit({ depositCents: paid, cancelledBy: 'traveler', tier, commissionRate: 0.1 });
          [expectedRefund, expectedGuide, expectedPlatform] = [
            split.refundCents,
            split.guideCents,
            split.platformCents,
          ];
        };
        const accept = async () =>
          expect(
            (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${b.id}/accept`, headers: auth(guide.token) }))
              .statusCode,
          ).toBe(200);
        story = pick([
          'decline',
          'unanswered',
          'traveler-cancels-request',
          'accept',
          'accept-traveler-cancels',
          'accept-guide-cancels',
        ] as const);
        if (story === 'decline') {
          const r = await t.app.inject({
            method: 'POST',
            url: `/api/v2/bookings/${b.id}/decline`,
            headers: auth(guide.token),
            payload: { reason: 'Not available' },
          });
          expect(r.statusCode).toBe(200);
          full();
        } else if (story === 'unanswered') {
          await t.app.jobs.tick(new Date(Math.min(Date.now() + 48 * HOUR, startsAt) + 60_000));
          expect((await read()).cancelReason).toBe('request_expired');
          full();
        } else if (story === 'traveler-cancels-request') {
          await cancelAt(traveler, hoursBefore);
          byTier();
        } else if (story === 'accept') {
          await accept();
        } else if (story === 'accept-traveler-cancels') {
          await accept();
          await cancelAt(traveler, hoursBefore);
          byTier();
        } else {
          await accept();
          await cancelAt(guide, hoursBefore);
          full();
        }
      }
      outcomes.set(story, (outcomes.get(story) ?? 0) + 1);

      const after = await read();
      const ledger = (
        await t.app.inject({ url: `/api/admin/bookings/${b.id}/ledger`, headers: auth(admin.token) })
      ).json();
      const label = `history ${h} (${story}, deposit ${paid})`;
      expect(ledger.balance.total, label).toBe(0);
      if (paid && after.status === 'cancelled') {
        expect(after.payments[0].refundedCents, label).toBe(expectedRefund);
        expect(ledger.balance, label).toEqual({
          traveler: -paid + expectedRefund,
          guide: expectedGuide,
          platform: expectedPlatform,
          total: 0,
        });
      } else {
        expect(ledger.balance, label).toEqual({ traveler: 0 - paid, guide: 0, platform: paid, total: 0 });
      }
    }

    // Across the whole database: no booking's entries sum to anything but zero.
    const unbalanced = await t.database.db.execute(
      sql`select booking_id from ledger_entries group by booking_id having sum(amount_cents) <> 0`,
    );
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(outcomes.size).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
