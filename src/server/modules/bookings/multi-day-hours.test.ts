import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { guides } from '../../db/schema/index';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * Days that fit the guide (decision 176): a guide who sells tours of 2–6 hours is booked for several
 * days of those hours (a day's hours were 6–10 whatever the guide sold, so the booking box's days of 8
 * hours were refused); the slots name the days that cannot hold the day's hours, and a refusal names
 * the day and the other tour in the way.
 */
let t: TestApp;
let traveler: Person;
let other: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  other = await person(t);
});
afterAll(() => t.close());

/** 09:00–17:00 every day, tours of 2–6 hours, no day rate, day hours left at 8. */
async function shortGuide() {
  const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  await t.database.db
    .update(guides)
    .set({ minDurationHours: 2, maxDurationHours: 6, dayRateCents: null, dayHours: 8 })
    .where(eq(guides.id, g.guideId));
  return g;
}
const get = (url: string) => t.app.inject({ url });

describe('several days with a guide who sells tours of 2–6 hours', () => {
  it('offers and books days of the guide’s hours, priced as the quote prices them', async () => {
    const g = await shortGuide();
    const date = daysAhead(20);
    const slots = await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=4&days=3`);
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json()).toMatchObject({ days: 3, durationHours: 4, closedDays: [] });
    expect(slots.json().slots.map((s: { startTime: string }) => s.startTime)).toContain('09:00');
    const quote = (await get(`/api/v2/guides/${g.guideId}/quote?days=3&dayHours=4&adults=2`)).json();
    expect(quote).toMatchObject({
      days: 3,
      dayHours: 4,
      hours: 12,
      totalCents: 12 * 33_000,
      guideDayTotal: 4 * 33_000,
    });
    const made = await book(t, traveler, {
      guideId: g.guideId,
      date,
      days: 3,
      dayStartTime: '09:00',
      dayHours: 4,
      adults: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      days: 3,
      duration: 4,
      totalPriceCents: quote.totalCents,
      depositCents: quote.depositCents,
    });
    // Eight-hour days are no length this guide sells: refused with the reason, not offered.
    const eight = await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=8&days=3`);
    expect(eight.statusCode).toBe(400);
    expect(eight.json()).toMatchObject({ code: 'duration_out_of_range', fields: [{ path: 'dayHours' }] });
  });

  it('names the day that cannot hold the day’s hours, and the other tour a refused span runs into', async () => {
    const g = await shortGuide();
    const date = daysAhead(30);
    await addException(t.database.db, g.guideId, addDays(date, 1), false);
    const slots = (await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=4&days=3`)).json();
    expect(slots).toMatchObject({ slots: [], closedDays: [addDays(date, 1)] });
    const off = await book(t, traveler, {
      guideId: g.guideId,
      date,
      days: 3,
      dayStartTime: '09:00',
      dayHours: 4,
      adults: 1,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'day_unavailable',
      fields: [{ path: 'days', message: addDays(date, 1) }],
    });

    // Another traveler's tour on day 3 of the next span, 10:00–12:00 Japan time.
    const later = addDays(date, 3);
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(later, 2),
          startTime: '10:00',
          durationHours: 2,
          adults: 1,
        })
      ).statusCode,
    ).toBe(201);
    const clash = await book(t, traveler, {
      guideId: g.guideId,
      date: later,
      days: 3,
      dayStartTime: '09:00',
      dayHours: 4,
      adults: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'slot_unavailable',
      fields: [
        { path: 'clashStartsAt', message: `${addDays(later, 2)}T01:00:00.000Z` },
        { path: 'clashEndsAt', message: `${addDays(later, 2)}T03:00:00.000Z` },
      ],
    });
  });
});
