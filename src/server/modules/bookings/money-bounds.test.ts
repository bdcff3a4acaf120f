import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRICE, MAX_TOTAL, type Currency } from '../../../shared/currency';
import { guides } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, guide as makeGuide, offerBody, openChat } from '../messaging/test-helpers';
import { book, callAs, daysAhead, pay, person, type Person } from './test-helpers';

/**
 * Money in bounds (decision 182): a guide's largest prices and a group's largest counts, asked on
 * every priced path, get either a right answer or 400 — never a 500 from an amount past its integer
 * column — at the rates that make a conversion largest (1 yen per yuan for yen read in fen, 1,000 for
 * fen read in yen). Runs on PGlite, and on PostgreSQL in CI's PG pass like every API test.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
});
afterAll(() => t.close());

const setRate = async (jpyPerCny: string) =>
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny })).statusCode).toBe(200);

/** Every price at its currency's ceiling, groups of up to 50, tours of up to 24 hours, days of 10 hours. */
const largest = (currency: Currency, over = 0) => {
  const most = MAX_PRICE[currency] + over;
  return {
    currency,
    basicPricePerHourCents: most,
    additionalPricePerPersonCents: most,
    minPeople: 1,
    maxPeople: 50,
    minDurationHours: 1,
    maxDurationHours: 24,
    includedPeople: 1,
    dayRateCents: most,
    dayHours: 8,
    extras: [{ kind: 'overtime_hour', included: false, priceCents: most }],
    services: [],
  };
};

async function guideAtMost(currency: Currency) {
  const g = await makeGuide(t, `${currency} ceiling`);
  const put = await call(t, g, 'PUT', '/api/v2/guides/me/rates', largest(currency));
  expect(put.statusCode, put.body).toBe(200);
  await t.database.db.update(guides).set({ minNoticeHours: 0, instantBook: true }).where(eq(guides.id, g.guideId));
  return g;
}

/** A right answer (2xx) or a 400 with a stable code; never a 500. */
function answered(res: { statusCode: number; body: string }, what: string): 'ok' | string {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode < 300) return 'ok';
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  return (JSON.parse(res.body) as { code: string }).code;
}

let day = 30;
const nextDay = () => daysAhead(day++);

describe.each([
  ['CNY', '1000', 'JPY'],
  ['JPY', '1', 'CNY'],
] as const)(
  'a %s guide at every ceiling, the rate at %s yen per yuan, charged in %s',
  (currency, rate, chargeCurrency) => {
    it('takes the largest prices, and refuses one unit more with 400', async () => {
      const g = await makeGuide(t);
      const over = await call(t, g, 'PUT', '/api/v2/guides/me/rates', largest(currency, 1));
      expect(over.statusCode, over.body).toBe(400);
      expect((await call(t, g, 'PUT', '/api/v2/guides/me/rates', largest(currency))).statusCode).toBe(200);
    });

    it('quotes, lists, books and pays what fits; the biggest group for the longest tour is 400 total_too_large', async () => {
      await setRate(rate);
      const g = await guideAtMost(currency);
      const quote = (q: string) =>
        call(t, traveler, 'GET', `/api/v2/guides/${g.guideId}/quote?${q}&chargeCurrency=${chargeCurrency}`);

      const huge = await quote('durationHours=8&adults=50');
      expect(answered(huge, 'quote 50 × 8 h')).toBe('total_too_large');
      const days = await quote('days=7&adults=50');
      expect(answered(days, 'quote 50 × 7 days')).toBe('total_too_large');
      // One traveler for 8 hours is 8 × the ceiling, inside the bound: the quote converts it exactly.
      const fits = await quote('durationHours=8&adults=1');
      expect(answered(fits, 'quote 1 × 8 h')).toBe('ok');
      expect(fits.json()).toMatchObject({
        guideCurrency: currency,
        guideTotal: 8 * MAX_PRICE[currency],
        chargeCurrency,
      });
      expect(fits.json().chargeTotal).toBeLessThan(2_147_483_647 / 2);

      const cards = await call(
        t,
        traveler,
        'GET',
        `/api/v2/guides?city=tokyo&adults=50&days=7&durationHours=24&chargeCurrency=${chargeCurrency}`,
      );
      expect(answered(cards, 'search cards')).toBe('ok');

      const tooBig = await book(t, traveler, {
        guideId: g.guideId,
        date: nextDay(),
        startTime: '09:00',
        durationHours: 8,
        adults: 50,
        chargeCurrency,
      });
      expect(answered(tooBig, 'checkout 50 × 8 h')).toBe('total_too_large');
      const made = await book(t, traveler, {
        guideId: g.guideId,
        date: nextDay(),
        startTime: '09:00',
        durationHours: 8,
        adults: 1,
        chargeCurrency,
      });
      expect(answered(made, 'checkout 1 × 8 h')).toBe('ok');
      expect(made.json().totalPriceCents).toBe(8 * MAX_PRICE[currency]);
      expect(answered(await pay(t, traveler, made.json().id), 'deposit')).toBe('ok');
    });

    it('refuses an offer past the bound and takes one at it', async () => {
      await setRate(rate);
      const g = await guideAtMost(currency);
      const chat = await openChat(t, traveler, g.guideId);
      const offer = (priceCents: number, travelers: number) =>
        call(
          t,
          g,
          'POST',
          `/api/v2/conversations/${chat}/offers`,
          offerBody(nextDay(), { startTime: '09:00', durationHours: 8, travelers, priceCents }),
        );
      expect(
        answered(
          await call(t, g, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=24&days=7&travelers=50`),
          'offer quote',
        ),
      ).toBe('ok');
      expect(answered(await offer(MAX_TOTAL[currency] + 1, 50), 'offer past the bound')).not.toBe('ok');
      const at = await offer(MAX_TOTAL[currency], 2);
      expect(answered(at, 'offer at the bound')).toBe('ok');
      const booked = await callAs(t, 'POST', '/api/v2/bookings', traveler, {
        offerId: at.json().data.id,
        chargeCurrency,
      });
      expect(answered(booked, 'booking the offer')).toBe('ok');
      expect(answered(await pay(t, traveler, booked.json().id), 'the offer’s deposit')).toBe('ok');
    });

    it('changes a trip inside the bound, and refuses the change that would pass it', async () => {
      await setRate(rate);
      const g = await guideAtMost(currency);
      // One day at the day rate (the ceiling); each further adult adds the ceiling × 8 hours.
      const made = await book(t, traveler, {
        guideId: g.guideId,
        date: nextDay(),
        days: 1,
        dayStartTime: '09:00',
        dayHours: 8,
        adults: 1,
        chargeCurrency,
      });
      expect(answered(made, 'day checkout')).toBe('ok');
      expect(answered(await pay(t, traveler, made.json().id), 'day deposit')).toBe('ok');
      const change = (adults: number, days = 1) =>
        callAs(t, 'POST', `/api/v2/bookings/${made.json().id}/changes`, traveler, {
          adults,
          children: 0,
          infants: 0,
          days,
        });
      expect(
        answered(
          await callAs(
            t,
            'GET',
            `/api/v2/bookings/${made.json().id}/changes/quote?adults=50&children=0&infants=0&days=1`,
            traveler,
          ),
          'change quote',
        ),
      ).toBe('total_too_large');
      expect(answered(await change(50), 'change to 50')).toBe('total_too_large');
      expect(answered(await change(2), 'change to 2')).toBe('ok');
    });

    it('extends a tour inside the bound, and refuses the extension that would pass it', async () => {
      await setRate(rate);
      const g = await guideAtMost(currency);
      // Without an overtime price an hour more costs the tour's hourly average: 2 travelers × 4 hours.
      await call(t, g, 'PUT', '/api/v2/guides/me/rates', { ...largest(currency), extras: [] });
      const made = await book(t, traveler, {
        guideId: g.guideId,
        date: nextDay(),
        startTime: '09:00',
        durationHours: 4,
        adults: 2,
        chargeCurrency,
      });
      expect(answered(made, 'checkout 2 × 4 h')).toBe('ok');
      expect(answered(await pay(t, traveler, made.json().id), 'deposit')).toBe('ok');
      const id = made.json().id as number;
      const before = t.app.bookings.now;
      try {
        const accepted = await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, g);
        if (accepted.statusCode < 300) {
          t.app.bookings.now = () => new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000);
        } else {
          const booking = await callAs(t, 'GET', `/api/v2/bookings/${id}`, traveler);
          t.app.bookings.now = () => new Date(Date.parse(booking.json().startsAt) + 10 * 60_000);
        }
        await callAs(t, 'PATCH', `/api/bookings/${id}/confirm-start`, traveler, { userType: 'traveler' });
        const started = await callAs(t, 'PATCH', `/api/bookings/${id}/confirm-start`, g, { userType: 'guide' });
        expect(started.json().status, started.body).toBe('ongoing');
        // The tour is 8 ceilings (2 × 4 hours); 2 hours more at its average add 4, past the bound's 10; half an hour
        // adds 1.
        const past = await callAs(t, 'POST', `/api/bookings/${id}/request-extension`, traveler, { extensionHours: 2 });
        expect(answered(past, 'extension of 2 h')).toBe('total_too_large');
        const fits = await callAs(t, 'POST', `/api/bookings/${id}/request-extension`, traveler, {
          extensionHours: 0.5,
        });
        expect(answered(fits, 'extension of 0.5 h')).toBe('ok');
      } finally {
        t.app.bookings.now = before;
      }
    });
  },
);
