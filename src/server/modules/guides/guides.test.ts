import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, availabilityCalendar, todayInZone } from '../../../shared/availability';
import { guides } from '../../db/schema/index';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import {
  addException,
  addItinerary,
  addReview,
  auth,
  makeGuide,
  makeUser,
  nextWeekday,
  subcategoryIdBySlug,
  tokenFor,
} from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const ids: Record<string, number> = {};
let svc: Record<string, number> = {};
let guideUserToken = '';
let travelerToken = '';

interface Card {
  id: number;
  serviceCity: string;
  languages: string[];
  hourlyRate: number;
  minPeople: number;
  maxPeople: number;
  rating: number;
  isSaved: boolean;
  services: { id: number }[];
}
const list = async (qs: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/v2/guides${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Card[]; total: number; page: number; limit: number };
};
const idsOf = async (qs: string, headers: Record<string, string> = {}) =>
  (await list(qs, headers)).data.map((g) => g.id).sort((a, b) => a - b);
const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const db = t.database.db;
  svc = {
    food: await subcategoryIdBySlug(db, 'food-tour'),
    tea: await subcategoryIdBySlug(db, 'tea-ceremony'),
    photo: await subcategoryIdBySlug(db, 'portrait'),
  };
  // Six guides with distinct traits (weekdays: 1 Monday … 7 Sunday).
  const specs = {
    tokyoZh: {
      city: 'tokyo',
      languages: ['zh', 'ja'],
      priceRmb: 200,
      minPeople: 1,
      maxPeople: 4,
      rating: 4.9,
      services: [svc.food!],
      weekdays: [1, 2, 3],
    },
    tokyoEn: {
      city: 'tokyo',
      languages: ['en', 'ja'],
      priceRmb: 450,
      minPeople: 2,
      maxPeople: 10,
      rating: 4.5,
      services: [svc.tea!, svc.photo!],
      weekdays: [6, 7],
    },
    kyotoZh: {
      city: 'kyoto',
      languages: ['zh'],
      priceRmb: 350,
      minPeople: 1,
      maxPeople: 2,
      rating: 4.7,
      services: [svc.tea!],
      weekdays: [1, 6],
    },
    kyotoJa: {
      city: 'kyoto',
      languages: ['ja'],
      priceRmb: 600,
      minPeople: 4,
      maxPeople: 12,
      rating: 3.9,
      services: [svc.photo!],
      weekdays: [2],
    },
    osakaAll: {
      city: 'osaka',
      languages: ['zh', 'ja', 'en'],
      priceRmb: 150,
      minPeople: 1,
      maxPeople: 6,
      rating: 4.1,
      services: [svc.food!, svc.photo!],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    },
    paused: { city: 'tokyo', languages: ['zh'], priceRmb: 250, rating: 5, status: 'paused' as const },
  };
  for (const [name, spec] of Object.entries(specs)) {
    const { guide, user } = await makeGuide(db, { ...spec, name });
    ids[name] = guide.id;
    ids[`${name}User`] = user.id;
  }
  guideUserToken = await tokenFor(db, ids.tokyoZhUser!);
  const traveler = await makeUser(db);
  ids.traveler = traveler.id;
  travelerToken = await tokenFor(db, traveler.id);
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

describe('GET /api/v2/guides', () => {
  it('lists active guides by rating with data, total, page and limit', async () => {
    const body = await list('');
    expect(body.total).toBe(5);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(12);
    expect(body.data.map((g) => g.id)).toEqual([ids.tokyoZh, ids.kyotoZh, ids.tokyoEn, ids.osakaAll, ids.kyotoJa]);
    const first = body.data[0]!;
    expect(first).toMatchObject({ hourlyRate: 200, currency: 'CNY', timeZone: 'Asia/Tokyo', isSaved: false });
    expect(first.services.map((s) => s.id)).toEqual([svc.food]);
  });

  it('replies in exactly the documented shape: nothing missing, nothing extra', async () => {
    for (const headers of [{}, auth(travelerToken)]) {
      const body = (await t.app.inject({ url: '/api/v2/guides?limit=50', headers })).json();
      // Parsing strips unknown keys, so equality also proves no internal field leaks out.
      expect(guideListReplySchema.parse(body)).toEqual(body);
    }
  });

  it('never lists paused guides', async () => {
    expect(await idsOf('?city=tokyo')).not.toContain(ids.paused);
  });

  it('filters by city', async () => {
    expect(await idsOf('?city=kyoto')).toEqual(sorted('kyotoZh', 'kyotoJa'));
    expect(await idsOf('?city=nara')).toEqual([]);
  });

  it('filters by language', async () => {
    expect(await idsOf('?language=zh')).toEqual(sorted('tokyoZh', 'kyotoZh', 'osakaAll'));
    expect(await idsOf('?language=en')).toEqual(sorted('tokyoEn', 'osakaAll'));
    expect(await idsOf('?language=ja')).toEqual(sorted('tokyoZh', 'tokyoEn', 'kyotoJa', 'osakaAll'));
  });

  it('filters by services: any of the chosen subcategories, repeated or single', async () => {
    expect(await idsOf(`?services=${svc.tea}`)).toEqual(sorted('tokyoEn', 'kyotoZh'));
    expect(await idsOf(`?services=${svc.tea}&services=${svc.food}`)).toEqual(
      sorted('tokyoZh', 'tokyoEn', 'kyotoZh', 'osakaAll'),
    );
    expect(await idsOf(`?services=${svc.tea},${svc.food}`)).toEqual(
      sorted('tokyoZh', 'tokyoEn', 'kyotoZh', 'osakaAll'),
    );
  });

  it('filters by travelers: the min–max people range must admit the count', async () => {
    expect(await idsOf('?travelers=1')).toEqual(sorted('tokyoZh', 'kyotoZh', 'osakaAll'));
    expect(await idsOf('?travelers=3')).toEqual(sorted('tokyoZh', 'tokyoEn', 'osakaAll'));
    expect(await idsOf('?travelers=10')).toEqual(sorted('tokyoEn', 'kyotoJa'));
    expect(await idsOf('?travelers=12')).toEqual(sorted('kyotoJa'));
    expect(await idsOf('?travelers=13')).toEqual([]);
  });

  it('filters by hourly price per person in RMB, bounds included', async () => {
    expect(await idsOf('?minPrice=200&maxPrice=450')).toEqual(sorted('tokyoZh', 'tokyoEn', 'kyotoZh'));
    expect(await idsOf('?minPrice=451')).toEqual(sorted('kyotoJa'));
    expect(await idsOf('?maxPrice=199')).toEqual(sorted('osakaAll'));
  });

  it('filters by date: the weekly schedule in the guide zone', async () => {
    expect(await idsOf(`?date=${nextWeekday(1)}`)).toEqual(sorted('tokyoZh', 'kyotoZh', 'osakaAll'));
    expect(await idsOf(`?date=${nextWeekday(7)}`)).toEqual(sorted('tokyoEn', 'osakaAll'));
    expect(await idsOf(`?date=${nextWeekday(4)}`)).toEqual(sorted('osakaAll'));
  });

  it('filters by date: a day off removes a guide, extra hours add one, the past has nobody', async () => {
    const db = t.database.db;
    const thursday = addDays(nextWeekday(4), 7);
    const monday = addDays(nextWeekday(1), 14);
    await addException(db, ids.osakaAll!, thursday, false);
    await addException(db, ids.kyotoJa!, thursday, true);
    await t.app.guideSearch.sync();
    expect(await idsOf(`?date=${thursday}`)).toEqual(sorted('kyotoJa'));
    expect(await idsOf(`?date=${monday}`)).toEqual(sorted('tokyoZh', 'kyotoZh', 'osakaAll'));
    expect(await idsOf(`?date=${addDays(todayInZone('Asia/Tokyo'), -1)}`)).toEqual([]);
  });

  it('search by date agrees with the profile calendar for every day of the next 60', async () => {
    const detail = (await t.app.inject({ url: `/api/v2/guides/${ids.osakaAll}` })).json();
    const days = availabilityCalendar(detail.availabilities.weekly, detail.availabilities.exceptions, 'Asia/Tokyo', 60);
    for (const day of days.slice(1, 15)) {
      const found = (await idsOf(`?city=osaka&date=${day.date}`)).includes(ids.osakaAll!);
      expect(found, day.date).toBe(day.available);
    }
  });

  it('combines filters', async () => {
    expect(
      await idsOf(
        `?city=tokyo&language=zh&travelers=2&minPrice=100&maxPrice=300&date=${nextWeekday(2)}&services=${svc.food}`,
      ),
    ).toEqual(sorted('tokyoZh'));
    expect(await idsOf(`?city=tokyo&language=zh&travelers=5`)).toEqual([]);
    expect(await idsOf(`?language=en&services=${svc.photo}&maxPrice=300`)).toEqual(sorted('osakaAll'));
    expect(await idsOf(`?city=kyoto&date=${nextWeekday(6)}&travelers=2`)).toEqual(sorted('kyotoZh'));
  });

  it('pages without overlap and keeps the total', async () => {
    const p1 = await list('?limit=2&page=1');
    const p2 = await list('?limit=2&page=2');
    const p3 = await list('?limit=2&page=3');
    expect([p1.total, p2.total, p3.total]).toEqual([5, 5, 5]);
    expect(p3.data).toHaveLength(1);
    const all = [...p1.data, ...p2.data, ...p3.data].map((g) => g.id);
    expect(new Set(all).size).toBe(5);
    expect((await list('?limit=2&page=9')).data).toEqual([]);
  });

  it('sorts by price both ways', async () => {
    expect((await list('?sort=price_asc')).data.map((g) => g.hourlyRate)).toEqual([150, 200, 350, 450, 600]);
    expect((await list('?sort=price_desc')).data.map((g) => g.hourlyRate)).toEqual([600, 450, 350, 200, 150]);
  });

  it('a guide never sees their own listing', async () => {
    expect(await idsOf('?city=tokyo', { authorization: `Bearer ${guideUserToken}` })).toEqual(sorted('tokyoEn'));
    expect(await idsOf('?city=tokyo')).toEqual(sorted('tokyoZh', 'tokyoEn'));
  });

  it.each([
    ['city=paris', 'querystring.city'],
    ['language=fr', 'querystring.language'],
    ['services=abc', 'querystring.services.0'],
    ['services=-3', 'querystring.services.0'],
    ['date=2026-02-30', 'querystring.date'],
    ['date=tomorrow', 'querystring.date'],
    ['date=2026-1-5', 'querystring.date'],
    ['travelers=0', 'querystring.travelers'],
    ['travelers=two', 'querystring.travelers'],
    ['travelers=1.5', 'querystring.travelers'],
    ['minPrice=-1', 'querystring.minPrice'],
    ['maxPrice=lots', 'querystring.maxPrice'],
    ['minPrice=500&maxPrice=100', 'querystring.maxPrice'],
    ['page=0', 'querystring.page'],
    ['limit=500', 'querystring.limit'],
    ['sort=cheapest', 'querystring.sort'],
  ])('rejects %s with 400 validation_failed naming %s', async (qs, field) => {
    const res = await t.app.inject({ url: `/api/v2/guides?${qs}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('reports the price bounds of listed guides in RMB', async () => {
    const res = await t.app.inject({ url: '/api/v2/guides/price-bounds' });
    expect(res.json()).toEqual({ lowest: 150, highest: 600 });
  });
});

describe('GET /api/v2/guides/{id}', () => {
  it('returns every profile field, with the weekly hours and the rating distribution', async () => {
    const db = t.database.db;
    const reviewer = await makeUser(db);
    await addReview(db, ids.kyotoZh!, ids.kyotoZhUser!, reviewer.id, 5, true, 3);
    await addReview(db, ids.kyotoZh!, ids.kyotoZhUser!, reviewer.id, 4, true, 1);
    await addReview(db, ids.kyotoZh!, ids.kyotoZhUser!, reviewer.id, 1, false);
    await addItinerary(db, ids.kyotoZh!);
    const res = await t.app.inject({ url: `/api/v2/guides/${ids.kyotoZh}` });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({
      id: ids.kyotoZh,
      serviceCity: 'kyoto',
      languages: ['zh'],
      basicPricePerHourCents: 35000,
      additionalPricePerPersonCents: 3000,
      hourlyRate: 350,
      currency: 'CNY',
      minPeople: 1,
      maxPeople: 2,
      ethicsScore: 8,
      ethicsDescription: 'Honest',
      targetGroups: ['couple'],
      timeZone: 'Asia/Tokyo',
      ratingDistribution: [0, 0, 0, 1, 1],
    });
    expect(g.user.fullName).toBe('kyotoZh');
    expect(g.availabilities.weekly).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 1020 },
      { weekday: 6, startMinute: 540, endMinute: 1020 },
    ]);
    expect(g.itineraries).toHaveLength(1);
    expect(g).not.toHaveProperty('email');
    expect(JSON.stringify(g)).not.toContain('password');
  });

  it('is 404 for unknown and paused guides (except to their owner) and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: '/api/v2/guides/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v2/guides/${ids.paused}` })).statusCode).toBe(404);
    const owner = await tokenFor(t.database.db, ids.pausedUser!);
    expect((await t.app.inject({ url: `/api/v2/guides/${ids.paused}`, headers: auth(owner) })).statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/v2/guides/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('params.id');
  });
});

describe('GET /api/guides/me', () => {
  it('needs login, is 404 for a traveler and the own profile for a guide', async () => {
    expect((await t.app.inject({ url: '/api/guides/me' })).statusCode).toBe(401);
    const traveler = await t.app.inject({ url: '/api/guides/me', headers: auth(travelerToken) });
    expect(traveler.statusCode).toBe(404);
    expect(traveler.json().code).toBe('not_found');
    const guide = await t.app.inject({ url: '/api/guides/me', headers: auth(guideUserToken) });
    expect(guide.statusCode).toBe(200);
    expect(guide.json().id).toBe(ids.tokyoZh);
  });
});

describe('per-guide categories, pricing, reviews and itineraries', () => {
  it('lists the chosen categories with their chosen subcategories', async () => {
    const res = await t.app.inject({
      url: `/api/v2/service-categories/guides/${ids.tokyoEn}/choices/with-subcategories`,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Culture', 'Photography']);
    expect(data[0].subcategories).toEqual([
      { id: svc.tea, nameEn: 'Tea ceremony', nameCn: '茶道体验', nameJa: '茶道体験' },
    ]);
  });

  it('returns pricing per subcategory in cents', async () => {
    const res = await t.app.inject({ url: `/api/v2/service-categories/guides/${ids.tokyoEn}/pricing` });
    expect(res.json().data).toEqual(
      [svc.tea, svc.photo].sort((a, b) => a! - b!).map((id) => ({ subcategoryId: id, priceCents: 45000 })),
    );
    expect((await t.app.inject({ url: '/api/v2/service-categories/guides/999999/pricing' })).statusCode).toBe(404);
  });

  it('returns only published reviews, newest first, as an array with rating', async () => {
    const res = await t.app.inject({ url: `/api/v2/reviews/guides/${ids.kyotoZh}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((r: { rating: number }) => r.rating)).toEqual([4, 5]);
    expect((await t.app.inject({ url: '/api/v2/reviews/guides/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v2/reviews/guides/${ids.kyotoZh}?limit=0` })).statusCode).toBe(400);
  });

  it('returns an itinerary with its stops and guide, 404 when unknown', async () => {
    const it = await addItinerary(t.database.db, ids.tokyoEn!);
    const res = await t.app.inject({ url: `/api/v2/itineraries/${it.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Old Tokyo walk',
      durationHours: 4,
      guide: { id: ids.tokyoEn, hourlyRate: 450 },
    });
    expect(res.json().stops).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v2/itineraries/999999' })).statusCode).toBe(404);
  });

  it('draws portraits as SVG, and only for well-formed names', async () => {
    const res = await t.app.inject({ url: '/api/v2/avatars/guide-tokyo-001-f.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.body).toBe((await t.app.inject({ url: '/api/v2/avatars/guide-tokyo-001-f.svg' })).body);
    expect((await t.app.inject({ url: '/api/v2/avatars/..%2Fetc.svg' })).statusCode).toBe(400);
  });
});

describe('derived search columns', () => {
  it('weekly_days and service_ids follow the child tables', async () => {
    const rows = await t.database.db
      .select({
        id: guides.id,
        weeklyDays: guides.weeklyDays,
        serviceIds: guides.serviceIds,
        mask: guides.languageMask,
      })
      .from(guides);
    const tokyoEn = rows.find((r) => r.id === ids.tokyoEn)!;
    expect(tokyoEn.weeklyDays).toBe((1 << 5) | (1 << 6));
    expect(tokyoEn.serviceIds).toEqual([svc.tea, svc.photo].sort((a, b) => a! - b!));
    expect(tokyoEn.mask).toBe(2 | 4);
  });
});
