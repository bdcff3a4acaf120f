import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../../shared/availability';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { addException, makeGuide } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead } from '../bookings/test-helpers';
import { setWeeklyAvailability } from './index';

/**
 * A search for a trip answers only guides who can take it (decision 197): with `days` and a date,
 * every day of the trip must have hours, and with `durationHours` hours enough for the day; a day's
 * exception replaces its weekday either way. The total counts the same guides the page lists.
 */
let t: TestApp;
const date = daysAhead(20);
const weekday = (i: number) => isoWeekday(addDays(date, i));
const ALL = [1, 2, 3, 4, 5, 6, 7];
const ids: Record<string, number> = {};

const found = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v2/guides?city=kyoto&date=${date}&limit=50&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const reply = guideListReplySchema.parse(res.json());
  expect(reply.total).toBe(reply.data.length);
  const names = Object.entries(ids)
    .filter(([, id]) => reply.data.some((c) => c.id === id))
    .map(([name]) => name);
  return names.sort();
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const db = t.database.db;
  const guide = async (name: string, weekdays = ALL) =>
    (ids[name] = (await makeGuide(db, { city: 'kyoto', weekdays })).guide.id);
  // 09:00–17:00 every day.
  await guide('everyDay');
  // Hours on the first day's weekday only.
  await guide('dayOneOnly', [weekday(0)]);
  // Every day, but the third day taken off.
  await addException(db, await guide('thirdDayOff'), addDays(date, 2), false);
  // The first day's weekday only, and 10:00–15:00 added on days 2 and 3.
  const added = await guide('addedDays', [weekday(0)]);
  await addException(db, added, addDays(date, 1), true);
  await addException(db, added, addDays(date, 2), true);
  // Every day, but day 2's weekday only 10:00–12:00.
  const short = await guide('shortSecondDay');
  await setWeeklyAvailability(
    db,
    short,
    ALL.map((w) => ({
      weekday: w,
      startMinute: w === weekday(1) ? 600 : 540,
      endMinute: w === weekday(1) ? 720 : 1020,
    })),
  );
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

describe('a search for several days', () => {
  it('lists a guide free on all three days and not one free on day 1 only, or with a day off', async () => {
    expect(await found('days=3')).toEqual(['addedDays', 'everyDay', 'shortSecondDay']);
    // One day asks the first day only, as before.
    expect(await found('days=1')).toEqual(Object.keys(ids).sort());
    expect(await found('')).toEqual(Object.keys(ids).sort());
  });

  it('asks every day for the hours searched', async () => {
    // 4 hours: day 2's two hours do not hold them; the added days' five hours do.
    expect(await found('days=3&durationHours=4')).toEqual(['addedDays', 'everyDay']);
    // 6 hours: only the guide with 8 hours every day.
    expect(await found('days=3&durationHours=6')).toEqual(['everyDay']);
    // A tour of hours on one day asks that day for them too.
    const onDayTwo = async (hours: number) => {
      const res = await t.app.inject({
        url: `/api/v2/guides?city=kyoto&date=${addDays(date, 1)}&durationHours=${hours}&limit=50`,
      });
      return guideListReplySchema.parse(res.json()).data.some((c) => c.id === ids.shortSecondDay);
    };
    expect(await onDayTwo(2)).toBe(true);
    expect(await onDayTwo(3)).toBe(false);
  });

  it('finds the trip again when the guide frees the day', async () => {
    const db = t.database.db;
    await setWeeklyAvailability(
      db,
      ids.dayOneOnly!,
      ALL.map((w) => ({ weekday: w, startMinute: 480, endMinute: 1080 })),
    );
    await t.app.guideSearch.sync();
    expect(await found('days=3&durationHours=6')).toEqual(['dayOneOnly', 'everyDay']);
  });
});
