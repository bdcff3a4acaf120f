import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema, type GuideSummary } from '../../../shared/schemas/guides';
import { quoteReplySchema } from '../../../shared/schemas/quote';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, daysAhead, guidePerson, pay, person, YEN_RATES, type Person } from '../bookings/test-helpers';

/**
 * The trip searched is the trip booked (decision 176): a search names a group and a length (days or
 * hours), each card prices that question per day and for the trip in the reader's currency, and the
 * quote and a booking made with the same question come to the same figures.
 */
let t: TestApp;
let admin: Person;
/** Yuan, a day rate of 1,500 元 for 8 hours, tours of 2–8 hours, children at half. */
let dayGuide: Awaited<ReturnType<typeof guidePerson>>;
/** Yen, tours of 2–6 hours and no day rate: several days are 6 hours each unless asked otherwise. */
let shortGuide: Awaited<ReturnType<typeof guidePerson>>;
const date = daysAhead(20);
const family = 'adults=2&children=1&infants=1';

/** The days after the booked trip: each guide booked on `date`'s three days is not listed for them (decision 207). */
const later = daysAhead(25);

const search = async (query: string, on = date) => {
  await t.app.guideSearch.sync();
  const res = await t.app.inject({ url: `/api/v2/guides?city=kyoto&${family}&date=${on}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const cards = guideListReplySchema.parse(res.json()).data;
  const card = (g: { guideId: number }) => cards.find((c) => c.id === g.guideId) as GuideSummary;
  return { day: card(dayGuide), short: card(shortGuide) };
};
const quote = async (g: { guideId: number }, query: string) => {
  const res = await t.app.inject({ url: `/api/v2/guides/${g.guideId}/quote?${family}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return quoteReplySchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  dayGuide = await guidePerson(t, { city: 'kyoto', priceRmb: 300, instantBook: true });
  shortGuide = await guidePerson(t, { city: 'kyoto' });
  const rates = [
    [
      dayGuide,
      {
        basicPricePerHourCents: 30_000,
        additionalPricePerPersonCents: 10_000,
        minPeople: 1,
        maxPeople: 6,
        minDurationHours: 2,
        maxDurationHours: 8,
        services: [],
        childPriceRate: 0.5,
        dayRateCents: 150_000,
        dayHours: 8,
        instantBook: true,
      },
    ],
    [shortGuide, { ...YEN_RATES, minDurationHours: 2, maxDurationHours: 6 }],
  ] as const;
  for (const [g, body] of rates)
    expect((await callAs(t, 'PUT', '/api/v2/guides/me/rates', g, body)).statusCode).toBe(200);
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

describe('a search for a family over several days', () => {
  it('prices each card per day and for the trip, in the guide’s currency and the reader’s', async () => {
    const { day, short } = await search('days=3&chargeCurrency=CNY');
    // A day: 1,500 元 + 8 h × (100 for the second adult + 50 for the child); the infant is free.
    expect(day.groupQuote).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
      hours: 24,
      totalCents: 810_000,
      days: 3,
      dayHours: 8,
      dayTotalCents: 270_000,
      chargeCurrency: 'CNY',
      chargeTotal: 810_000,
      chargeDayTotal: 270_000,
    });
    // Days of the guide's longest tour, 6 h × (¥4,000 + ¥1,000 × 2 more) = ¥36,000 a day; at 20 yen a yuan, 1,800 元.
    expect(short.groupQuote).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
      hours: 18,
      totalCents: 108_000,
      days: 3,
      dayHours: 6,
      dayTotalCents: 36_000,
      chargeCurrency: 'CNY',
      chargeTotal: 540_000,
      chargeDayTotal: 180_000,
    });
    // Whether the guide confirms at once is on the card.
    expect([day.instantBook, short.instantBook]).toEqual([true, false]);
    // In yen for a reader of yen.
    expect((await search('days=3&chargeCurrency=JPY')).day.groupQuote).toMatchObject({
      totalCents: 810_000,
      chargeCurrency: 'JPY',
      chargeTotal: 162_000,
      chargeDayTotal: 54_000,
    });
  });

  it('gives the figures the quote gives for the same question, and a booking of it is charged them', async () => {
    const { day, short } = await search('days=3&chargeCurrency=CNY');
    for (const [g, card, hours] of [
      [dayGuide, day, 8],
      [shortGuide, short, 6],
    ] as const) {
      const q = await quote(g, `days=3&dayHours=${hours}&chargeCurrency=CNY`);
      expect([q.chargeTotal, q.chargeDayTotal, q.guideTotal, q.dayHours]).toEqual([
        card.groupQuote!.chargeTotal,
        card.groupQuote!.chargeDayTotal,
        card.groupQuote!.totalCents,
        hours,
      ]);
      // A traveler each: the two trips are on the same days.
      const who = await person(t);
      const made = await book(t, who, {
        guideId: g.guideId,
        date,
        days: 3,
        dayStartTime: '09:00',
        dayHours: hours,
        adults: 2,
        children: 1,
        infants: 1,
        chargeCurrency: 'CNY',
      });
      expect(made.statusCode, made.body).toBe(201);
      const b = made.json();
      expect(b.totalPriceCents).toBe(card.groupQuote!.totalCents);
      const paid = await pay(t, who, b.id);
      expect(paid.statusCode, paid.body).toBe(201);
      // The card's trip in yuan is what the deposit charged now and the rest in person come to.
      expect(paid.json().payment).toMatchObject({ currency: 'CNY', amountCents: q.chargeDeposit });
      expect(q.chargeDeposit + q.chargeInPerson).toBe(card.groupQuote!.chargeTotal);
    }
    // Booked for those three days, neither is listed for them any more (decision 207).
    const after = await search('days=3&chargeCurrency=CNY');
    expect([after.day, after.short]).toEqual([undefined, undefined]);
  });

  it('prices days of the hours asked, and says a length the guide does not sell instead of a price', async () => {
    const four = await search('days=2&durationHours=4', later);
    // Days of hours other than the day rate's are those hours at the hourly price.
    expect(four.day.groupQuote).toMatchObject({
      days: 2,
      dayHours: 4,
      hours: 8,
      totalCents: 8 * (30_000 + 10_000 + 5_000),
    });
    expect(four.short.groupQuote).toMatchObject({ days: 2, dayHours: 4, hours: 8, totalCents: 8 * 6_000 });
    const eight = await search('days=2&durationHours=8', later);
    expect(eight.day.groupQuote).toMatchObject({ days: 2, dayHours: 8, totalCents: 540_000 });
    expect(eight.short.groupQuote).toBeUndefined();
    expect(eight.short.groupQuoteRefusal).toBe('duration_out_of_range');
  });

  it('prices a tour of hours, and the shortest tour when the search names no length, as before', async () => {
    const three = await search('durationHours=3', later);
    expect(three.day.groupQuote).toMatchObject({
      days: 1,
      dayHours: 3,
      hours: 3,
      totalCents: 3 * 45_000,
      dayTotalCents: 3 * 45_000,
    });
    expect(three.short.groupQuote).toMatchObject({
      days: 1,
      hours: 3,
      totalCents: 18_000,
      chargeCurrency: 'CNY',
      chargeTotal: 90_000,
    });
    const seven = await search('durationHours=7', later);
    expect([seven.day.groupQuote?.hours, seven.short.groupQuoteRefusal]).toEqual([7, 'duration_out_of_range']);
    const none = await search('', later);
    expect([none.day.groupQuote?.hours, none.short.groupQuote?.hours]).toEqual([2, 2]);
  });

  it.each([
    ['eight days', 'days=8'],
    ['hours off the half-hour grid', 'durationHours=2.25'],
    ['an unknown currency', 'chargeCurrency=USD'],
  ])('refuses %s with validation_failed', async (_name, query) => {
    const res = await t.app.inject({ url: `/api/v2/guides?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('documents the length and the reader’s currency in the OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect((doc.paths['/api/v2/guides'].get.parameters as { name: string }[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['days', 'durationHours', 'chargeCurrency']),
    );
    expect((doc.paths['/api/v2/guides/{id}/quote'].get.parameters as { name: string }[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['dayHours']),
    );
  });
});
