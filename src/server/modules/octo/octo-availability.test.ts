import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, person, type Person } from '../bookings/test-helpers';
import { MAX_RANGE_DAYS } from './octo-times';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * Availability (decision 201): her free starts are the checkout's own slots for the option's length, day by
 * day and start by start, with the quote's price for the group asked.
 */
let t: TestApp;
let admin: Person;
let traveler: Person;
let key: string;
let guide: { guideId: number; token: string; id: number };
let product: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  traveler = await person(t);
  key = (await reseller(t, admin, 'Trip Partner', 10)).apiKey;
  guide = await resellingGuide(t, {}, { dayRateCents: 30_000, dayHours: 8 });
  product = `guide-${guide.guideId}`;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const post = async (path: string, body: Body, headers: Record<string, string> = {}) => {
  const res = await octo(t, path, { method: 'POST', key, body: { productId: product, ...body }, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as unknown[];
};
const availability = async (body: Body, headers?: Record<string, string>) =>
  (await post('/availability', body, headers)).map((a) => octoValid('zAvailability', a));
const calendar = async (body: Body, headers?: Record<string, string>) =>
  (await post('/availability/calendar', body, headers)).map((d) => octoValid('zAvailabilityCalendar', d));
const slots = async (q: string) =>
  (await t.app.inject({ url: `/api/v2/guides/${guide.guideId}/slots?${q}` })).json().slots as {
    startsAt: string;
    endsAt: string;
  }[];
const instants = (list: { localDateTimeStart: string; localDateTimeEnd: string }[]) =>
  list.map((a) => [new Date(a.localDateTimeStart).toISOString(), new Date(a.localDateTimeEnd).toISOString()]);

describe('the start times', () => {
  it('are the checkout’s slots for the option’s hours, and stay so when she is booked', async () => {
    const day = daysAhead(6);
    const ask = { optionId: 'hours-3', localDateStart: day, localDateEnd: day };
    const before = await availability(ask);
    expect(before.length).toBeGreaterThan(0);
    expect(instants(before)).toEqual((await slots(`date=${day}&durationHours=3`)).map((s) => [s.startsAt, s.endsAt]));
    expect(before[0]).toMatchObject({ status: 'AVAILABLE', available: true, vacancies: 6, capacity: 6 });
    expect(before[0]!.localDateTimeStart).toBe(`${day}T09:00:00+09:00`);
    await confirmedBooking(t, traveler, guide.guideId, day, '10:00', 2);
    const after = await availability(ask);
    expect(after.length).toBeLessThan(before.length);
    expect(instants(after)).toEqual((await slots(`date=${day}&durationHours=3`)).map((s) => [s.startsAt, s.endsAt]));
  });

  it('of whole days are the slots of days of her day hours', async () => {
    const day = daysAhead(9);
    const days = await availability({ optionId: 'days-2', localDateStart: day, localDateEnd: day });
    expect(instants(days)).toEqual(
      (await slots(`date=${day}&durationHours=8&days=2`)).map((s) => [s.startsAt, s.endsAt]),
    );
  });

  it('are priced for the group in the currency asked exactly as the quote, net of the commission', async () => {
    const day = daysAhead(7);
    const [first] = await availability(
      {
        optionId: 'hours-3',
        localDateStart: day,
        localDateEnd: day,
        currency: 'CNY',
        units: [
          { id: 'adult', quantity: 2 },
          { id: 'child', quantity: 1 },
        ],
      },
      { 'octo-capabilities': 'octo/pricing' },
    );
    const q = (
      await t.app.inject({
        url: `/api/v2/guides/${guide.guideId}/quote?adults=2&children=1&durationHours=3&chargeCurrency=CNY`,
      })
    ).json();
    expect(first!.pricing).toMatchObject({ retail: q.chargeTotal, currency: 'CNY', currencyPrecision: 2 });
    expect(first!.pricing!.net).toBe(q.chargeTotal - Math.round(q.chargeTotal * 0.1));
  });

  it('can be asked by their ids, which answer those starts only', async () => {
    const day = daysAhead(8);
    const all = await availability({ optionId: 'hours-2', localDateStart: day, localDateEnd: day });
    const picked = await availability({ optionId: 'hours-2', availabilityIds: [all[2]!.id] });
    expect(picked.map((a) => a.id)).toEqual([all[2]!.id]);
  });
});

describe('the calendar', () => {
  it('says each day AVAILABLE where the slots offer a start, CLOSED on a day off, SOLD_OUT when booked full', async () => {
    const off = daysAhead(12);
    const full = daysAhead(13);
    await addException(t.database.db, guide.guideId, off, false);
    await confirmedBooking(t, traveler, guide.guideId, full, '09:00', 8);
    const from = daysAhead(3);
    const perDay = vi.spyOn(t.app.bookings, 'slots');
    const batch = vi.spyOn(t.app.bookings, 'slotsOfDays');
    const days = await calendar({ optionId: 'hours-2', localDateStart: from, localDateEnd: daysAhead(32) });
    // The checkout's own rule read once for the 30 days, not once a day.
    expect([perDay.mock.calls.length, batch.mock.calls.length]).toEqual([0, 1]);
    perDay.mockRestore();
    batch.mockRestore();
    expect(days).toHaveLength(30);
    for (const d of days.slice(0, 12)) {
      const free = (await slots(`date=${d.localDate}&durationHours=2`)).length > 0;
      expect([d.localDate, d.status]).toEqual([d.localDate, free ? 'AVAILABLE' : d.status]);
      if (free) expect(d.openingHours).toEqual([{ from: '09:00', to: '17:00' }]);
    }
    expect(days.find((d) => d.localDate === off)).toMatchObject({ status: 'CLOSED', available: false, vacancies: 0 });
    expect(days.find((d) => d.localDate === full)).toMatchObject({ status: 'SOLD_OUT', available: false });
  });

  it(`covers 1–${MAX_RANGE_DAYS} days: one day, and ${MAX_RANGE_DAYS}, with the price of the smallest group`, async () => {
    const one = await calendar(
      { optionId: 'hours-4', localDateStart: daysAhead(5), localDateEnd: daysAhead(5) },
      { 'octo-capabilities': 'octo/pricing' },
    );
    expect(one).toHaveLength(1);
    const q = (
      await t.app.inject({ url: `/api/v2/guides/${guide.guideId}/quote?adults=1&durationHours=4&chargeCurrency=JPY` })
    ).json();
    expect(one[0]!.pricingFrom).toMatchObject({ retail: q.chargeTotal, currency: 'JPY', currencyPrecision: 0 });
    const most = await calendar({
      optionId: 'hours-4',
      localDateStart: daysAhead(1),
      localDateEnd: daysAhead(MAX_RANGE_DAYS),
    });
    expect(most).toHaveLength(MAX_RANGE_DAYS);
  });
});
