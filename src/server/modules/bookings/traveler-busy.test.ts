import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, CARD_OK, confirmedBooking, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/** A traveler's active bookings may not overlap, whichever guides they are with. */
let t: TestApp;
let traveler: Person;
let guideA: Awaited<ReturnType<typeof guidePerson>>;
let guideB: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guideA = await guidePerson(t);
  guideB = await guidePerson(t);
});
afterAll(() => t.close());

const view = async (id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();

describe('a traveler in two places at once', () => {
  it('is refused with 409 traveler_busy naming the paid booking; touching hours and other days are fine', async () => {
    const date = daysAhead(20);
    const first = await confirmedBooking(t, traveler, guideA.guideId, date, '10:00', 2);
    const number = (await view(first)).bookingNumber as string;

    const clash = await book(t, traveler, {
      guideId: guideB.guideId,
      date,
      startTime: '11:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'traveler_busy', fields: [{ path: 'booking', message: number }] });
    expect(clash.json().message).toContain(number);

    // Starting when the first ends, or on another day, is not an overlap.
    expect(
      (await book(t, traveler, { guideId: guideB.guideId, date, startTime: '12:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await book(t, traveler, {
          guideId: guideB.guideId,
          date: daysAhead(21),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    // Another traveler is not held by this one's bookings.
    const other = await person(t);
    expect(
      (await book(t, other, { guideId: guideB.guideId, date, startTime: '09:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('releases the traveler’s own unpaid checkout at those hours instead of holding them for its payment window', async () => {
    const date = daysAhead(25);
    const left = (
      await book(t, traveler, { guideId: guideA.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 })
    ).json().id as number;
    const chosen = await book(t, traveler, {
      guideId: guideB.guideId,
      date,
      startTime: '10:00',
      durationHours: 3,
      travelers: 1,
    });
    expect(chosen.statusCode).toBe(201);
    expect(await view(left)).toMatchObject({ status: 'cancelled', cancelReason: 'replaced' });
    // The released checkout cannot be paid any more; the new one can.
    expect((await pay(t, traveler, left, CARD_OK)).statusCode).toBe(409);
    expect((await pay(t, traveler, chosen.json().id, CARD_OK)).statusCode).toBe(201);
    // And the same slot with the first guide is free again for someone else.
    const other = await person(t);
    expect(
      (await book(t, other, { guideId: guideA.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('does not count cancelled bookings', async () => {
    const date = daysAhead(30);
    const id = await confirmedBooking(t, traveler, guideA.guideId, date, '10:00', 2);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(
      (await book(t, traveler, { guideId: guideB.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });
});

/** Races only a real PostgreSQL server shows: one traveler checking out with several guides at once. */
describe.runIf(process.env.DATABASE_URL)('a traveler’s checkouts at once (PostgreSQL)', () => {
  it('leave exactly one active booking at those hours, however many guides were tried', async () => {
    const who = await person(t);
    const guides = await Promise.all(Array.from({ length: 6 }, () => guidePerson(t)));
    const date = daysAhead(35);
    const replies = await Promise.all(
      guides.map((g) => book(t, who, { guideId: g.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 })),
    );
    expect(replies.every((r) => r.statusCode === 201 || r.json().code === 'traveler_busy')).toBe(true);
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from bookings where traveler_id = ${who.id} and date = ${date} and status <> 'cancelled'`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  }, 60_000);
});
