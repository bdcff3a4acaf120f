import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { guides } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { addException, auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, guide, offerBody, openChat } from '../messaging/test-helpers';
import { book, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/** Bookings of several days with one guide (decision 154), as the traveler and the guide see them. */

let t: TestApp;
let traveler: Person;
let other: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  other = await person(t);
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });
/** A guide with 09:00–17:00 every day, eight-hour days and, given, a day rate. */
async function dayGuide(dayRateRmb: number | null = 2000) {
  const g = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  await t.database.db
    .update(guides)
    .set({ dayRateCents: dayRateRmb === null ? null : dayRateRmb * 100, dayHours: 8 })
    .where(eq(guides.id, g.guideId));
  return g;
}

describe('a booking of three days', () => {
  it('holds each day: the schedule, the guide’s day 2 refused to others, three events in the iCal feed', async () => {
    const g = await dayGuide();
    const date = daysAhead(20);
    const res = await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      days: 3,
      duration: 8,
      date,
      scheduledStartTime: '09:00',
      startsAt: `${date}T00:00:00.000Z`,
      endsAt: `${addDays(date, 2)}T08:00:00.000Z`,
    });
    expect(b.schedule).toEqual(
      [0, 1, 2].map((i) => ({
        date: addDays(date, i),
        startsAt: `${addDays(date, i)}T00:00:00.000Z`,
        endsAt: `${addDays(date, i)}T08:00:00.000Z`,
      })),
    );

    // Day 2 (and the night before it) is the guide's with this group.
    const day2 = await book(t, other, {
      guideId: g.guideId,
      date: addDays(date, 1),
      startTime: '13:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(day2.statusCode).toBe(409);
    expect(day2.json().code).toBe('slot_unavailable');
    const slots = (await get(`/api/v2/guides/${g.guideId}/slots?date=${addDays(date, 1)}&durationHours=2`)).json();
    expect(slots.slots).toEqual([]);
    // The day after the last is free.
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(date, 3),
          startTime: '13:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);

    expect((await pay(t, traveler, b.id)).statusCode).toBe(201);
    const url = (await t.app.inject({ url: '/api/v2/guides/me/calendar-url', headers: auth(g.token) })).json()
      .url as string;
    const feed = (await t.app.inject({ url: new URL(url).pathname, remoteAddress: nextAddress() })).body
      .replace(/\r\n /g, '')
      .split('\r\n');
    const host = new URL(url).host;
    expect(feed.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(3);
    for (const i of [1, 2, 3]) expect(feed).toContain(`UID:booking-${b.id}-day${i}@${host}`);
    expect(feed.filter((l) => l.startsWith('DTSTART')).sort()).toEqual(
      [0, 1, 2].map((i) => `DTSTART:${addDays(date, i).replaceAll('-', '')}T000000Z`),
    );
  });

  it('the slots endpoint offers a start only when every day has it', async () => {
    const g = await dayGuide();
    const date = daysAhead(30);
    const ok = (await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=6&days=3`)).json();
    expect(ok).toMatchObject({ days: 3, durationHours: 6 });
    expect(ok.slots.map((s: { startTime: string }) => s.startTime)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
    expect(ok.slots[0]).toMatchObject({
      startsAt: `${date}T00:00:00.000Z`,
      endsAt: `${addDays(date, 2)}T06:00:00.000Z`,
    });
    await addException(t.database.db, g.guideId, addDays(date, 1), false);
    expect((await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=6&days=3`)).json().slots).toEqual(
      [],
    );
  });

  it('a day off in the middle refuses the whole with 409 day_unavailable naming the day', async () => {
    const g = await dayGuide();
    const date = daysAhead(40);
    await addException(t.database.db, g.guideId, addDays(date, 1), false);
    const res = await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'day_unavailable',
      fields: [{ path: 'days', message: addDays(date, 1) }],
    });
    // Nothing was held: the first day is still free.
    expect(
      (await book(t, other, { guideId: g.guideId, date, startTime: '09:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps the guide’s notice before the first day and the buffer around the whole span (decision 153)', async () => {
    const g = await dayGuide();
    // A week's notice: a span starting in three days is too soon, and the refusal names the earliest start.
    await t.database.db.update(guides).set({ minNoticeHours: 168 }).where(eq(guides.id, g.guideId));
    const soon = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(3),
      days: 3,
      dayStartTime: '09:00',
      travelers: 1,
    });
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({ code: 'too_short_notice', fields: [{ path: 'earliestStartsAt' }] });
    // Another tour right after the last day's six hours: inside the guide's 30 minutes of free time.
    const date = daysAhead(60);
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(date, 2),
          startTime: '15:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    const close = await book(t, traveler, {
      guideId: g.guideId,
      date,
      days: 3,
      dayStartTime: '09:00',
      dayHours: 6,
      travelers: 1,
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().code).toBe('buffer_conflict');
    const slots = (await get(`/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=6&days=3`)).json();
    expect(slots.slots.map((x: { startTime: string }) => x.startTime)).not.toContain('09:00');
  });

  it('is priced as the quote prices the days: the day rate, else the hours at the hourly price', async () => {
    for (const rate of [2000, null]) {
      const g = await dayGuide(rate);
      const date = daysAhead(50);
      const quote = (
        await get(`/api/v2/guides/${g.guideId}/quote?date=${date}&startTime=09:00&days=3&adults=3`)
      ).json();
      const b = (
        await book(t, traveler, { guideId: g.guideId, date, days: 3, dayStartTime: '09:00', travelers: 3 })
      ).json();
      // 3 × (2000 + 2 × 30 × 8) = 7440 RMB; without a day rate 3 × 8 × (300 + 2 × 30) = 8640 RMB.
      expect(b.totalPriceCents).toBe(rate ? 744_000 : 864_000);
      expect({ total: b.totalPriceCents, deposit: b.depositCents }).toEqual({
        total: quote.totalCents,
        deposit: quote.depositCents,
      });
    }
  });

  it('days of other hours than the guide’s day are those hours at the hourly price, within the guide’s lengths', async () => {
    const g = await dayGuide();
    const date = daysAhead(60);
    const b = await book(t, traveler, {
      guideId: g.guideId,
      date,
      days: 2,
      dayStartTime: '10:00',
      dayHours: 6,
      travelers: 1,
    });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json()).toMatchObject({ days: 2, duration: 6, totalPriceCents: 2 * 6 * 30_000 });
    const bad = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(70),
      days: 2,
      dayStartTime: '09:00',
      dayHours: 9,
      travelers: 1,
    });
    expect(bad.json().code).toBe('duration_out_of_range');
    const mixed = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(70),
      days: 2,
      dayStartTime: '09:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('validation_failed');
  });

  it('deposit paid, guide accepts, traveler cancels: one deposit for the whole, refunded by the first day’s tier, the ledger balanced', async () => {
    const g = await dayGuide();
    const date = daysAhead(90);
    const b = (
      await book(t, traveler, { guideId: g.guideId, date, days: 2, dayStartTime: '09:00', travelers: 1 })
    ).json();
    expect(b.depositCents).toBe(Math.round(2 * 200_000 * 0.2));
    // The admin console reads both days, not only the first.
    const seen = (await get(`/api/admin/bookings/${b.id}`, admin)).json();
    expect(seen.booking.days).toBe(2);
    expect(seen.booking.schedule.map((d: { date: string }) => d.date)).toEqual([date, addDays(date, 1)]);
    expect((await get(`/api/admin/bookings?number=${b.bookingNumber}`, admin)).json().bookings[0].days).toBe(2);
    expect((await pay(t, traveler, b.id)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${b.id}/accept`, headers: auth(g.token) })).json()
        .status,
    ).toBe('upcoming');
    const quote = (await get(`/api/v2/bookings/${b.id}/cancellation-quote`, traveler)).json();
    expect(quote).toMatchObject({ tier: 'more_than_7_days', refundCents: b.depositCents });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${b.id}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refund.amountCents).toBe(b.depositCents);
    expect((await get(`/api/admin/bookings/${b.id}/ledger`, admin)).json().balance).toEqual({
      traveler: 0,
      guide: 0,
      platform: 0,
      total: 0,
    });
    // Cancelled, the days are the guide's again.
    expect(
      (
        await book(t, other, {
          guideId: g.guideId,
          date: addDays(date, 1),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('an offer of several days', () => {
  it('is suggested at the days’ price and books the days it names', async () => {
    const g = await guide(t, 'Kyoto Days');
    await t.database.db.update(guides).set({ dayRateCents: 200_000, dayHours: 8 }).where(eq(guides.id, g.guideId));
    const chat = await openChat(t, traveler, g.guideId);
    const quote = (
      await call(t, g, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=8&days=3&travelers=2`)
    ).json();
    // 3 × (2000 + 30 × 8) RMB.
    expect(quote.suggestedCents).toBe(672_000);
    const date = daysAhead(100);
    const sent = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(date, { startTime: '09:00', durationHours: 8, days: 3, priceCents: 600_000 }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const offer = sent.json().data;
    expect(offer).toMatchObject({ days: 3, durationHours: 8, endsAt: `${addDays(date, 2)}T08:00:00.000Z` });
    const booked = await book(t, traveler, { offerId: offer.id });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ days: 3, totalPriceCents: 600_000, offerId: offer.id });
    expect(booked.json().schedule.map((d: { date: string }) => d.date)).toEqual([
      date,
      addDays(date, 1),
      addDays(date, 2),
    ]);
  });
});
