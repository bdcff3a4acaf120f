import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { callAs, person } from '../bookings/test-helpers';
import {
  call,
  guide as makeGuide,
  offerBody,
  openChat,
  traveler as makeTraveler,
  type Who,
} from '../messaging/test-helpers';

/**
 * An offer's fee is in the guide's currency (decision 164): the quote says which, and a fee under
 * the floor or over the ceiling is refused with the amount written in that currency, not as yuan.
 * An offer keeps the rate it was priced at, and its booking is fixed at it (decision 169).
 */
let t: TestApp;
let traveler: Who;
let day = 40;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await makeTraveler(t, 'Li Wei');
});
afterAll(() => t?.close());

const tokyoDay = () => addDays(todayInZone('Asia/Tokyo'), day++);

async function guideIn(currency: 'JPY' | 'CNY', basic: number, additional: number) {
  const g = await makeGuide(t, `${currency} Guide`);
  const rates = {
    currency,
    basicPricePerHourCents: basic,
    additionalPricePerPersonCents: additional,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 1,
    maxDurationHours: 8,
    services: [],
  };
  const put = await call(t, g, 'PUT', '/api/v2/guides/me/rates', rates);
  expect(put.statusCode, put.body).toBe(200);
  return { g, chat: await openChat(t, traveler, g.guideId) };
}

describe('an offer in the guide’s currency', () => {
  it('quotes a yen guide in yen and states her floor and ceiling as yen', async () => {
    const { g, chat } = await guideIn('JPY', 4_000, 1_000);
    const quote = await call(t, g, 'GET', `/api/v2/conversations/${chat}/offer-quote?durationHours=3&travelers=2`);
    expect(quote.statusCode, quote.body).toBe(200);
    // 3 hours for two: (¥4,000 + ¥1,000) × 3; the floor is half of it, the ceiling ten times.
    expect(quote.json()).toMatchObject({
      currency: 'JPY',
      suggestedCents: 15_000,
      floorCents: 7_500,
      ceilingCents: 150_000,
    });

    const low = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(), { priceCents: 7_499 }),
    );
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'price_below_floor',
      message: 'The fee must be at least ¥7,500 (JPY)',
      fields: [{ path: 'priceCents' }],
    });
    const high = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(), { priceCents: 150_001 }),
    );
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({
      code: 'price_above_ceiling',
      message: 'The fee must be at most ¥150,000 (JPY)',
    });

    const ok = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(), { priceCents: 7_500 }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ priceCents: 7_500, currency: 'JPY' });
  });

  it('writes a yuan guide’s floor in RMB, to the fen', async () => {
    const { g, chat } = await guideIn('CNY', 30_050, 3_000);
    // (300.50 + 30) × 3 = 991.50 RMB; half is 495.75.
    const low = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(), { priceCents: 49_574 }),
    );
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'price_below_floor', message: 'The fee must be at least 495.75 RMB' });
  });
});

describe('the rate an offer was priced at', () => {
  it('is kept with the offer, and the booking made from it is fixed at it whatever the rate did since', async () => {
    const admin = await person(t, { admin: true });
    const setRate = (jpyPerCny: string) => callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny });
    expect((await setRate('20')).statusCode).toBe(200);
    const { g, chat } = await guideIn('JPY', 4_000, 1_000);
    const made = await call(
      t,
      g,
      'POST',
      `/api/v2/conversations/${chat}/offers`,
      offerBody(tokyoDay(), { priceCents: 10_000 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json().data;
    expect(offer).toMatchObject({
      currency: 'JPY',
      priceCents: 10_000,
      depositCents: 2_000,
      rate: { jpyPerCny: '20', source: 'admin' },
    });

    expect((await setRate('25')).statusCode).toBe(200);
    const seen = await call(t, traveler, 'GET', `/api/conversations/${chat}/messages?limit=50`);
    const card = (seen.json().data as { offer: { id: number; rate: unknown } | null }[]).find(
      (m) => m.offer?.id === offer.id,
    );
    expect(card?.offer?.rate).toMatchObject({ jpyPerCny: '20' });

    // The deposit, ¥2,000, is 100 元 at the offer's 20 yen per yuan (it would be 80 元 at today's 25).
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bookings',
      headers: auth(traveler.token),
      payload: { offerId: offer.id, chargeCurrency: 'CNY' },
      remoteAddress: nextAddress(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      currency: 'JPY',
      totalPriceCents: 10_000,
      chargeCurrency: 'CNY',
      chargeDepositCents: 10_000,
      rate: { jpyPerCny: '20', source: 'admin' },
    });
  });
});
