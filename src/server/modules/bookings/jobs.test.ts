import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfTourDay } from '../../../shared/booking/schedule';
import { jobs } from '../../db/schema/index';
import { JobRunner } from '../../jobs/index';
import { claimJob } from '../../jobs/jobs.repository';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JOB } from './index';
import { book, confirmedBooking, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * Scheduled work, driven by passing `now` to the runner instead of sleeping. Each test looks only at
 * its own bookings (a tick far ahead also runs the jobs of earlier tests).
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const booking = async (id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
const ledger = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();

describe('jobs', () => {
  it('expire an unpaid booking 30 minutes after it was made, and free its slot', async () => {
    const date = daysAhead(5);
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date,
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    const { id, createdAt } = res.json();
    const made = new Date(createdAt).getTime();
    await t.app.jobs.tick(new Date(made + 29 * 60_000));
    expect((await booking(id)).status).toBe('pending');
    await t.app.jobs.tick(new Date(made + 30 * 60_000 + 1));
    expect(await booking(id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'payment_expired',
    });
    const other = await person(t);
    expect(
      (await book(t, other, { guideId: guide.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('leave a paid booking alone when its payment window closes', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(6));
    await t.app.jobs.tick(new Date(Date.now() + 31 * 60_000));
    expect((await booking(id)).status).toBe('confirmed');
  });

  it('expire a request the guide leaves unanswered for 48 hours, with a full refund', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(9));
    const paidAt = Date.now();
    await t.app.jobs.tick(new Date(paidAt + 47 * HOUR));
    expect((await booking(id)).status).toBe('confirmed');
    await t.app.jobs.tick(new Date(paidAt + 48 * HOUR + 60_000));
    const after = await booking(id);
    expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'request_expired' });
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedCents: after.depositCents });
    expect((await ledger(id)).balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
  });

  it('expire a request at its start when that comes before 48 hours', async () => {
    // A guide with 12 hours' notice (decision 153). Tomorrow (Tokyo) at 15:00 is 15–39 hours away, whenever
    // the test runs: inside 48 h, outside the 12 h notice.
    const g = await guidePerson(t, { minNoticeHours: 12 });
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(1), '15:00', 2);
    const b = await booking(id);
    expect(new Date(b.respondBy).getTime()).toBe(new Date(b.startsAt).getTime());
    await t.app.jobs.tick(new Date(new Date(b.startsAt).getTime() - 60_000));
    expect((await booking(id)).status).toBe('confirmed');
    await t.app.jobs.tick(new Date(b.startsAt));
    expect((await booking(id)).status).toBe('cancelled');
  });

  it('move an accepted booking to awaiting_start at 00:00 of the tour date in the guide’s zone', async () => {
    const g = await guidePerson(t);
    const date = daysAhead(12);
    const id = await confirmedBooking(t, traveler, g.guideId, date);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(g.token) })).statusCode,
    ).toBe(200);
    const midnight = startOfTourDay(date, 'Asia/Tokyo');
    expect(midnight.toISOString()).toBe(`${daysAhead(11)}T15:00:00.000Z`);
    await t.app.jobs.tick(new Date(midnight.getTime() - 1));
    expect((await booking(id)).status).toBe('upcoming');
    // The accepted booking's request-expiry job, due meanwhile, leaves it alone.
    await t.app.jobs.tick(midnight);
    expect((await booking(id)).status).toBe('awaiting_start');
    expect((await booking(id)).actions).toEqual(['start_confirm', 'cancel']);
  });

  it('lose nothing on a restart: queued jobs wait in the table, and a job whose runner died is taken again after its lease', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(14),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    const [row] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${JOB.paymentExpiry}:${id}`));
    expect(row).toMatchObject({ status: 'queued', kind: JOB.paymentExpiry });
    // A runner claims it and dies before finishing.
    const due = new Date(row!.runAt.getTime() + 1);
    const claimed = await claimJob(t.database.db, due, row!.id);
    expect(claimed?.id).toBe(row!.id);
    expect(await claimJob(t.database.db, due, row!.id)).toBeUndefined();
    // A fresh runner (the restarted process) takes it once the 5-minute lease has passed.
    const restarted = new JobRunner(t.database.db);
    restarted.register(JOB.paymentExpiry, (job, now) => t.app.bookings.lifecycle.expireUnpaid(job, now));
    expect(await restarted.runNow(row!.id, new Date(due.getTime() + 4 * 60_000))).toBe(false);
    expect(await restarted.runNow(row!.id, new Date(due.getTime() + 6 * 60_000))).toBe(true);
    expect((await booking(id)).status).toBe('cancelled');
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, row!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retry a failing job with backoff and give up after eight attempts', async () => {
    const runner = new JobRunner(t.database.db);
    let calls = 0;
    runner.register('test.always_fails', async () => {
      calls++;
      throw new Error('provider down');
    });
    const start = new Date('2030-01-01T00:00:00Z');
    await t.database.db.insert(jobs).values({ kind: 'test.always_fails', runAt: start, dedupeKey: 'test-fails' });
    let now = start;
    for (let i = 0; i < 10; i++) {
      await runner.tick(now);
      now = new Date(now.getTime() + 2 * HOUR);
    }
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'test-fails'));
    expect(calls).toBe(8);
    expect(row).toMatchObject({ status: 'failed', attempts: 8, lastError: 'provider down' });
  });
});
