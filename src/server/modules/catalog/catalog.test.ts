import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guides, users } from '../../db/schema/index';
import { runSeed } from '../../db/seed/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

describe('catalog', () => {
  it('lists the ten service cities in order, all in Asia/Tokyo', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/cities' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((c: { slug: string }) => c.slug)).toEqual([
      'tokyo',
      'kyoto',
      'osaka',
      'hiroshima',
      'sapporo',
      'nara',
      'yokohama',
      'kobe',
      'fukuoka',
      'nagoya',
    ]);
    expect(new Set(data.map((c: { timeZone: string }) => c.timeZone))).toEqual(new Set(['Asia/Tokyo']));
    expect(data[0]).toEqual({ slug: 'tokyo', nameEn: 'Tokyo', nameCn: '东京', timeZone: 'Asia/Tokyo' });
  });

  it('lists service categories with subcategories named in English, Chinese and Japanese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/service-categories' });
    const { data } = res.json();
    expect(data.length).toBeGreaterThanOrEqual(5);
    for (const c of data) {
      expect(c.nameEn).toBeTruthy();
      expect(c.nameCn).toMatch(/[\u4e00-\u9fff]/);
      expect(c.subcategories.length).toBeGreaterThan(0);
      // Japanese in kana or kanji for every name (decision 144), never the English one again.
      for (const n of [c, ...c.subcategories]) expect(n.nameJa).toMatch(/^[\u3040-\u30ff\u4e00-\u9fff・ー]+$/);
    }
    expect(data[1]).toMatchObject({ nameEn: 'Food and drink', nameCn: '美食体验', nameJa: 'グルメ' });
    expect(data[0].subcategories[1]).toMatchObject({ nameEn: 'Temples and shrines', nameJa: '寺社めぐり' });
  });

  it('SEED=none seeds reference data but no demo accounts, and seeding is idempotent', async () => {
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect(await runSeed(t.database.db, 'none')).toEqual([]);
    expect(await runSeed(t.database.db, 'demo')).toEqual([
      'demo-accounts',
      'demo-guides',
      'demo-bookings',
      'demo-multi-day',
      'demo-messages',
      'demo-guide-earnings',
      'demo-responsiveness',
      'demo-licence',
      'demo-consents',
      'demo-receipts',
      'demo-payouts',
      'demo-sensitive-consents',
      'demo-urgent-support',
      'demo-review-trust',
      'demo-trip-trouble',
      'demo-reviewed-tours',
      'demo-instant-book',
      'demo-resellers',
    ]);
    expect(await runSeed(t.database.db, 'demo')).toEqual([]);
    const names = (await t.database.db.select({ u: users.username }).from(users)).map((r) => r.u).sort();
    expect(names.filter((n) => !/^(guide-|traveler\d)/.test(n))).toEqual(['admin', 'guide', 'traveler']);
    // Sold through resellers (decision 201): the demo guide and the instant-booking guides of the three cities.
    const selling = await t.database.db
      .select({ user: users.username, city: guides.serviceCity, instant: guides.instantBook })
      .from(guides)
      .innerJoin(users, eq(users.id, guides.userId))
      .where(eq(guides.sellsThroughResellers, true));
    expect(selling.map((g) => g.user)).toContain('guide');
    const others = selling.filter((g) => g.user !== 'guide');
    expect(others.every((g) => g.instant && ['tokyo', 'kyoto', 'osaka'].includes(g.city))).toBe(true);
    expect(new Set(others.map((g) => g.city))).toEqual(new Set(['tokyo', 'kyoto', 'osaka']));
    const instant = await t.database.db.select({ id: guides.id }).from(guides).where(eq(guides.instantBook, true));
    expect(others).toHaveLength(instant.length);
  });
});
