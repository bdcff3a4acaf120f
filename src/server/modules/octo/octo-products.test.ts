import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, guidePerson, person, type Person } from '../bookings/test-helpers';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * The guides as OCTO products (decision 201): only those who switched selling through resellers on, one
 * product each, her lengths as options, three units, prices exactly the quote's, texts in the reader's language.
 */
let t: TestApp;
let admin: Person;
let key: string;
let instant: { guideId: number; token: string; id: number };
let asking: { guideId: number; token: string; id: number };
let offGuide: { guideId: number };

const PRICING = { 'octo-capabilities': 'octo/pricing' };
const CONTENT = { 'octo-capabilities': 'octo/content, octo/pricing' };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  key = (await reseller(t, admin, 'Trip Partner', 20)).apiKey;
  instant = await resellingGuide(t, { instantBook: true, city: 'kyoto' }, { dayRateCents: 30_000, dayHours: 8 });
  asking = await resellingGuide(t, { city: 'osaka' });
  offGuide = await guidePerson(t);
});
afterAll(() => t.close());

const products = async (headers: Record<string, string> = {}) => {
  const res = await octo(t, '/products', { key, headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as unknown[]).map((p) => octoValid('zProduct', p));
};
const quote = async (guideId: number, q: string) =>
  (await t.app.inject({ url: `/api/v2/guides/${guideId}/quote?${q}` })).json();

describe('the products', () => {
  it('are the guides who sell through resellers, off by default, one each with her id as reference', async () => {
    const list = await products();
    expect(list.map((p) => p.reference)).toEqual([String(instant.guideId), String(asking.guideId)]);
    const off = await octo(t, `/products/guide-${offGuide.guideId}`, { key });
    expect(off.json()).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: `guide-${offGuide.guideId}` });
    const [row] = await t.database.db.select().from(guides).where(eq(guides.id, offGuide.guideId));
    expect(row!.sellsThroughResellers).toBe(false);
  });

  it('are private tours that start at a time, confirmed at once as her instant booking says', async () => {
    const [a, b] = await products();
    for (const p of [a!, b!])
      expect(p).toMatchObject({ timeZone: 'Asia/Tokyo', availabilityType: 'START_TIME', availabilityRequired: true });
    expect(a!.instantConfirmation).toBe(true);
    expect(b!.instantConfirmation).toBe(false);
  });

  it('offer each length she sells: her hours, and whole days where she has a day rate', async () => {
    const [withDays, hoursOnly] = await products({ 'octo-capabilities': 'octo/content' });
    expect(hoursOnly!.options.map((o) => o.id)).toEqual([
      'hours-1',
      'hours-2',
      'hours-3',
      'hours-4',
      'hours-5',
      'hours-6',
      'hours-7',
      'hours-8',
    ]);
    expect(withDays!.options.map((o) => o.id)).toContain('days-3');
    const three = hoursOnly!.options.find((o) => o.id === 'hours-3')!;
    expect([three.durationMinutesFrom, three.durationMinutesTo]).toEqual([180, 180]);
    const day = withDays!.options.find((o) => o.id === 'days-1')!;
    expect(day.durationMinutesFrom).toBe(480);
    expect(three.availabilityLocalStartTimes).toContain('09:00');
    expect(three.availabilityLocalStartTimes).not.toContain('14:30');
  });

  it('take adults, children of 3–11 and infants under 3, a child or infant with an adult', async () => {
    const [p] = await products();
    const units = p!.options[0]!.units;
    expect(units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge])).toEqual([
      ['adult', 'ADULT', 12, 100],
      ['child', 'CHILD', 3, 11],
      ['infant', 'INFANT', 0, 2],
    ]);
    expect(units[1]!.restrictions.accompaniedBy).toEqual(['adult']);
    expect(p!.options[0]!.restrictions).toEqual({ minUnits: 1, maxUnits: 6 });
  });

  it('are priced per booking exactly as the quote says, net the reseller’s commission', async () => {
    const [p] = await products(PRICING);
    expect(p).toMatchObject({ pricingPer: 'BOOKING', defaultCurrency: 'JPY', availableCurrencies: ['JPY', 'CNY'] });
    const three = p!.options.find((o) => o.id === 'hours-3')!.pricingFrom![0]!;
    const q = await quote(instant.guideId, 'adults=1&durationHours=3&chargeCurrency=JPY');
    expect(three).toMatchObject({
      retail: q.chargeTotal,
      original: q.chargeTotal,
      currency: 'JPY',
      currencyPrecision: 0,
    });
    expect(three.net).toBe(q.chargeTotal - Math.round(q.chargeTotal * 0.2));
    const days = p!.options.find((o) => o.id === 'days-2')!.pricingFrom![0]!;
    expect(days.retail).toBe((await quote(instant.guideId, 'adults=1&days=2&chargeCurrency=JPY')).chargeTotal);
  });

  it('leave prices out without octo/pricing, and texts without octo/content', async () => {
    const [bare] = await products();
    expect(bare!.options[0]!.pricingFrom).toBeUndefined();
    expect(bare!.title).toBeUndefined();
  });

  it('speak the reader’s language where she wrote in it, her own otherwise, saying which', async () => {
    await t.database.db
      .update(guides)
      .set({
        texts: { ja: { bio: '京都生まれのガイドです。' } },
        originalLanguage: 'ja',
        bio: '京都生まれのガイドです。',
      })
      .where(eq(guides.id, instant.guideId));
    const one = async (lang: string) => {
      const res = await octo(t, `/products/guide-${instant.guideId}`, {
        key,
        headers: { ...CONTENT, 'accept-language': lang },
      });
      return octoValid('zProduct', res.json());
    };
    const ja = await one('ja');
    expect(ja).toMatchObject({ locale: 'ja', description: '京都生まれのガイドです。' });
    expect(ja.title).toContain('京都');
    expect(ja.options[0]!.units[0]!.title).toBe('大人（12歳以上）');
    const zh = await one('zh-CN,zh;q=0.9');
    expect(zh.locale).toBe('ja');
  });

  it('follow her switch in the settings: off, and her product is gone at once', async () => {
    const rates = (await callAs(t, 'GET', '/api/v2/guides/me/rates', asking)).json();
    expect(rates.sellsThroughResellers).toBe(true);
    const { guideId: _g, instantBookPausedUntil: _p, childPriceRate, services: _s, ...kept } = rates;
    const off = await callAs(t, 'PUT', '/api/v2/guides/me/rates', asking, {
      ...kept,
      childPriceRate,
      services: [],
      sellsThroughResellers: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await products()).map((p) => p.reference)).toEqual([String(instant.guideId)]);
  });
});
