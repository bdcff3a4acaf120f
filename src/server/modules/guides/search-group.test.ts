import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson } from '../bookings/test-helpers';

/**
 * The search prices each card for the reader's group, ages included (decisions 151 and 152): the
 * card's total is the one the quote route answers for the same group and the guide's shortest tour.
 */
let t: TestApp;
let family: Awaited<ReturnType<typeof guidePerson>>;
let small: Awaited<ReturnType<typeof guidePerson>>;

const setRates = async (who: { token: string }, over: Record<string, unknown>) => {
  const body = {
    basicPricePerHourCents: 30_000,
    additionalPricePerPersonCents: 10_000,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 3,
    maxDurationHours: 8,
    services: [],
    ...over,
  };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/guides/me/rates',
    headers: auth(who.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/guides?city=nara&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return guideListReplySchema.parse(res.json()).data;
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  family = await guidePerson(t, { city: 'nara', priceRmb: 300 });
  small = await guidePerson(t, { city: 'nara', priceRmb: 200 });
  await setRates(family, { includedPeople: 1, childPriceRate: 0.5, infantsFree: true });
  await setRates(small, { maxPeople: 3 });
});
afterAll(() => t.close());

describe('search priced for the reader’s group', () => {
  it('gives a family of 2 adults, 1 child and 1 infant the total the quote gives, and leaves out a guide whose group is too small', async () => {
    const cards = await search('adults=2&children=1&infants=1');
    // Four in all: the guide who takes at most three is not shown, as with travelers=4.
    expect(cards.map((c) => c.id)).toEqual([family.guideId]);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/v2/guides/${family.guideId}/quote?durationHours=3&adults=2&children=1&infants=1`,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // 3 h × (300 + 100 for the second adult + 50 for the child; the infant is free) = 1,350 RMB.
    expect(quote.json().totalCents).toBe(135_000);
    // A search naming no length prices one day of the shortest tour, in the guide's yuan (decision 176).
    const total = quote.json().totalCents;
    expect(cards[0]!.groupQuote).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
      hours: 3,
      totalCents: total,
      days: 1,
      dayHours: 3,
      dayTotalCents: total,
      chargeCurrency: 'CNY',
      chargeTotal: total,
      chargeDayTotal: total,
    });
  });

  it('keeps travelers working: everyone priced as an adult, and the same guides', async () => {
    const cards = await search('travelers=4');
    expect(cards.map((c) => c.id)).toEqual([family.guideId]);
    expect(cards[0]!.groupQuote).toMatchObject({
      adults: 4,
      children: 0,
      infants: 0,
      hours: 3,
      totalCents: 3 * (30_000 + 3 * 10_000),
    });
    // travelers agreeing with the ages is accepted.
    expect((await search('travelers=4&adults=2&children=1&infants=1'))[0]!.groupQuote?.totalCents).toBe(135_000);
  });

  it('quotes a card afresh for another group and after the guide changes their rates (the quotes kept with a card)', async () => {
    const two = async () => (await search('travelers=2')).find((c) => c.id === small.guideId)!.groupQuote?.totalCents;
    expect(await two()).toBe(3 * (30_000 + 10_000));
    expect((await search('travelers=3')).find((c) => c.id === small.guideId)!.groupQuote?.totalCents).toBe(
      3 * (30_000 + 2 * 10_000),
    );
    expect(await two()).toBe(3 * (30_000 + 10_000));
    await setRates(small, { maxPeople: 3, basicPricePerHourCents: 25_000 });
    await t.app.guideSearch.sync();
    expect(await two()).toBe(3 * (25_000 + 10_000));
    await setRates(small, { maxPeople: 3 });
  });

  it('has no group price without a group', async () => {
    const cards = await search('');
    expect(cards.length).toBe(2);
    expect(cards.every((c) => c.groupQuote === undefined)).toBe(true);
  });

  it.each([
    ['children without adults', 'children=1'],
    ['infants without adults', 'infants=1'],
    ['travelers that are not the ages added up', 'travelers=3&adults=2&children=2'],
    ['no adult', 'adults=0&children=2'],
  ])('refuses %s with validation_failed', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/guides?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('documents the group in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = (doc.paths['/api/v2/guides'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['travelers', 'adults', 'children', 'infants']));
  });
});
