import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson, person, callAs, type Person } from '../bookings/test-helpers';

/**
 * The price band and the price sorts across guides of both currencies (decision 168): each guide's
 * hourly price converted to the search's currency at the current rate before it is compared, and
 * converted again when the rate changes; the cards keep the guide's own price and currency.
 */
let t: TestApp;
let admin: Person;
let yuan: Awaited<ReturnType<typeof guidePerson>>;
let yen: Awaited<ReturnType<typeof guidePerson>>;
let dear: Awaited<ReturnType<typeof guidePerson>>;

const setRates = async (who: { token: string }, over: Record<string, unknown>) => {
  const body = {
    basicPricePerHourCents: 30_000,
    additionalPricePerPersonCents: 10_000,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 2,
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
const setFx = async (jpyPerCny: string) =>
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny })).statusCode).toBe(200);
const ids = async (query: string) => {
  await t.app.guideSearch.sync();
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/guides?city=nara&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return guideListReplySchema.parse(res.json()).data.map((c) => c.id);
};
const bounds = async (currency: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v2/guides/price-bounds?currency=${currency}` })).json();

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  yuan = await guidePerson(t, { city: 'nara', priceRmb: 300 });
  yen = await guidePerson(t, { city: 'nara', priceRmb: 300 });
  dear = await guidePerson(t, { city: 'nara', priceRmb: 300 });
  await setRates(yuan, {});
  // ¥5,000 an hour: 250 元 at 20 yen a yuan, 200 元 at 25.
  await setRates(yen, { currency: 'JPY', basicPricePerHourCents: 5_000, additionalPricePerPersonCents: 1_000 });
  // ¥7,000: 350 元 at 20, 280 元 at 25.
  await setRates(dear, { currency: 'JPY', basicPricePerHourCents: 7_000, additionalPricePerPersonCents: 1_000 });
  await setFx('20');
});
afterAll(() => t.close());

describe('a search across yen and yuan', () => {
  it('sorts by the price in one currency, whichever the guide set it in', async () => {
    expect(await ids('sort=price_asc')).toEqual([yen.guideId, yuan.guideId, dear.guideId]);
    expect(await ids('sort=price_desc&currency=JPY')).toEqual([dear.guideId, yuan.guideId, yen.guideId]);
  });

  it('filters a band in yuan by the guides’ yen converted, and a band in yen by the yuan converted', async () => {
    expect(await ids('minPrice=240&maxPrice=310&sort=price_asc')).toEqual([yen.guideId, yuan.guideId]);
    // 300 元 is ¥6,000 at 20: inside ¥5,500–6,000, the ¥5,000 and ¥7,000 guides outside.
    expect(await ids('minPrice=5500&maxPrice=6000&currency=JPY')).toEqual([yuan.guideId]);
    expect(await ids('maxPrice=5000&currency=JPY')).toEqual([yen.guideId]);
  });

  it('answers the slider’s bounds in either currency', async () => {
    expect(await bounds('CNY')).toEqual({ lowest: 250, highest: 350 });
    expect(await bounds('JPY')).toEqual({ lowest: 5_000, highest: 7_000 });
    expect(await bounds('EUR').then((b) => b.code)).toBe('validation_failed');
  });

  it('compares at the new rate once it changes', async () => {
    await setFx('25');
    // At 25: ¥5,000 = 200 元, ¥7,000 = 280 元, both under the 300 元 guide now.
    expect(await ids('sort=price_desc')).toEqual([yuan.guideId, dear.guideId, yen.guideId]);
    expect(await ids('minPrice=270&maxPrice=290')).toEqual([dear.guideId]);
    expect(await bounds('CNY')).toEqual({ lowest: 200, highest: 300 });
    await setFx('20');
    expect(await ids('minPrice=270&maxPrice=290')).toEqual([]);
  });

  it('keeps each card in the guide’s own price and currency', async () => {
    await t.app.guideSearch.sync();
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/guides?city=nara&currency=JPY&sort=price_asc' });
    const cards = guideListReplySchema.parse(res.json()).data;
    expect(cards.map((c) => [c.currency, c.basicPricePerHourCents])).toEqual([
      ['JPY', 5_000],
      ['CNY', 30_000],
      ['JPY', 7_000],
    ]);
  });
});
