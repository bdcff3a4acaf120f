import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteReplySchema } from '../../../shared/schemas/quote';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';

/** Group pricing on the rates, the profile and the quote (decision 151), through the API as a client sees it. */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { city: 'kyoto', priceRmb: 300 });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT',
  url: string,
  who?: { token: string },
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? auth(who.token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const rates = (over: Record<string, unknown> = {}) => ({
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 10_000,
  minPeople: 1,
  maxPeople: 6,
  minDurationHours: 2,
  maxDurationHours: 8,
  services: [],
  ...over,
});
const setRates = async (over: Record<string, unknown> = {}) => {
  const res = await call('PUT', '/api/v2/guides/me/rates', guide, rates(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const quote = (query: string, headers: Record<string, string> = {}) =>
  call('GET', `/api/v2/guides/${guide.guideId}/quote?${query}`, undefined, undefined, headers);

describe('group pricing on the rates', () => {
  it("defaults to today's model when a body leaves the new fields out", async () => {
    expect(await setRates()).toMatchObject({
      includedPeople: 1,
      childPriceRate: 1,
      infantsFree: true,
      dayRateCents: null,
      dayHours: 8,
      extras: [],
    });
  });

  it('stores a private-group price, a child rate, infants, a day rate and the extras; the GET and the profile read them', async () => {
    const extras = [
      { kind: 'overtime_hour', included: false, priceCents: 20_000 },
      { kind: 'entrance_tickets', included: false, note: 'Kinkaku-ji 500 yen' },
      { kind: 'public_transport', included: true },
    ];
    const put = await setRates({
      includedPeople: 4,
      childPriceRate: 0.5,
      infantsFree: false,
      dayRateCents: 150_000,
      dayHours: 9,
      extras,
    });
    expect(put).toMatchObject({
      includedPeople: 4,
      childPriceRate: 0.5,
      infantsFree: false,
      dayRateCents: 150_000,
      dayHours: 9,
      extras,
    });
    expect((await call('GET', '/api/v2/guides/me/rates', guide)).json()).toEqual(put);
    const profile = (await call('GET', `/api/v2/guides/${guide.guideId}`)).json();
    expect(profile.groupPricing).toEqual({
      includedPeople: 4,
      childPriceRate: 0.5,
      infantsFree: false,
      dayRateCents: 150_000,
      dayHours: 9,
    });
    expect(profile.extras).toEqual(extras);
    // The search card carries the group fields at once, for the group's total on the card.
    const cards = (await call('GET', '/api/v2/guides?city=kyoto')).json().data as {
      id: number;
      groupPricing: unknown;
    }[];
    expect(cards.find((c) => c.id === guide.guideId)?.groupPricing).toEqual(profile.groupPricing);
  });

  it.each([
    ['included people above 20', { includedPeople: 21, maxPeople: 30 }, 'validation_failed'],
    ['included people above the largest group', { includedPeople: 7 }, 'invalid_range'],
    ['a child rate above 1', { childPriceRate: 1.5 }, 'validation_failed'],
    ['a child rate finer than a percent', { childPriceRate: 0.555 }, 'validation_failed'],
    ['day hours of 5', { dayHours: 5 }, 'validation_failed'],
    ['day hours of 11', { dayHours: 11 }, 'validation_failed'],
    ['a day rate under the floor', { dayRateCents: 100 }, 'validation_failed'],
    ['an unknown extra', { extras: [{ kind: 'hotel', included: false }] }, 'validation_failed'],
    [
      'an extra declared twice',
      {
        extras: [
          { kind: 'meals', included: true },
          { kind: 'meals', included: false },
        ],
      },
      'duplicate_extra',
    ],
    ['overtime without its price', { extras: [{ kind: 'overtime_hour', included: false }] }, 'overtime_price_required'],
  ])('refuses %s with a stable code', async (_name, over, code) => {
    const res = await call('PUT', '/api/v2/guides/me/rates', guide, rates(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});

describe('GET /api/v2/guides/{id}/quote', () => {
  it("prices a family for a private group with the lines in the reader's language", async () => {
    await setRates({ includedPeople: 4, childPriceRate: 0.5, infantsFree: true, dayRateCents: 150_000, dayHours: 8 });
    const res = await quote('date=2030-05-01&startTime=10:00&durationHours=2&adults=2&children=1&infants=1&lang=zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    const q = quoteReplySchema.parse(res.json());
    expect(q).toMatchObject({
      guideId: guide.guideId,
      currency: 'CNY',
      hours: 2,
      days: null,
      totalCents: 60_000,
      depositCents: 12_000,
      inPersonCents: 48_000,
    });
    expect(q.lines).toEqual([
      { kind: 'base', label: '地陪费（4 人以内）· 2 小时', amountCents: 60_000, guideAmount: 60_000 },
      { kind: 'children', label: '儿童（3–11 岁）1 位', amountCents: 0, guideAmount: 0 },
      { kind: 'infants', label: '婴儿（3 岁以下）1 位', amountCents: 0, guideAmount: 0 },
    ]);
    // Accept-Language decides without `lang`.
    const ja = quoteReplySchema.parse(
      (await quote('durationHours=2&adults=5&children=1', { 'accept-language': 'ja' })).json(),
    );
    expect(ja.totalCents).toBe(60_000 + 20_000 + 10_000);
    expect(ja.lines.map((l) => l.label)).toEqual([
      'ガイド料（4名まで）・2時間',
      '追加の大人 1名',
      'お子さま（3〜11歳）1名',
    ]);
  });

  it('prices whole days at the day rate', async () => {
    const q = quoteReplySchema.parse((await quote('days=3&adults=2&lang=en')).json());
    expect(q).toMatchObject({ hours: 24, days: 3, totalCents: 450_000, depositCents: 90_000, inPersonCents: 360_000 });
    expect(q.lines).toEqual([
      {
        kind: 'base',
        label: 'Guide for up to 4 people · 3 days × 8 hours',
        amountCents: 450_000,
        guideAmount: 450_000,
      },
    ]);
  });

  it.each([
    [
      'more people than the guide takes, infants counted',
      'durationHours=2&adults=4&children=2&infants=1',
      'group_size_out_of_range',
    ],
    ['hours beyond the guide’s range', 'durationHours=9&adults=1', 'duration_out_of_range'],
    ['hours off the half-hour grid', 'durationHours=2.25&adults=1', 'validation_failed'],
    ['both hours and days', 'durationHours=2&days=1&adults=1', 'validation_failed'],
    ['neither hours nor days', 'adults=1', 'validation_failed'],
    ['eight days', 'days=8&adults=1', 'validation_failed'],
    ['no adult', 'durationHours=2&adults=0&children=2', 'validation_failed'],
    ['a service the guide does not offer', 'durationHours=2&adults=1&subcategoryId=999999', 'service_not_offered'],
  ])('refuses %s with 400', async (_name, query, code) => {
    const res = await quote(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('is documented in the OpenAPI document with its query and replies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v2/guides/{id}/quote'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'durationHours', 'days', 'adults', 'children', 'infants', 'lang']),
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
  });

  it('answers 404 for an unknown guide', async () => {
    const res = await call('GET', '/api/v2/guides/99999999/quote?durationHours=2&adults=1');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it("agrees with the price a booking is charged under today's model", async () => {
    await setRates();
    const q = quoteReplySchema.parse((await quote('durationHours=3&adults=3')).json());
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(12),
      startTime: '10:00',
      durationHours: 3,
      travelers: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect([made.json().totalPriceCents, made.json().depositCents]).toEqual([q.totalCents, q.depositCents]);
    expect(q.totalCents).toBe((30_000 + 2 * 10_000) * 3);
  });

  it('agrees with what a booking and an offer are charged for a private group (the price covers 4)', async () => {
    await setRates({ includedPeople: 4 });
    const q = quoteReplySchema.parse((await quote('durationHours=2&adults=3')).json());
    expect(q.totalCents).toBe(30_000 * 2);
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(14),
      startTime: '10:00',
      durationHours: 2,
      travelers: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect([made.json().totalPriceCents, made.json().depositCents]).toEqual([q.totalCents, q.depositCents]);
    // A fifth traveler adds the additional price for the hours, as the quote says.
    const five = quoteReplySchema.parse((await quote('durationHours=2&adults=5')).json());
    expect(five.totalCents).toBe(30_000 * 2 + 10_000 * 2);
    await setRates();
  });
});
