import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addException, auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setGuideServices } from '../guides/index';
import {
  book,
  bookingCast,
  type BookingCast,
  confirmedBooking,
  daysAhead,
  guidePerson,
  person,
  type Person,
} from './test-helpers';

/**
 * A booking through the API: the guide's free slots, creating a booking, reading it, the trips lists.
 * Paying its deposit is deposit-payment.test.ts, the guide's answer guide-answer.test.ts.
 */
let t: TestApp;
let { traveler, stranger, admin, guide, otherGuide } = {} as BookingCast;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ traveler, stranger, admin, guide, otherGuide } = await bookingCast(t));
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('slots', () => {
  it('lists half-hourly starts in the guide’s zone for visitors, without taken times or their buffer', async () => {
    const date = daysAhead(20);
    const res = await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=4`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      guideId: guide.guideId,
      date,
      timeZone: 'Asia/Tokyo',
      durationHours: 4,
      leadTimeHours: 24,
      bufferMinutes: 30,
      instantBook: false,
    });
    expect(body.slots.map((s: { startTime: string }) => s.startTime)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
    ]);
    expect(body.slots[0].startsAt).toBe(`${date}T00:00:00.000Z`);

    expect(
      (await book(t, traveler, { guideId: guide.guideId, date, startTime: '11:00', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
    const after = (await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`)).json();
    expect(after.slots.map((s: { startTime: string }) => s.startTime)).toEqual(['13:30', '14:00', '14:30', '15:00']);
  });

  it('is empty on a day off and refuses durations outside the guide’s range', async () => {
    const date = daysAhead(21);
    await addException(t.database.db, guide.guideId, date, false);
    expect((await get(`/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`)).json().slots).toEqual([]);
    const tooLong = await get(`/api/v2/guides/${guide.guideId}/slots?date=${daysAhead(22)}&durationHours=12`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('duration_out_of_range');
    expect((await get(`/api/v2/guides/999999/slots?date=${date}&durationHours=2`)).statusCode).toBe(404);
    expect((await get(`/api/v2/guides/${guide.guideId}/slots?date=2026-02-30&durationHours=2`)).json().code).toBe(
      'validation_failed',
    );
  });
});

describe('creating a booking', () => {
  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bookings',
      payload: { guideId: guide.guideId, date: daysAhead(30), startTime: '10:00', durationHours: 2, travelers: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('prices on the server from the guide’s rates and ignores a client price', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 3,
      travelers: 3,
      totalPrice: 1,
      totalPriceCents: 100,
      depositCents: 1,
      meetingAddress: 'Hachiko exit, Shibuya Station',
      meetingPostalCode: '1500043',
      notes: 'Vegetarian lunch, please',
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    // (300 + 2 × 30) RMB × 3 h = 1080 RMB; 20% deposit = 216 RMB.
    expect(b).toMatchObject({
      status: 'pending',
      totalPrice: 1080,
      totalPriceCents: 108_000,
      depositCents: 21_600,
      balanceCents: 86_400,
      unitPriceCents: 30_000,
      additionalPerPersonCents: 3_000,
      currency: 'CNY',
      scheduledStartTime: '10:00',
      duration: 3,
      travelers: 3,
      meetingPostalCode: '150-0043',
      traveler: { id: traveler.id },
      guide: { id: guide.guideId, userId: guide.id, timeZone: 'Asia/Tokyo' },
      actions: ['cancel'],
      cancelledBy: null,
    });
    expect(b.bookingNumber).toBe(`TG${String(b.id).padStart(4, '0')}`);
    expect(new Date(b.paymentDueAt).getTime() - new Date(b.createdAt).getTime()).toBe(30 * 60_000);
  });

  it('uses the chosen service’s own price, and refuses a service the guide does not offer', async () => {
    const db = t.database.db;
    const [food, walk] = [await subcategoryIdBySlug(db, 'food-tour'), await subcategoryIdBySlug(db, 'city-walk')].map(
      Number,
    );
    const g = await guidePerson(t, { priceRmb: 200 });
    await setGuideServices(db, g.guideId, [{ subcategoryId: food!, priceCents: 45_000 }]);
    const res = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(31),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
      subcategoryId: food,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      unitPriceCents: 45_000,
      totalPriceCents: (45_000 + 3_000) * 2,
      subcategory: { id: food },
    });
    const other = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(32),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
      subcategoryId: walk,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('service_not_offered');
  });

  it('refuses the guide’s own listing, group sizes and durations out of range', async () => {
    const own = await book(t, guide, {
      guideId: guide.guideId,
      date: daysAhead(33),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_listing');
    const big = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(33),
      startTime: '10:00',
      durationHours: 2,
      travelers: 5,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('group_size_out_of_range');
    const short = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(33),
      startTime: '10:00',
      durationHours: 1,
      travelers: 1,
    });
    expect(short.json().code).toBe('duration_out_of_range');
    expect(
      (
        await book(t, traveler, {
          guideId: 999_999,
          date: daysAhead(33),
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 409 slot_unavailable for a taken, overlapping or closed time (too soon and buffer: instant-booking.test.ts)', async () => {
    const date = daysAhead(34);
    expect(
      (await book(t, traveler, { guideId: guide.guideId, date, startTime: '10:00', durationHours: 3, travelers: 1 }))
        .statusCode,
    ).toBe(201);
    for (const [start, when] of [
      ['10:00', date],
      ['12:30', date],
      ['09:00', date],
      ['16:00', date], // 16:00 + 2 h runs past 17:00
      ['07:00', date], // before the day's hours
      ['10:15', date], // off the half-hour grid
      ['10:00', daysAhead(400)], // beyond the horizon
    ] as const) {
      const res = await book(t, stranger, {
        guideId: guide.guideId,
        date: when,
        startTime: start,
        durationHours: 2,
        travelers: 1,
      });
      expect(res.statusCode, `${when} ${start}`).toBe(409);
      expect(res.json().code).toBe('slot_unavailable');
    }
    // After the first booking and the guide's 30-minute buffer (decision 153) is fine.
    expect(
      (await book(t, stranger, { guideId: guide.guideId, date, startTime: '13:30', durationHours: 2, travelers: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('validates the body with field paths', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: '2026-13-01',
      startTime: '25:00',
      durationHours: 2.25,
      travelers: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.date', 'body.startTime', 'body.durationHours', 'body.travelers']),
    );
  });
});

describe('reading a booking', () => {
  it('is for its traveler and its guide only', async () => {
    const id = (
      await book(t, traveler, {
        guideId: guide.guideId,
        date: daysAhead(40),
        startTime: '10:00',
        durationHours: 2,
        travelers: 2,
      })
    ).json().id;
    expect((await get(`/api/v2/bookings/${id}`, traveler)).statusCode).toBe(200);
    const asGuide = await get(`/api/v2/bookings/${id}`, guide);
    expect(asGuide.statusCode).toBe(200);
    expect(asGuide.json().actions).toEqual([]);
    for (const who of [stranger, otherGuide, admin]) {
      const res = await get(`/api/v2/bookings/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await get(`/api/v2/bookings/${id}`)).statusCode).toBe(401);
    expect((await get(`/api/v2/bookings/99999999`, traveler)).statusCode).toBe(404);
  });
});
describe('trips lists', () => {
  it('show the traveler’s own trips with tab counts; another user id is 404', async () => {
    const me = await person(t);
    const g = await guidePerson(t);
    const pending = (
      await book(t, me, { guideId: g.guideId, date: daysAhead(60), startTime: '10:00', durationHours: 2, travelers: 1 })
    ).json().id;
    const confirmed = await confirmedBooking(t, me, g.guideId, daysAhead(61));
    const upcoming = await confirmedBooking(t, me, g.guideId, daysAhead(62));
    await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${upcoming}/accept`, headers: auth(g.token) });
    const res = await get(`/api/v2/bookings-new/traveler/${me.id}`, me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ 'pending-requests': 2, upcoming: 1, ongoing: 0, past: 0 });
    expect(body.data.map((b: { id: number }) => b.id).sort()).toEqual([pending, confirmed, upcoming].sort());
    const upcomingTab = (await get(`/api/v2/bookings-new/traveler/${me.id}?tab=upcoming`, me)).json();
    expect(upcomingTab.data.map((b: { id: number }) => b.id)).toEqual([upcoming]);
    expect((await get(`/api/v2/bookings-new/traveler/${me.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings-new/traveler/${me.id}`)).statusCode).toBe(401);

    // The guide's requests: paid bookings only, with the traveler's name, date, time, group and price.
    const requests = await get(`/api/v2/bookings-new/guide/${g.id}?tab=pending-requests`, g);
    expect(requests.statusCode).toBe(200);
    expect(requests.json().data).toHaveLength(1);
    expect(requests.json().data[0]).toMatchObject({
      id: confirmed,
      status: 'confirmed',
      traveler: { id: me.id },
      scheduledStartTime: '10:00',
      travelers: 2,
      totalPriceCents: 66_000,
      actions: ['accept', 'decline'],
    });
    expect((await get(`/api/v2/bookings-new/guide/${g.id}`, otherGuide)).statusCode).toBe(404);
    expect((await get(`/api/v2/bookings-new/guide/${me.id}`, me)).statusCode).toBe(404);
  });
});
