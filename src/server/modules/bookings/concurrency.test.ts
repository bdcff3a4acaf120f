import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema/index';
import { auth, makeUser, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIMULATED_SIGNATURE_HEADER, type SimulatedProvider } from '../payments/index';
import { book, CARD_OK, daysAhead, guidePerson, newKey, pay, person, type Person } from './test-helpers';

/**
 * Races that only a real PostgreSQL server can show (PGlite has one connection, so nothing runs at
 * once there). Run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */
describe.runIf(process.env.DATABASE_URL)('bookings under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let traveler: Person;
  let guide: Awaited<ReturnType<typeof guidePerson>>;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
    traveler = await person(t);
    guide = await guidePerson(t);
  });
  afterAll(() => t.close());

  it('200 concurrent bookings of one slot: exactly 1 succeeds, 199 get 409 slot_unavailable', async () => {
    const db = t.database.db;
    const travelers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const u = await makeUser(db);
        return { id: u.id, token: await tokenFor(db, u.id) };
      }),
    );
    const date = daysAhead(15);
    // Overlapping but different requests, so the exclusion constraint (not only equality) is what decides.
    const starts = ['10:00', '10:30', '11:00', '09:30'];
    const replies = await Promise.all(
      travelers.map((who, i) =>
        book(t, who, {
          guideId: guide.guideId,
          date,
          startTime: starts[i % starts.length],
          durationHours: 2,
          travelers: 1,
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(new Set(replies.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['slot_unavailable']),
    );
    const result = await db.execute(
      sql`select count(*)::int as n from bookings where guide_id = ${guide.guideId} and date = ${date}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  }, 120_000);

  it('one payment retried 20 times at once with one key: one charge, one result', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(16),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const provider = t.app.paymentProvider;
    const charge = provider.charge.bind(provider);
    let charges = 0;
    provider.charge = async (req) => {
      charges++;
      await new Promise((r) => setTimeout(r, 100)); // a provider takes its time
      return charge(req);
    };
    try {
      const key = newKey();
      const replies = await Promise.all(Array.from({ length: 20 }, () => pay(t, traveler, id, CARD_OK, key)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(replies.map((r) => r.json().payment.id)).size).toBe(1);
      expect(charges).toBe(1);
      expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
      expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
      // A second key for the paid booking is refused, not charged.
      const other = await pay(t, traveler, id, CARD_OK, newKey());
      expect(other.json().code).toBe('already_paid');
      expect(charges).toBe(1);
    } finally {
      provider.charge = charge;
    }
  }, 60_000);

  it('20 payments of one booking at once, each with its own key: one charge, no refund', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(18),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const provider = t.app.paymentProvider;
    const charge = provider.charge.bind(provider);
    const refund = provider.refund.bind(provider);
    let charges = 0;
    let refunds = 0;
    provider.charge = async (req) => {
      charges++;
      await new Promise((r) => setTimeout(r, 50));
      return charge(req);
    };
    provider.refund = async (req) => {
      refunds++;
      return refund(req);
    };
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, () => pay(t, traveler, id, CARD_OK, newKey())));
      const codes = replies.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of replies.filter((x) => x.statusCode === 409)) {
        expect(['payment_in_progress', 'already_paid']).toContain(r.json().code);
        if (r.json().code === 'payment_in_progress') expect(r.json().retryAfter).toBeGreaterThan(0);
      }
      await t.app.jobs.tick(new Date());
      expect(charges).toBe(1);
      expect(refunds).toBe(0);
      expect(await t.database.db.$count(payments, sql`booking_id = ${id}`)).toBe(1);
      expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
    } finally {
      provider.charge = charge;
      provider.refund = refund;
    }
  }, 60_000);

  it('a webhook delivered three times at once and out of order leaves one end state', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(17),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const { payment } = (
      await pay(t, traveler, id, { kind: 'deposit', method: 'alipay', alipayAccount: 'liwei@example.cn' })
    ).json();
    const q = new URLSearchParams(payment.approvalUrl.split('?')[1]);
    const ref = q.get('ref')!;
    const sim = t.app.paymentProvider as SimulatedProvider;
    const deliver = (type: 'payment.succeeded' | 'payment.failed') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/payments/webhooks/simulated',
        headers: { 'content-type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: sim.sign(type, ref) },
        payload: JSON.stringify({ type, ref }),
      });
    const replies = await Promise.all([
      deliver('payment.failed'),
      deliver('payment.succeeded'),
      deliver('payment.succeeded'),
      deliver('payment.failed'),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const after = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
    expect(after.status).toBe('confirmed');
    expect(after.payments).toMatchObject([{ status: 'succeeded' }]);
    expect(await t.database.db.$count(ledgerEntries, sql`booking_id = ${id}`)).toBe(2);
  });

  it('runs each due job exactly once with 8 runners polling at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (
          await book(t, traveler, {
            guideId: guide.guideId,
            date: daysAhead(20 + i),
            startTime: '10:00',
            durationHours: 2,
            travelers: 1,
          })
        ).json().id,
      );
    }
    const cancelled: number[] = [];
    const off = t.app.bookings.events.on('booking.cancelled', (e) => void cancelled.push(e.bookingId));
    const at = new Date(Date.now() + 31 * 60_000);
    const ran = await Promise.all(Array.from({ length: 8 }, () => t.app.jobs.tick(at)));
    off();
    expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
    for (const id of ids) expect(cancelled.filter((c) => c === id)).toHaveLength(1);
  }, 60_000);
});

describe('a second payment while one is with the provider', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('gets 409 payment_in_progress with Retry-After, and is not charged', async () => {
    t = await createTestApp({ seed: 'none' });
    const traveler = await person(t);
    const guide = await guidePerson(t);
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(19),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const provider = t.app.paymentProvider;
    const charge = provider.charge.bind(provider);
    let charges = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    provider.charge = async (req) => {
      charges++;
      await held; // the provider has not answered yet
      return charge(req);
    };
    try {
      const first = pay(t, traveler, id, CARD_OK, newKey());
      while (charges === 0) await new Promise((r) => setTimeout(r, 5));
      const second = await pay(t, traveler, id, CARD_OK, newKey());
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'payment_in_progress', retryAfter: 2 });
      expect(second.headers['retry-after']).toBe('2');
      release();
      expect((await first).statusCode).toBe(201);
      expect((await pay(t, traveler, id, CARD_OK, newKey())).json().code).toBe('already_paid');
      expect(charges).toBe(1);
    } finally {
      provider.charge = charge;
    }
  });
});
