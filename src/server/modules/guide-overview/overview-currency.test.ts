import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/**
 * /guide for a guide who moved from yuan to yen (decision 164): her requests carry their booking's
 * currency, and the earnings are in her currency now, summing only what she earned in it: yen and
 * fen are never added together.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), ...(payload ? { payload } : {}) });
const tokyo = (date: string, hh: number, mm = 0) => zonedTimeToUtc(date, hh * 60 + mm, 'Asia/Tokyo');
const setNow = (at: Date) => {
  t.app.bookings.now = () => at;
};

/**
 * Books two hours for two at `startTime`, has the guide accept, both start it and the traveler complete it; the guide's
 * earnings entry.
 */
async function completedTour(date: string, startHour: number) {
  const id = await confirmedBooking(t, traveler, guide.guideId, date, `${startHour}:00`);
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
  setNow(tokyo(date, startHour, 10));
  expect(
    (await call('PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' })).statusCode,
  ).toBe(200);
  expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).json().status).toBe(
    'ongoing',
  );
  setNow(tokyo(date, startHour + 2, 5));
  expect((await call('PATCH', `/api/bookings/${id}/status`, traveler, { status: 'completed' })).statusCode).toBe(200);
  const ledger = (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
  return ledger.entries.find((e: { kind: string }) => e.kind === 'guide_earnings') as {
    amountCents: number;
    currency: string;
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, minNoticeHours: 12 });
});
afterAll(() => t.close());

describe('the overview of a guide who prices in yen', () => {
  it('shows her earnings in yen, without the yuan she earned before, and each request in its currency', async () => {
    const day = daysAhead(4);
    const yuan = await completedTour(day, 10);
    expect(yuan.currency).toBe('CNY');
    t.app.bookings.now = () => new Date();
    const rates = {
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      additionalPricePerPersonCents: 1_000,
      minPeople: 1,
      maxPeople: 6,
      minDurationHours: 1,
      maxDurationHours: 8,
      services: [],
    };
    expect((await call('PUT', '/api/v2/guides/me/rates', guide, rates)).statusCode).toBe(200);
    const yen = await completedTour(day, 14);
    expect(yen.currency).toBe('JPY');
    t.app.bookings.now = () => new Date();
    await confirmedBooking(t, traveler, guide.guideId, daysAhead(6));

    setNow(tokyo(day, 17));
    const res = await call('GET', '/api/v2/guides/me/overview', guide);
    expect(res.statusCode, res.body).toBe(200);
    const o: GuideOverview = res.json();
    expect(o.earnings).toMatchObject({
      currency: 'JPY',
      todayCents: yen.amountCents,
      monthCents: yen.amountCents,
      yearCents: yen.amountCents,
    });
    // (¥4,000 + ¥1,000) × 2 hours for two travelers.
    expect(o.requests.items).toEqual([expect.objectContaining({ currency: 'JPY', totalPriceCents: 10_000 })]);
    t.app.bookings.now = () => new Date();
  });
});
