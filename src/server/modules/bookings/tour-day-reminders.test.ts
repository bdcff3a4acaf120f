import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { guides, jobs, systemMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, confirmedBooking, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * The tour-day reminder (decision 154, amended): every day of a booking of several days reaches the
 * traveler and the guide once, naming the day ("Day 2 of 3"); a one-day booking is reminded once.
 */
let t: TestApp;
let traveler: Person;
let g: Awaited<ReturnType<typeof guidePerson>>;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  await t.database.db.update(guides).set({ dayRateCents: 200_000, dayHours: 8 }).where(eq(guides.id, g.guideId));
});
afterAll(() => t.close());

/** 00:00 in Tokyo of the tour's day `n`, and a minute after it: when that day's reminder is due. */
const morningOf = (date: string, n: number) => new Date(Date.parse(`${addDays(date, n - 1)}T00:00:00+09:00`) + MIN);
const remindersOf = async (userId: number, id: number) =>
  (
    await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, userId), like(systemMessages.dedupeKey, `booking:${id}:start%`)))
  ).map((m) => ({
    key: m.dedupeKey,
    en: m.texts?.en?.title,
    zh: m.texts?.['zh-CN']?.title,
    ja: m.texts?.ja?.title,
  }));

describe('the tour-day reminder', () => {
  it('reaches both sides on each of three days, once a day, with the day named in en, zh-CN and ja', async () => {
    const date = daysAhead(20);
    const res = await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);

    await t.app.jobs.tick(new Date(morningOf(date, 1).getTime() - 2 * MIN));
    expect(await remindersOf(traveler.id, id)).toEqual([]);

    for (const day of [1, 2, 3]) {
      // Twice on each morning: the second tick finds nothing new to send.
      await t.app.jobs.tick(morningOf(date, day));
      await t.app.jobs.tick(new Date(morningOf(date, day).getTime() + 10 * MIN));
      for (const who of [traveler.id, g.id]) expect(await remindersOf(who, id), `day ${day}`).toHaveLength(day);
    }
    const sent = await remindersOf(traveler.id, id);
    expect(sent).toEqual(
      expect.arrayContaining([
        {
          key: `booking:${id}:start`,
          en: 'Your tour is today: day 1 of 3',
          zh: '今天有行程：第 1 天（共 3 天）',
          ja: '本日はツアーの1日目です（全3日間）',
        },
        {
          key: `booking:${id}:start:day2`,
          en: 'Your tour today: day 2 of 3',
          zh: '今天有行程：第 2 天（共 3 天）',
          ja: '本日はツアーの2日目です（全3日間）',
        },
        {
          key: `booking:${id}:start:day3`,
          en: 'Your tour today: day 3 of 3',
          zh: '今天有行程：第 3 天（共 3 天）',
          ja: '本日はツアーの3日目です（全3日間）',
        },
      ]),
    );
    // The chain ends with the last day: no fourth day's job.
    await t.app.jobs.tick(morningOf(date, 4));
    expect(await remindersOf(traveler.id, id)).toHaveLength(3);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `booking.tour_day:${id}:${date}:4`)),
    ).toEqual([]);
  });

  it('a one-day booking is reminded once, as before', async () => {
    const date = daysAhead(40);
    const id = await confirmedBooking(t, traveler, g.guideId, date);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
    await t.app.jobs.tick(morningOf(date, 1));
    await t.app.jobs.tick(morningOf(date, 2));
    expect(await remindersOf(traveler.id, id)).toEqual([
      { key: `booking:${id}:start`, en: 'Your tour is today', zh: '今天有行程', ja: '本日はツアーの日です' },
    ]);
    expect(await remindersOf(g.id, id)).toHaveLength(1);
  });
});
