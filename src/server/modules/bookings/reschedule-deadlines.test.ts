import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { startOfTourDay } from '../../../shared/booking/schedule';
import { rescheduleSteps, type RescheduleSteps } from '../../test/booking-steps';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * What a reschedule (decision 079) does to a booking's deadlines: the proposal's own expiry, the
 * cancellation tier, the scheduled steps and the answer deadline; proposing and answering are
 * reschedule.test.ts.
 */
let t: TestApp;
let traveler: Person;
let { get, propose, accept, ledger, upcoming } = {} as RescheduleSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  ({ get, propose, accept, ledger, upcoming } = rescheduleSteps(t, { traveler, admin }));
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('expiry', () => {
  it('closes an unanswered proposal 48 hours after it was made; it cannot be accepted after', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(60));
    const p = (await propose(id, g, { date: daysAhead(61), startTime: '10:00' })).json().reschedule;
    const made = Date.parse(p.createdAt);
    expect(Date.parse(p.expiresAt) - made).toBe(48 * HOUR);
    await t.app.jobs.tick(new Date(made + 47 * HOUR));
    expect((await get(id, traveler)).reschedule.status).toBe('open');
    await t.app.jobs.tick(new Date(made + 48 * HOUR));
    expect((await get(id, traveler)).reschedule.status).toBe('expired');
    const res = await accept(id, p.id, traveler);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reschedule_closed');
    expect((await get(id, traveler)).date).toBe(daysAhead(60));
    await t.app.jobs.tick(new Date(made + 49 * HOUR)); // idempotent
    expect((await propose(id, g, { date: daysAhead(62), startTime: '10:00' })).statusCode).toBe(201);
  });

  it('closes at the booking’s start when that comes before 48 hours', async () => {
    // A guide who takes tours at 12 hours' notice (decision 153), so tomorrow can be booked.
    const g = await guidePerson(t, { minNoticeHours: 12 });
    // Tomorrow (Tokyo) at 15:00 is 15–39 hours away: inside 48 h.
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(1), '15:00', 2);
    const b = await get(id, traveler);
    const p = (await propose(id, traveler, { date: daysAhead(3), startTime: '15:00' })).json().reschedule;
    expect(p.expiresAt).toBe(b.startsAt);
    t.app.bookings.now = () => new Date(Date.parse(b.startsAt) + 60_000);
    try {
      expect((await get(id, g)).reschedule.status).toBe('expired');
      expect((await accept(id, p.id, g)).json().code).toBe('reschedule_closed');
    } finally {
      t.app.bookings.now = () => new Date();
    }
  });
});

describe('money after a reschedule', () => {
  it('refunds a later cancellation by the stricter tier of the first and the new start; the ledger sums to zero', async () => {
    // A traveler of its own: the suite's traveler may have other bookings on these days (409 traveler_busy).
    const who = await person(t);
    const g = await guidePerson(t);
    // Two days ahead at 10:00 is 34–58 hours away: the 1–3 day tier (25%).
    const id = await upcoming(g, daysAhead(2), '10:00', 2, who);
    const first = await get(id, who);
    const p = (await propose(id, who, { date: daysAhead(40), startTime: '10:00' })).json().reschedule;
    expect((await accept(id, p.id, g)).json().date).toBe(daysAhead(40));
    const quote = (
      await t.app.inject({ url: `/api/v2/bookings/${id}/cancellation-quote`, headers: auth(who.token) })
    ).json();
    expect(quote).toMatchObject({ tier: 'days_1_to_3', refundPercent: 25 });
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(who.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().refund.amountCents).toBe(Math.round(first.depositCents * 0.25));
    const l = await ledger(id);
    const kept = first.depositCents - Math.round(first.depositCents * 0.25);
    expect(l.balance).toMatchObject({ traveler: -kept, total: 0 });
    expect(l.balance.guide + l.balance.platform).toBe(kept);
    expect(l.entries.reduce((s: number, e: { amountCents: number }) => s + e.amountCents, 0)).toBe(0);
  });

  it('uses the new start when it is the stricter one (moved earlier)', async () => {
    // A traveler of its own: the suite's traveler may have other bookings on these days (409 traveler_busy).
    const who = await person(t);
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(40), '10:00', 2, who);
    const p = (await propose(id, g, { date: daysAhead(2), startTime: '10:00' })).json().reschedule;
    expect((await accept(id, p.id, who)).statusCode).toBe(200);
    const quote = (
      await t.app.inject({ url: `/api/v2/bookings/${id}/cancellation-quote`, headers: auth(who.token) })
    ).json();
    expect(quote).toMatchObject({ tier: 'days_1_to_3', refundPercent: 25 });
    // The guide cancelling still refunds in full; every ledger sums to zero.
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(g.token),
      payload: { status: 'cancelled' },
    });
    expect(cancel.json().refund.amountCents).toBe((await get(id, who)).depositCents);
    expect((await ledger(id)).balance.total).toBe(0);
  });
});

describe('scheduled steps follow the new time', () => {
  it('moves the booking to awaiting_start at 00:00 of the new date, not the old one', async () => {
    const g = await guidePerson(t);
    const [oldDate, newDate] = [daysAhead(70), daysAhead(72)];
    const id = await upcoming(g, oldDate);
    const p = (await propose(id, g, { date: newDate, startTime: '10:00' })).json().reschedule;
    await accept(id, p.id, traveler);
    await t.app.jobs.tick(new Date(startOfTourDay(oldDate, 'Asia/Tokyo').getTime() + HOUR));
    expect((await get(id, traveler)).status).toBe('upcoming');
    await t.app.jobs.tick(startOfTourDay(newDate, 'Asia/Tokyo'));
    expect((await get(id, traveler)).status).toBe('awaiting_start');
  });

  it('moved earlier, it starts on the new date', async () => {
    const g = await guidePerson(t);
    const [oldDate, newDate] = [daysAhead(80), daysAhead(78)];
    const id = await upcoming(g, oldDate);
    const p = (await propose(id, traveler, { date: newDate, startTime: '10:00' })).json().reschedule;
    await accept(id, p.id, g);
    await t.app.jobs.tick(new Date(startOfTourDay(newDate, 'Asia/Tokyo').getTime() - 60_000));
    expect((await get(id, traveler)).status).toBe('upcoming');
    await t.app.jobs.tick(startOfTourDay(newDate, 'Asia/Tokyo'));
    expect((await get(id, traveler)).status).toBe('awaiting_start');
    expect(addDays(newDate, 2)).toBe(oldDate);
  });

  it('keeps a paid request’s answer deadline when the tour moves later', async () => {
    const g = await guidePerson(t, { minNoticeHours: 12 });
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(1), '15:00', 2);
    const b = await get(id, traveler);
    const p = (await propose(id, traveler, { date: daysAhead(20), startTime: '15:00' })).json().reschedule;
    const moved = (await accept(id, p.id, g)).json();
    expect(moved.respondBy).toBe(b.respondBy);
    await t.app.jobs.tick(new Date(Date.parse(b.respondBy) + 1000));
    expect(await get(id, traveler)).toMatchObject({ status: 'cancelled', cancelReason: 'request_expired' });
  });
});
