import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationData } from '../../../shared/schemas/guide-applications';
import { guides, serviceSubcategories } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';

/**
 * An application's prices are in the currency it names (decision 164): the hourly floor is that
 * currency's (¥1,000 or 50 元), on every save and so on submit, and approval lists the guide in it.
 */
let t: TestApp;
let admin: Person;
let subcategoryId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  const [sub] = await t.database.db.select({ id: serviceSubcategories.id }).from(serviceSubcategories).limit(1);
  subcategoryId = sub!.id;
});
afterAll(() => t.close());

const complete = (
  prices: Pick<ApplicationData, 'currency' | 'basicPricePerHourCents' | 'additionalPricePerPersonCents'>,
): ApplicationData => ({
  name: 'Kiyomizu Aya',
  age: 34,
  gender: 'female',
  serviceCities: ['kyoto'],
  residenceArea: 'Higashiyama-ku, Kyoto',
  residenceZipcode: '605-0862',
  residenceSince: '2012-04',
  occupation: 'Tea ceremony teacher',
  bio: '京都の路地と茶室をご案内します。',
  languages: ['ja', 'zh'],
  experienceMonths: 60,
  sessionCount: 200,
  ethicsScore: 8,
  ethicsDescription: 'Honest prices',
  boundaryScore: 6,
  boundaryDescription: 'Clear hours',
  supportiveScore: 7,
  supportiveDescription: 'Patient',
  interaction: 'Calm',
  favoriteSpot: 'Kiyomizu-dera at dawn',
  boundaryResponse: 'Politely decline',
  emotionalHandling: 'Listen first',
  selfSymbol: 'A tea bowl',
  targetGroups: ['couple'],
  minPeople: 1,
  maxPeople: 4,
  minDurationHours: 2,
  maxDurationHours: 6,
  subcategoryIds: [subcategoryId],
  ...prices,
});

const save = (p: Person, data: ApplicationData) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/guide-applications/draft', headers: auth(p.token), payload: { data } });

describe('the hourly floor in the application’s currency', () => {
  it.each([
    ['JPY', 999, 1_000, 'The lowest price is ¥1,000 (JPY) an hour'],
    ['CNY', 4_999, 5_000, 'The lowest price is 50 RMB an hour'],
  ] as const)('%s: refuses %i, takes %i', async (currency, under, floor, message) => {
    const p = await person(t);
    const low = await save(p, { currency, basicPricePerHourCents: under });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.data.basicPricePerHourCents', message }],
    });
    const ok = await save(p, { currency, basicPricePerHourCents: floor });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ currency, basicPricePerHourCents: floor });
  });

  it('takes ¥4,000 an hour, which the yuan floor in fen used to refuse', async () => {
    const p = await person(t);
    expect((await save(p, { currency: 'JPY', basicPricePerHourCents: 4_000 })).statusCode).toBe(200);
  });

  it('checks a price saved without its currency once the currency is there', async () => {
    const p = await person(t);
    expect((await save(p, { basicPricePerHourCents: 999 })).statusCode).toBe(200);
    expect((await save(p, { basicPricePerHourCents: 999, currency: 'JPY' })).statusCode).toBe(400);
  });
});

describe('approval', () => {
  it('lists a guide who applied in yen in yen, at the amounts she typed', async () => {
    const p = await person(t);
    expect(
      (
        await save(
          p,
          complete({ currency: 'JPY', basicPricePerHourCents: 4_000, additionalPricePerPersonCents: 1_000 }),
        )
      ).statusCode,
    ).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${submitted.json().id}/approve`,
      headers: auth(admin.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const guideId = approved.json().guideId as number;

    const [g] = await t.database.db.select().from(guides).where(eq(guides.id, guideId));
    expect(g).toMatchObject({ currency: 'JPY', basicPricePerHourCents: 4_000, additionalPricePerPersonCents: 1_000 });
    const rates = await t.app.inject({ url: '/api/v2/guides/me/rates', headers: auth(p.token) });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json()).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      additionalPricePerPersonCents: 1_000,
    });
  });

  it('keeps a yuan application in yuan', async () => {
    const p = await person(t);
    await save(p, complete({ currency: 'CNY', basicPricePerHourCents: 30_000 }));
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${submitted.json().id}/approve`,
      headers: auth(admin.token),
    });
    const [g] = await t.database.db
      .select()
      .from(guides)
      .where(eq(guides.id, approved.json().guideId as number));
    expect(g).toMatchObject({ currency: 'CNY', basicPricePerHourCents: 30_000 });
  });
});
