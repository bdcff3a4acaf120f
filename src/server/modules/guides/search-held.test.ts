import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { rowsOf } from '../../db/raw-row';
import { bookings, guideBusyTimes, guideCalendars } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * Search reads what holds a guide's time (decision 207): a guide booked by another family, or busy in her other
 * calendar, on a day of the trip is not listed for it, and is again as soon as that time is free — through the
 * database's announcements, with no call from the booking or the calendar to the search.
 */
let t: TestApp;
let family: Person;
/** Open 09:00–17:00 every day, a 30-minute buffer, tours of up to 8 hours. */
let guide: Awaited<ReturnType<typeof guidePerson>>;
const date = daysAhead(30);

const listed = async (query: string): Promise<boolean> => {
  await t.app.guideSearch.sync();
  const res = await t.app.inject({ url: `/api/v2/guides?city=nara&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return guideListReplySchema.parse(res.json()).data.some((c) => c.id === guide.guideId);
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  family = await person(t);
  guide = await guidePerson(t, { city: 'nara', bufferMinutes: 30, maxPeople: 6 });
});
afterAll(() => t.close());

describe('search and a guide’s held time', () => {
  it('passes over a guide booked all of day 2 for a three-day trip, and lists her again once it is cancelled', async () => {
    const day2 = daysAhead(31);
    expect(await listed(`date=${date}&days=3`)).toBe(true);
    const id = await confirmedBooking(t, family, guide.guideId, day2, '09:00', 8);
    expect(await listed(`date=${date}&days=3`)).toBe(false);
    expect(await listed(`date=${day2}`)).toBe(false);
    // The day before and the day after the trip are hers as before.
    expect(await listed(`date=${date}`)).toBe(true);
    expect(await listed(`date=${daysAhead(32)}&days=2`)).toBe(true);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
    expect(await listed(`date=${date}&days=3`)).toBe(true);
  });

  it('lists a guide booked 10:00–13:00 for three hours that day, not for six', async () => {
    const day = daysAhead(40);
    await confirmedBooking(t, family, guide.guideId, day, '10:00', 3);
    // With her buffer, 13:30–17:00 is left: three and a half hours.
    expect(await listed(`date=${day}&durationHours=3`)).toBe(true);
    expect(await listed(`date=${day}&durationHours=4`)).toBe(false);
    expect(await listed(`date=${day}`)).toBe(true);
  });

  it('holds a day from an unpaid checkout on, as the slots do', async () => {
    const day = daysAhead(45);
    const res = await book(t, await person(t), {
      guideId: guide.guideId,
      date: day,
      startTime: '09:00',
      durationHours: 8,
      travelers: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await listed(`date=${day}`)).toBe(false);
  });

  it('passes over a day her other calendar holds, and lists her again when the next read drops it', async () => {
    const day = daysAhead(50);
    const db = t.database.db;
    const [calendar] = await db
      .insert(guideCalendars)
      .values({ guideId: guide.guideId, name: 'Agency', host: 'calendar.example', urlSealed: 'x', urlHash: 'held' })
      .returning({ id: guideCalendars.id });
    await db.insert(guideBusyTimes).values({
      guideId: guide.guideId,
      calendarId: calendar!.id,
      startsAt: new Date(`${day}T08:00:00+09:00`),
      endsAt: new Date(`${day}T18:00:00+09:00`),
    });
    expect(await listed(`date=${day}`)).toBe(false);
    await db.delete(guideBusyTimes).where(eq(guideBusyTimes.calendarId, calendar!.id));
    expect(await listed(`date=${day}`)).toBe(true);
  });

  it('announces a booking by the statuses that hold time, the application’s own', async () => {
    const def = rowsOf<{ def: string }>(
      await t.database.db.execute(
        sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'bookings_held_insert'`,
      ),
    )[0]!.def;
    const statuses = [...def.matchAll(/'([a-z_]+)'(?:::text)?/g)].map((m) => m[1]);
    expect(new Set(statuses)).toEqual(new Set(ACTIVE_BOOKING_STATUSES));
  });
});
