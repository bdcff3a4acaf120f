import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../shared/availability';
import { guides, guideWeeklyAvailability, payments, systemMessages } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, guidePerson, type Method, pay, person, type Person, type Who } from './test-helpers';

/**
 * The guide did not come on day 1 of a booking of three days, and the traveler takes another guide
 * instead of the refund (decision 140, amended): only guides free later that day and on days 2 and 3
 * at the booked hours are offered; the chosen one holds every day, day 1 from their later start and
 * the other days at the booked hours.
 */
let t: TestApp;
let admin: Person;
let cityCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Who) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const askToday = (id: number, who: Who) =>
  call('POST', `/api/v2/bookings/${id}/report-no-show`, who, { note: 'Nobody at the gate', replacement: true });
const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * A guide of the city with six-hour days at 1,500 RMB a day; the others take tours at an hour's notice
 * and work 09:00–21:00, so a later start on day 1 leaves a whole day's hours.
 */
async function dayGuide(city: string, spec: Parameters<typeof guidePerson>[1] = {}, late = true) {
  const g = await guidePerson(t, {
    city,
    languages: ['zh'],
    priceRmb: 300,
    maxPeople: 4,
    minNoticeHours: late ? 1 : undefined,
    ...spec,
  });
  await t.database.db.update(guides).set({ dayRateCents: 150_000, dayHours: 6 }).where(eq(guides.id, g.guideId));
  if (late)
    await t.database.db
      .update(guideWeeklyAvailability)
      .set({ endMinute: 21 * 60 })
      .where(eq(guideWeeklyAvailability.guideId, g.guideId));
  return g;
}

/**
 * A paid, accepted booking of three days, 09:00–15:00 each day, `ahead` days on, on its first day (awaiting its start).
 */
async function threeDays(city: string, ahead: number) {
  const booked = await dayGuide(city, {}, false);
  const traveler = await person(t);
  const date = daysAhead(ahead);
  const created = await book(t, traveler, {
    guideId: booked.guideId,
    date,
    days: 3,
    dayStartTime: '09:00',
    travelers: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect((await pay(t, traveler, id)).statusCode).toBe(201);
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, booked)).statusCode).toBe(200);
  const before = await view(id, traveler);
  const startsAt = Date.parse(before.startsAt);
  await t.app.jobs.tick(new Date(startsAt - HOUR)); // the start day's job: awaiting_start
  return { booked, traveler, date, id, before, startsAt };
}

/**
 * Another traveler's two-hour tour with `guide` on `date` at `startTime`, paid and accepted (an unanswered request
 * would lapse on the way).
 */
async function otherTour(guide: Awaited<ReturnType<typeof dayGuide>>, date: string, startTime: string) {
  const other = await person(t);
  const res = await book(t, other, { guideId: guide.guideId, date, startTime, durationHours: 2, travelers: 1 });
  expect(res.statusCode, res.body).toBe(201);
  expect((await pay(t, other, res.json().id)).statusCode).toBe(201);
  expect((await call('POST', `/api/v2/bookings/${res.json().id}/accept`, guide)).statusCode).toBe(200);
  return other;
}

const noticesOf = async (userId: number, key: string) =>
  (await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, userId))).filter(
    (n) => n.dedupeKey === key,
  );

describe('a guide’s no-show on day 1 of three days, and another guide for the rest of the tour', () => {
  it('offers only guides free later today and on days 2–3; the chosen one holds every day, day 1 from their later start', async () => {
    const city = `multi-no-show-${++cityCounter}`;
    const free = await dayGuide(city, { rating: 4 });
    const busyDay3 = await dayGuide(city, { rating: 5 });
    const offDay2 = await dayGuide(city, { rating: 5 });
    const { booked, traveler, date, id, before, startsAt } = await threeDays(city, 20);
    await otherTour(busyDay3, addDays(date, 2), '13:00');
    await addException(t.database.db, offDay2.guideId, addDays(date, 1), false);

    const now = startsAt + 25 * MIN; // 09:25 on day 1
    t.app.bookings.now = () => new Date(now);
    const res = await askToday(id, traveler);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'awaiting_replacement',
      refund: null,
      replacement: { status: 'open', sameDay: true, lapsesAt: new Date(now + 2 * HOUR).toISOString() },
    });

    // Only the guide free today and on both other days; from an hour after the report on the half hour: 10:30.
    const list = (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json();
    expect(list).toMatchObject({ status: 'open', sameDay: true });
    expect(list.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([free.guideId]);
    const [pick] = list.candidates;
    // Three days at the same day rate: no extra cost.
    expect(pick).toMatchObject({
      scheduledStartTime: '10:30',
      startsAt: new Date(startsAt + 90 * MIN).toISOString(),
      totalCents: before.totalPriceCents,
      coveredCents: 0,
    });

    const chosen = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: free.guideId,
      startsAt: pick.startsAt,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const day = (n: number, from: string, to: string) => ({
      date: addDays(date, n),
      startsAt: `${addDays(date, n)}T${from}:00.000Z`,
      endsAt: `${addDays(date, n)}T${to}:00.000Z`,
    });
    // Tokyo: 10:30–16:30 on day 1 is 01:30–07:30Z; 09:00–15:00 on days 2 and 3 is 00:00–06:00Z.
    expect(chosen.json()).toMatchObject({
      status: 'confirmed',
      guideId: free.guideId,
      days: 3,
      date,
      scheduledStartTime: '10:30',
      startsAt: pick.startsAt,
      endsAt: before.endsAt,
      duration: 6,
      schedule: [day(0, '01:30', '07:30'), day(1, '00:00', '06:00'), day(2, '00:00', '06:00')],
      replacement: { status: 'requested', sameDay: true, answerBy: new Date(now + 30 * MIN).toISOString() },
    });

    // Days 2 and 3 are the new guide's: another traveler is refused on them.
    const day2 = await book(t, await person(t), {
      guideId: free.guideId,
      date: addDays(date, 1),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(day2.statusCode).toBe(409);
    const day3 = await book(t, await person(t), {
      guideId: free.guideId,
      date: addDays(date, 2),
      startTime: '13:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(day3.statusCode).toBe(409);

    expect((await call('POST', `/api/v2/bookings/${id}/accept`, free)).statusCode).toBe(200);
    await t.app.jobs.tick(new Date(now + MIN));
    expect(await view(id, traveler)).toMatchObject({
      status: 'awaiting_start',
      guideId: free.guideId,
      scheduledStartTime: '10:30',
      currentDay: 1,
    });
    const charges = (await t.database.db.select().from(payments).where(eq(payments.bookingId, id))).filter(
      (p) => p.kind === 'deposit' && p.status !== 'failed',
    );
    expect(charges).toHaveLength(1);
    expect((await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json().balance.total).toBe(0);

    // The new guide's calendar has day 1 from 10:30 and the other days at the booked hours.
    const url = new URL((await call('GET', '/api/v2/guides/me/calendar-url', free)).json().url as string);
    const feed = (await t.app.inject({ url: url.pathname, remoteAddress: nextAddress() })).body.replace(/\r\n /g, '');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(feed).toContain(`DTSTART:${stamp(day(0, '01:30', '07:30').startsAt)}`);
    expect(feed).toContain(`DTEND:${stamp(day(0, '01:30', '07:30').endsAt)}`);
    expect(feed).toContain(`DTSTART:${stamp(day(1, '00:00', '06:00').startsAt)}`);
    expect(feed).toContain(`DTSTART:${stamp(day(2, '00:00', '06:00').startsAt)}`);

    // The notices name the rest of the tour, in every language.
    await vi.waitFor(async () => {
      const [absent] = await noticesOf(booked.id, `booking:${id}:no-show-replacing`);
      expect(absent?.texts?.en?.message).toContain('none of its 3 days is yours any more');
      expect(absent?.texts?.en?.message).toContain('(2 days), 09:00 each day (Japan time)');
      expect(absent?.texts?.['zh-CN']?.message).toContain('共 2 天，每天 09:00 开始（日本时间）');
      expect(absent?.texts?.ja?.message).toContain('の2日間、毎日 09:00 開始（日本時間）');
      const [choice] = await noticesOf(traveler.id, `booking:${id}:no-show-replacing`);
      expect(choice?.texts?.en?.message).toContain('each is free for the rest of your tour too, as booked');
      expect(choice?.texts?.ja?.message).toContain('の2日間、毎日 09:00 開始（日本時間）');
      const [asked] = await noticesOf(free.id, `booking:${id}:replacement-requested:${free.id}`);
      expect(asked?.texts?.en?.message).toContain('The tour: ');
      expect(asked?.texts?.en?.message).toContain('from 10:30, then ');
      expect(asked?.texts?.en?.message).toContain('(2 days), 09:00 each day (Japan time).');
      expect(asked?.texts?.['zh-CN']?.message).toContain('10:30 开始，之后 ');
      expect(asked?.texts?.ja?.message).toContain('10:30 開始、翌日からは');
    });
  });

  it('with nobody free later today and on every other day: 409 no_replacement_today and nothing changes', async () => {
    const city = `multi-no-show-${++cityCounter}`;
    const busyDay3 = await dayGuide(city);
    const { traveler, date, id, startsAt } = await threeDays(city, 22);
    await otherTour(busyDay3, addDays(date, 2), '10:00');
    t.app.bookings.now = () => new Date(startsAt + 30 * MIN);
    const res = await askToday(id, traveler);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no_replacement_today');
    expect(await view(id, traveler)).toMatchObject({ status: 'awaiting_start', scheduledStartTime: '09:00' });
    // The refund is still there, the whole deposit for every day (decision 155).
    const refunded = await call('POST', `/api/v2/bookings/${id}/report-no-show`, traveler, {});
    expect(refunded.json()).toMatchObject({ status: 'cancelled', cancelReason: 'guide_no_show' });
    expect((await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json().balance).toMatchObject({
      total: 0,
      traveler: 0,
    });
  });

  it('a decline puts the booked guide, hours and days back, and the traveler chooses again', async () => {
    const city = `multi-no-show-${++cityCounter}`;
    const asked = await dayGuide(city);
    const { booked, traveler, id, before, startsAt } = await threeDays(city, 24);
    t.app.bookings.now = () => new Date(startsAt + 20 * MIN);
    expect((await askToday(id, traveler)).statusCode).toBe(200);
    const chosen = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, { guideId: asked.guideId });
    expect(chosen.json()).toMatchObject({ scheduledStartTime: '10:30', endsAt: before.endsAt });
    expect((await call('POST', `/api/v2/bookings/${id}/decline`, asked, { reason: 'Cannot make it' })).statusCode).toBe(
      200,
    );
    const back = await view(id, traveler);
    expect(back).toMatchObject({
      status: 'awaiting_replacement',
      guideId: booked.guideId,
      scheduledStartTime: '09:00',
      startsAt: before.startsAt,
      endsAt: before.endsAt,
      schedule: before.schedule,
    });
    // The guide who said no is not offered again, and nobody else is free.
    expect((await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json().candidates).toEqual([]);
  });

  it('the replacement guide cancelling later: the next one is asked for day 1 from its later start and the booked hours after', async () => {
    const city = `multi-no-show-${++cityCounter}`;
    const first = await dayGuide(city, { rating: 5 });
    const second = await dayGuide(city, { rating: 4 });
    const { traveler, date, id, before, startsAt } = await threeDays(city, 26);
    // The first is busy until noon on day 1 (free from 12:30, after their buffer); the second has a tour at 16:00 on
    // day 3, after the booked 15:00 end, which a check of 12:30 on every day would have run into.
    await otherTour(first, date, '10:00');
    await otherTour(second, addDays(date, 2), '16:00');
    t.app.bookings.now = () => new Date(startsAt + 20 * MIN);
    expect((await askToday(id, traveler)).statusCode).toBe(200);
    const list = (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json();
    const pick = list.candidates.find((c: { guideId: number }) => c.guideId === first.guideId);
    expect(pick).toMatchObject({ scheduledStartTime: '12:30' });
    expect(
      (
        await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
          guideId: first.guideId,
          startsAt: pick.startsAt,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, first)).statusCode).toBe(200);
    await t.app.jobs.tick(new Date(startsAt + 21 * MIN));

    // More than 3 hours before 12:30, the new guide cancels: the choice opens for a guide free from 12:30 today and
    // at 09:00 after.
    t.app.bookings.now = () => new Date(startsAt + 25 * MIN);
    const cancelled = await call('PATCH', `/api/bookings/${id}/status`, first, {
      status: 'cancelled',
      reason: 'Family emergency',
    });
    expect(cancelled.json()).toMatchObject({ status: 'awaiting_replacement', refund: null });
    const again = (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json();
    expect(again).toMatchObject({
      sameDay: false,
      candidates: [{ guideId: second.guideId, scheduledStartTime: '12:30', startsAt: pick.startsAt }],
    });
    const chosen = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: second.guideId,
      startsAt: pick.startsAt,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      guideId: second.guideId,
      scheduledStartTime: '12:30',
      startsAt: pick.startsAt,
      endsAt: before.endsAt,
    });
    expect(chosen.json().schedule.slice(1)).toEqual(before.schedule.slice(1));
  });
});
