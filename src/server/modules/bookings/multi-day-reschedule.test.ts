import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { emailOutbox, guideAvailabilityExceptions, guides, systemMessages, users } from '../../db/schema/index';
import { addException, auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * Moving a booking of several days (decisions 079 and 154): the whole span to a new first day, the
 * same days and hours, each day checked as a new booking of several days; both sides told of every day.
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

type Guide = Awaited<ReturnType<typeof guidePerson>>;
const post = (url: string, who: Person, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(who.token), ...(payload && { payload }) });
const propose = (id: number, who: Person, body: object) => post(`/api/v2/bookings/${id}/reschedule`, who, body);
const accept = (id: number, pid: number, who: Person) => post(`/api/v2/bookings/${id}/reschedule/${pid}/accept`, who);

/** A guide with eight-hour days at a day rate (09:00–17:00 every day), and three days of theirs accepted. */
async function threeDays(
  date: string,
  over: Partial<typeof guides.$inferInsert> = {},
): Promise<{ g: Guide; id: number }> {
  const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  await t.database.db
    .update(guides)
    .set({ dayRateCents: 200_000, dayHours: 8, ...over })
    .where(eq(guides.id, g.guideId));
  const res = await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  expect((await pay(t, traveler, id)).statusCode).toBe(201);
  expect((await post(`/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
  return { g, id };
}

describe('a booking of three days moves as one', () => {
  it('to a new first day: every day moves, the price stays, the old days are free again, and both sides read every day', async () => {
    const date = daysAhead(30);
    const { g, id } = await threeDays(date);
    const before = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
    expect(before.reschedulable).toBe(true);
    // Overlapping its own days is no conflict: two days later. The slots say so to its parties (exceptBooking), to no
    // one else.
    const to = addDays(date, 2);
    const slots = (who: Person | null, except?: number) =>
      t.app.inject({
        url: `/api/v2/guides/${g.guideId}/slots?date=${to}&durationHours=8&days=3${except ? `&exceptBooking=${except}` : ''}`,
        headers: who ? auth(who.token) : {},
      });
    const starts = async (who: Person | null, except?: number) =>
      (await slots(who, except)).json().slots.map((x: { startTime: string }) => x.startTime);
    expect(await starts(traveler)).not.toContain('09:00');
    expect(await starts(traveler, id)).toContain('09:00');
    expect(await starts(g, id)).toContain('09:00');
    expect((await slots(other, id)).statusCode).toBe(404);
    expect((await slots(null, id)).statusCode).toBe(404);
    const res = await propose(id, traveler, { date: to, startTime: '09:00' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().reschedule;
    expect(p).toMatchObject({
      date: to,
      startTime: '09:00',
      startsAt: `${to}T00:00:00.000Z`,
      endsAt: `${addDays(to, 2)}T08:00:00.000Z`,
    });
    const ok = await accept(id, p.id, g);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json();
    expect(after).toMatchObject({
      date: to,
      days: 3,
      scheduledStartTime: '09:00',
      duration: 8,
      totalPriceCents: before.totalPriceCents,
      depositCents: before.depositCents,
    });
    expect(after.schedule.map((d: { date: string }) => d.date)).toEqual([to, addDays(to, 1), addDays(to, 2)]);
    // The first day is free again; the last new day is taken.
    expect(
      (await book(t, other, { guideId: g.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(to, 2),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).json().code,
    ).toBe('slot_unavailable');

    // The notice and the e-mail name every day, new and old.
    const [gu] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    let mail: { textBody: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      [mail] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, gu!.email!), eq(emailOutbox.subject, 'Booking moved')));
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    expect(mail?.textBody).toContain('(3 days), 09:00 each day (Japan time)');
    const notices = await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, traveler.id), eq(systemMessages.relatedEntityId, id)));
    expect(notices.find((n) => n.title === 'Booking moved')?.message).toMatch(
      /is now .+ \(3 days\), 09:00 each day \(Japan time\) \(was .+ \(3 days\)/,
    );
  });

  it('refuses a day the guide is off with 409 day_unavailable naming it, and keeps the hours', async () => {
    const date = daysAhead(50);
    const { g, id } = await threeDays(date);
    const to = addDays(date, 7);
    await addException(t.database.db, g.guideId, addDays(to, 1), false);
    const off = await propose(id, traveler, { date: to, startTime: '09:00' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'day_unavailable', fields: [{ path: 'days', message: addDays(to, 1) }] });
    const hours = await propose(id, traveler, { date: addDays(to, 3), startTime: '10:00' });
    expect(hours.statusCode).toBe(400);
    expect(hours.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'startTime' }] });
    expect((await propose(id, traveler, { date, startTime: '09:00' })).json().code).toBe('same_time');
  });

  it('refuses a span another tour or its buffer touches, and a first day inside the notice', async () => {
    const date = daysAhead(70);
    const { g, id } = await threeDays(date, { bufferMinutes: 60, minNoticeHours: 72 });
    const to = addDays(date, 10);
    // The guide works late on the new third day, and another traveler takes 17:30: inside the hour kept after the day's
    // end.
    await t.database.db
      .insert(guideAvailabilityExceptions)
      .values({ guideId: g.guideId, date: addDays(to, 2), available: true, startMinute: 540, endMinute: 1200 });
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(to, 2),
          startTime: '17:30',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    expect((await propose(id, traveler, { date: to, startTime: '09:00' })).json().code).toBe('buffer_conflict');
    const soon = await propose(id, traveler, { date: daysAhead(2), startTime: '09:00' });
    expect(soon.statusCode).toBe(409);
    expect(soon.json().code).toBe('too_short_notice');
  });
});
