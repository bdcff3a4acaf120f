import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * "Help now" (decision 132): urgent threads on the caller's own trip on its day, the admin queue ordered by
 * urgency and reply deadline, one alert when a deadline passes (the job run on a set clock), and the
 * first-reply metrics. Through app.inject() on a fresh database.
 */
let t: TestApp;
let traveler: Person;
let other: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let bookingId: number;
/** The tour's start (10:00 in Tokyo, three days ahead). */
let start: number;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  other = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(3));
  // Accepted, so the job ticks below do not let the request lapse.
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${bookingId}/accept`, headers: auth(guide.token) }))
      .statusCode,
  ).toBe(200);
  start = Date.parse(
    (await t.app.inject({ url: `/api/v2/bookings/${bookingId}`, headers: auth(traveler.token) })).json().startsAt,
  );
}, 120_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const at = (ms: number) => {
  t.app.bookings.now = () => new Date(ms);
};
const HELP = { message: '我和地陪走散了', locale: 'zh-CN', pageUrl: '/dashboard', urgent: true } as const;
const create = (who: Person | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/support/threads',
    remoteAddress: nextAddress(),
    ...(who && { headers: auth(who.token) }),
    payload,
  });
const adminGet = (url: string, who: Person = admin) => t.app.inject({ url, headers: auth(who.token) });
const reply = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/support/threads/${id}/messages`,
    headers: auth(admin.token),
    payload: { body: '我们马上联系您。' },
  });

describe('an urgent thread', () => {
  it('is opened by the traveler on the trip day with the location, and the admin sees the trip, both parties and the place', async () => {
    at(start + 30 * MIN);
    const res = await create(traveler, {
      ...HELP,
      bookingId,
      location: { lat: 35.6812, lng: 139.7671, accuracyM: 24.6 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().thread).toMatchObject({ urgent: true, status: 'open' });
    const id = res.json().thread.id as number;
    const { thread } = (await adminGet(`/api/admin/support/threads/${id}`)).json();
    expect(thread).toMatchObject({
      urgent: true,
      replyBy: new Date(start + 35 * MIN).toISOString(),
      firstReplyAt: null,
      booking: { id: bookingId, bookingNumber: `TG${String(bookingId).padStart(4, '0')}`, status: 'upcoming' },
      location: { lat: 35.6812, lng: 139.7671, accuracyM: 25 },
    });
    expect(thread.booking.traveler).toMatchObject({ userId: traveler.id, email: expect.stringContaining('@') });
    expect(thread.booking.guide).toMatchObject({ userId: guide.id, email: expect.stringContaining('@') });
    expect(thread.booking.guide.fullName).toEqual(expect.any(String));
  });

  it('is opened by the guide of the booking too, without a location', async () => {
    at(start - 2 * 3_600_000); // 08:00 on the tour day
    const res = await create(guide, { ...HELP, bookingId });
    expect(res.statusCode, res.body).toBe(201);
    expect((await adminGet(`/api/admin/support/threads/${res.json().thread.id}`)).json().thread.location).toBeNull();
  });

  it('is 404 for another user’s booking and for one that does not exist, and 401 anonymously', async () => {
    at(start);
    const theirs = await create(other, { ...HELP, bookingId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('not_found');
    // A guide is the booking's guide or nobody to it: another guide's answer is the same 404.
    const otherGuide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    const notTheirTour = await create(otherGuide, { ...HELP, bookingId });
    expect(notTheirTour.statusCode).toBe(404);
    expect(notTheirTour.json().code).toBe('not_found');
    expect((await create(traveler, { ...HELP, bookingId: 999_999 })).statusCode).toBe(404);
    expect((await create(null, { ...HELP, bookingId })).statusCode).toBe(401);
  });

  it('is refused outside the trip day (not_on_trip), and the request must name a booking and a sane location', async () => {
    at(start - 24 * 3_600_000);
    const early = await create(traveler, { ...HELP, bookingId });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_on_trip');
    at(start);
    expect((await create(traveler, { ...HELP })).json().code).toBe('validation_failed');
    expect((await create(traveler, { message: 'hi', bookingId })).json().code).toBe('validation_failed');
    expect((await create(traveler, { ...HELP, bookingId, location: { lat: 91, lng: 139 } })).json().code).toBe(
      'validation_failed',
    );
    expect((await create(traveler, { ...HELP, bookingId, location: { lat: 35, lng: 'x' } })).statusCode).toBe(400);
  });

  it('and the metrics are for admins only (404 to a signed-in user, 401 anonymously)', async () => {
    expect((await adminGet('/api/admin/support/metrics', traveler)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/support/metrics' })).statusCode).toBe(401);
  });
});

describe('the admin queue', () => {
  it('puts urgent waiting threads first, then waiting ones by deadline, then answered ones; replyBy says when', async () => {
    const base = start + 60 * MIN;
    at(base - 30 * MIN);
    const older = (await create(other, { message: 'Refund question' })).json().thread.id as number;
    at(base - 10 * MIN);
    const newer = (await create(other, { message: 'Invoice question' })).json().thread.id as number;
    at(base - 20 * MIN);
    const answered = (await create(other, { message: 'Answered already' })).json().thread.id as number;
    at(base - 5 * MIN);
    await reply(answered);
    at(base);
    const urgent = (await create(traveler, { ...HELP, bookingId })).json().thread.id as number;
    const list = (await adminGet('/api/admin/support/threads?status=open&limit=100')).json().data as {
      id: number;
      replyBy: string | null;
      urgent: boolean;
    }[];
    const mine = list.filter((r) => [older, newer, answered, urgent].includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([urgent, older, newer, answered]);
    expect(mine.map((r) => r.replyBy)).toEqual([
      new Date(base + 5 * MIN).toISOString(),
      new Date(base - 30 * MIN + 240 * MIN).toISOString(),
      new Date(base - 10 * MIN + 240 * MIN).toISOString(),
      null,
    ]);
    // Every urgent thread still waiting comes before every other thread.
    const firstOther = list.findIndex((r) => !r.urgent || r.replyBy === null);
    expect(list.slice(firstOther).some((r) => r.urgent && r.replyBy !== null)).toBe(false);
  });

  it('ends the wait when a thread is closed; the visitor writing again starts a new one with its own deadline', async () => {
    const opened = start + 90 * MIN;
    at(opened);
    const id = (await create(other, { message: 'Lost my receipt' })).json().thread.id as number;
    const replyBy = async () =>
      (await adminGet(`/api/admin/support/threads/${id}`)).json().thread.replyBy as string | null;
    expect(await replyBy()).toBe(new Date(opened + 240 * MIN).toISOString());
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/threads/${id}`,
      headers: auth(admin.token),
      payload: { status: 'closed' },
    });
    expect(await replyBy()).toBeNull();
    at(opened + 60 * MIN);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/support/threads/${id}/messages`,
      headers: auth(other.token),
      payload: { body: 'Found it, but one more question' },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(201);
    expect(await replyBy()).toBe(new Date(opened + 60 * MIN + 240 * MIN).toISOString());
  });
});

describe('an overdue urgent thread', () => {
  const alertsOf = async (who: Person, id: number) => {
    const res = await t.app.inject({ url: '/api/v2/system-messages?limit=100', headers: auth(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json().data.messages as {
      type: string;
      title: string;
      actionUrl: string;
      relatedEntityType: string;
      relatedEntityId: number;
    }[];
    return all.filter((m) => m.relatedEntityType === 'support_thread' && m.relatedEntityId === id);
  };

  it('alerts every admin once when its deadline passes unanswered, and not before', async () => {
    const second = await person(t, { admin: true });
    // The second admin reads Japanese: the alert is written in their stored locale.
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, second.id));
    const created = start + 2 * 3_600_000;
    at(created);
    const id = (await create(traveler, { ...HELP, bookingId })).json().thread.id as number;
    await t.app.jobs.tick(new Date(created + 4 * MIN));
    await t.app.jobs.settled();
    expect(await alertsOf(admin, id)).toEqual([]);
    await t.app.jobs.tick(new Date(created + 6 * MIN));
    await t.app.jobs.settled();
    await t.app.jobs.tick(new Date(created + 30 * MIN));
    await t.app.jobs.settled();
    for (const who of [admin, second]) {
      const alerts = await alertsOf(who, id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ type: 'admin', actionUrl: `/admin/support/${id}` });
    }
    expect((await alertsOf(second, id))[0]!.title).toBe(`サポートの会話（#${id}）が回答期限を過ぎています`);
    expect((await alertsOf(admin, id))[0]!.title).toBe(`Support #${id} is waiting past its deadline`);
    expect(await alertsOf(traveler, id)).toEqual([]);
  });

  it('alerts nobody when the team answered in time', async () => {
    const created = start + 3 * 3_600_000;
    at(created);
    const res = await create(traveler, { ...HELP, bookingId });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().thread.id as number;
    at(created + 2 * MIN);
    expect((await reply(id)).statusCode).toBe(201);
    await t.app.jobs.tick(new Date(created + 10 * MIN));
    await t.app.jobs.settled();
    expect(await alertsOf(admin, id)).toEqual([]);
  });
});

describe('first-reply metrics', () => {
  it('give the median and 90th percentile (nearest rank) of first replies, urgent and other apart, and what is overdue', async () => {
    const m = await createTestApp({ seed: 'none' });
    try {
      const tr = await person(m);
      const ad = await person(m, { admin: true });
      const gd = await guidePerson(m, { priceRmb: 300, maxPeople: 4 });
      const b = await confirmedBooking(m, tr, gd.guideId, daysAhead(3));
      const s = Date.parse(
        (await m.app.inject({ url: `/api/v2/bookings/${b}`, headers: auth(tr.token) })).json().startsAt,
      );
      const set = (ms: number) => {
        m.app.bookings.now = () => new Date(ms);
      };
      const open = async (payload: Record<string, unknown>) =>
        (
          await m.app.inject({
            method: 'POST',
            url: '/api/support/threads',
            remoteAddress: nextAddress(),
            headers: auth(tr.token),
            payload,
          })
        ).json().thread.id as number;
      const answer = (id: number) =>
        m.app.inject({
          method: 'POST',
          url: `/api/admin/support/threads/${id}/messages`,
          headers: auth(ad.token),
          payload: { body: 'OK' },
        });
      // Other threads answered after 600, 60, 240, 120, 180 s: sorted 60 120 180 240 600, median 180, p90 600.
      let clock = s - 9 * 3_600_000;
      for (const seconds of [600, 60, 240, 120, 180]) {
        set(clock);
        const id = await open({ message: 'question' });
        set(clock + seconds * 1000);
        await answer(id);
        // A second reply does not change the first-reply time.
        set(clock + seconds * 1000 + 3_600_000);
        await answer(id);
        clock += 10 * MIN;
      }
      // Urgent ones answered after 90 and 30 s (median 30, p90 90), and one not answered at all.
      clock = s;
      for (const seconds of [90, 30]) {
        set(clock);
        const id = await open({ ...HELP, bookingId: b });
        set(clock + seconds * 1000);
        await answer(id);
        clock += 10 * MIN;
      }
      set(clock);
      await open({ ...HELP, bookingId: b });
      set(clock + 6 * MIN);
      const res = await m.app.inject({ url: '/api/admin/support/metrics?days=1', headers: auth(ad.token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        days: 1,
        urgent: { threads: 3, answered: 2, medianSeconds: 30, p90Seconds: 90, overdue: 1 },
        other: { threads: 5, answered: 5, medianSeconds: 180, p90Seconds: 600, overdue: 0 },
        overdue: 1,
        urgentReplySeconds: 300,
        replySeconds: 14_400,
      });
    } finally {
      await m.close();
    }
  }, 120_000);
});
