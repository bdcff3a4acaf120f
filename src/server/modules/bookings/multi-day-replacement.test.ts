import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { guides } from '../../db/schema/index';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, guidePerson, type Method, pay, person, type Who } from './test-helpers';

/**
 * A replacement guide for a booking of several days (decisions 137 and 154): only guides free on every
 * day of the span at the booked hours are offered, priced for the span; choosing one moves all days.
 */
let t: TestApp;
let cityCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);

/** A guide of the scenario's city with 09:00–17:00 hours, eight-hour days at `dayRateRmb` a day. */
async function dayGuide(city: string, dayRateRmb: number, spec: Parameters<typeof guidePerson>[1] = {}) {
  const g = await guidePerson(t, { city, languages: ['zh'], priceRmb: 300, maxPeople: 4, ...spec });
  await t.database.db
    .update(guides)
    .set({ dayRateCents: dayRateRmb * 100, dayHours: 8 })
    .where(eq(guides.id, g.guideId));
  return g;
}

describe('a guide cancels a paid booking of three days', () => {
  it('offers guides free on every day, priced for the three days; the choice keeps the days and holds them all for the new guide', async () => {
    const city = `multi-replace-${++cityCounter}`;
    const booked = await dayGuide(city, 2000);
    const same = await dayGuide(city, 2000, { rating: 4 });
    const dearer = await dayGuide(city, 2200, { rating: 5 });
    const offDay2 = await dayGuide(city, 2000);
    const busyDay3 = await dayGuide(city, 2000);
    const traveler = await person(t);
    const other = await person(t);
    const date = daysAhead(20);
    await addException(t.database.db, offDay2.guideId, addDays(date, 1), false);
    const elsewhere = await book(t, other, {
      guideId: busyDay3.guideId,
      date: addDays(date, 2),
      startTime: '13:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect((await pay(t, other, elsewhere.json().id)).statusCode).toBe(201);

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
    const before = (await call('GET', `/api/v2/bookings/${id}`, traveler)).json();
    expect(before).toMatchObject({ days: 3, totalPriceCents: 600_000 });

    const cancelled = await call('PATCH', `/api/bookings/${id}/status`, booked, {
      status: 'cancelled',
      reason: 'I am ill',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'awaiting_replacement', refund: null });

    const list = (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json();
    expect(list.candidates.map((c: { guideId: number }) => c.guideId)).toEqual([dearer.guideId, same.guideId]);
    const [dear, even] = list.candidates;
    // Three days at the candidate's day rate: 3 × 2,200 RMB, of which the platform covers 3 × 200 RMB.
    expect(dear).toMatchObject({
      totalCents: 600_000,
      coveredCents: 60_000,
      startsAt: before.startsAt,
      scheduledStartTime: '09:00',
    });
    expect(even).toMatchObject({ totalCents: 600_000, coveredCents: 0, balanceCents: 600_000 - before.depositCents });

    // A guide booked on day 2 since the list was read can no longer be chosen: every day is checked again.
    const taken = await book(t, other, {
      guideId: same.guideId,
      date: addDays(date, 1),
      startTime: '13:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const late = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: same.guideId,
      startsAt: even.startsAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('replacement_unavailable');

    const chosen = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, {
      guideId: dearer.guideId,
      startsAt: dear.startsAt,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      status: 'confirmed',
      guideId: dearer.guideId,
      days: 3,
      date,
      scheduledStartTime: '09:00',
      startsAt: before.startsAt,
      endsAt: before.endsAt,
      totalPriceCents: 600_000,
    });
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, dearer)).statusCode).toBe(200);
    // Every day is the new guide's now: day 3 is refused to another traveler.
    const day3 = await book(t, other, {
      guideId: dearer.guideId,
      date: addDays(date, 2),
      startTime: '13:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(day3.statusCode).toBe(409);
  });

  it('with nobody free on every day, the cancellation refunds as before', async () => {
    const city = `multi-replace-${++cityCounter}`;
    const booked = await dayGuide(city, 2000);
    const offDay3 = await dayGuide(city, 2000);
    const traveler = await person(t);
    const date = daysAhead(25);
    await addException(t.database.db, offDay3.guideId, addDays(date, 2), false);
    const created = await book(t, traveler, {
      guideId: booked.guideId,
      date,
      days: 3,
      dayStartTime: '09:00',
      travelers: 1,
    });
    const id = created.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, booked)).statusCode).toBe(200);
    const cancelled = await call('PATCH', `/api/bookings/${id}/status`, booked, {
      status: 'cancelled',
      reason: 'I am ill',
    });
    expect(cancelled.json().status).toBe('cancelled');
  });
});
