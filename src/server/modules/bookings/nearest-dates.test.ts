import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { slotsReplySchema } from '../../../shared/schemas/slots';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, guidePerson } from './test-helpers';

/**
 * A date that does not fit names the nearest that do (decision 197): the slots without a start answer
 * `nearestDates`, up to three start dates within 14 days either side whose every day offers a start,
 * the nearest first, in calendar order; a date with a start answers none.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

const slots = async (guideId: number, query: string) => {
  const res = await t.app.inject({ url: `/api/v2/guides/${guideId}/slots?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return slotsReplySchema.parse(res.json());
};

describe('the nearest dates that fit', () => {
  it('offers, for three days with day 2 off, the start dates whose three days are all free', async () => {
    const g = await guidePerson(t);
    const date = daysAhead(30);
    await addException(t.database.db, g.guideId, addDays(date, 1), false);
    const reply = await slots(g.guideId, `date=${date}&durationHours=4&days=3`);
    expect(reply.slots).toEqual([]);
    expect(reply.closedDays).toEqual([addDays(date, 1)]);
    // The day before and the day after still take in day 2's date; two days either side do not.
    expect(reply.nearestDates).toEqual([addDays(date, -3), addDays(date, -2), addDays(date, 2)]);
    // A start that fits answers its starts and no other dates.
    const fits = await slots(g.guideId, `date=${addDays(date, 2)}&durationHours=4&days=3`);
    expect(fits.slots.length).toBeGreaterThan(0);
    expect(fits.nearestDates).toBeUndefined();
  });

  it('offers, for a tour of hours on a day off, the nearest days with hours, never a past one', async () => {
    const g = await guidePerson(t);
    const date = daysAhead(2);
    for (const d of [date, addDays(date, 1), addDays(date, -1)]) await addException(t.database.db, g.guideId, d, false);
    const reply = await slots(g.guideId, `date=${date}&durationHours=3`);
    expect(reply.slots).toEqual([]);
    // The days either side are off too; today is inside the guide's 24 hours' notice, yesterday is gone.
    expect(reply.nearestDates).toEqual([addDays(date, 2), addDays(date, 3), addDays(date, 4)]);
  });

  it('offers none when nothing within two weeks fits', async () => {
    const g = await guidePerson(t, { weekdays: [] });
    const reply = await slots(g.guideId, `date=${daysAhead(40)}&durationHours=3`);
    expect(reply).toMatchObject({ slots: [], nearestDates: [] });
  });
});
