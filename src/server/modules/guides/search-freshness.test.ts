import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { guides, users } from '../../db/schema/index';
import { setGuideServices } from './index';
import {
  addException,
  auth,
  makeGuide,
  makeUser,
  nextWeekday,
  subcategoryIdBySlug,
  tokenFor,
} from '../../test/guide-fixtures';
import { createTestApp } from '../../test/test-app';

/** The guide search's in-memory index after writes: each test opens its own app, so only its writes are there. */
describe('search index freshness', () => {
  const names = (body: { data: { user: { fullName: string } }[] }) => body.data.map((g) => g.user.fullName);

  it('shows a write as soon as it commits: new guides, prices, pauses, day offs, names and services', async () => {
    const c = await createTestApp({ seed: 'none' });
    try {
      const db = c.database.db;
      const get = async (qs = '') => (await c.app.inject({ url: `/api/v2/guides?city=nara${qs}` })).json();
      const first = await makeGuide(db, { city: 'nara', rating: 4, priceRmb: 300, name: 'Aoi' });
      const second = await makeGuide(db, { city: 'nara', rating: 3, priceRmb: 400, name: 'Ren' });
      await c.app.guideSearch.sync();
      expect(names(await get())).toEqual(['Aoi', 'Ren']);

      // Without an explicit sync: the notification arrives on its own, within moments.
      await makeGuide(db, { city: 'nara', rating: 5, name: 'Hana' });
      await expect.poll(async () => names(await get()), { timeout: 3000 }).toEqual(['Hana', 'Aoi', 'Ren']);

      await db.update(guides).set({ basicPricePerHourCents: 10_000 }).where(eq(guides.id, second.guide.id));
      await db.update(guides).set({ status: 'paused' }).where(eq(guides.id, first.guide.id));
      await db.update(users).set({ fullName: 'Ren Sato' }).where(eq(users.id, second.user.id));
      await c.app.guideSearch.sync();
      const after = await get('&maxPrice=150');
      expect(names(after)).toEqual(['Ren Sato']);
      expect(after.data[0].hourlyRate).toBe(100);

      const day = nextWeekday(3);
      expect((await get(`&date=${day}`)).total).toBe(2);
      await addException(db, second.guide.id, day, false);
      await c.app.guideSearch.sync();
      expect(names(await get(`&date=${day}`))).toEqual(['Hana']);

      const tea = await subcategoryIdBySlug(db, 'tea-ceremony');
      expect((await get(`&services=${tea}`)).total).toBe(0);
      await setGuideServices(db, second.guide.id, [{ subcategoryId: tea, priceCents: 12_000 }]);
      await c.app.guideSearch.sync();
      const withTea = await get(`&services=${tea}`);
      expect(withTea.data.map((g: { services: { id: number; priceCents: number }[] }) => g.services)).toEqual([
        [expect.objectContaining({ id: tea, priceCents: 12_000 })],
      ]);
    } finally {
      await c.close();
    }
  });

  it('keeps saved hearts and own listings per caller', async () => {
    const c = await createTestApp({ seed: 'none' });
    try {
      const db = c.database.db;
      const { guide } = await makeGuide(db, { city: 'nara', rating: 4 });
      const other = await makeGuide(db, { city: 'nara', rating: 3 });
      const traveler = await makeUser(db);
      const token = await tokenFor(db, traveler.id);
      await c.app.guideSearch.sync();
      const get = async (headers: Record<string, string> = {}) =>
        (await c.app.inject({ url: '/api/v2/guides?city=nara', headers })).json();
      await c.app.inject({
        method: 'POST',
        url: `/api/travelers/${traveler.id}/saved-guides/${guide.id}`,
        headers: auth(token),
      });
      const mine = await get(auth(token));
      expect(mine.data.find((g: { id: number }) => g.id === guide.id).isSaved).toBe(true);
      expect((await get()).data.every((g: { isSaved: boolean }) => !g.isSaved)).toBe(true);
      const guideToken = await tokenFor(db, other.user.id);
      expect((await get(auth(guideToken))).data.map((g: { id: number }) => g.id)).toEqual([guide.id]);
    } finally {
      await c.close();
    }
  });

  it('agrees with the database after a burst of concurrent writes and searches', async () => {
    const c = await createTestApp({ seed: 'none' });
    try {
      const db = c.database.db;
      const made: number[] = [];
      for (let i = 0; i < 30; i++)
        made.push((await makeGuide(db, { city: i % 2 ? 'nara' : 'kobe', rating: (i % 5) + 0.5 })).guide.id);
      let seed = 7;
      const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
      const writes = Array.from({ length: 120 }, (_, k) => {
        const id = made[Math.floor(rnd() * made.length)]!;
        const change =
          k % 3 === 0
            ? { status: (rnd() < 0.5 ? 'active' : 'paused') as 'active' | 'paused' }
            : k % 3 === 1
              ? { rating: Math.round(rnd() * 50) / 10, reviewCount: Math.floor(rnd() * 9) }
              : {
                  serviceCity: rnd() < 0.5 ? 'nara' : 'kobe',
                  basicPricePerHourCents: 10_000 + Math.floor(rnd() * 40) * 1000,
                };
        return db.update(guides).set(change).where(eq(guides.id, id));
      });
      const searches = Array.from({ length: 40 }, (_, k) =>
        c.app.inject({ url: `/api/v2/guides?city=${k % 2 ? 'nara' : 'kobe'}&limit=50` }),
      );
      const replies = await Promise.all([...searches, ...writes]);
      for (const r of replies.slice(0, searches.length)) expect((r as { statusCode: number }).statusCode).toBe(200);
      await c.app.guideSearch.sync();

      const truth = await db
        .select({ id: guides.id, city: guides.serviceCity })
        .from(guides)
        .where(eq(guides.status, 'active'))
        .orderBy(sql`${guides.rating} desc, ${guides.reviewCount} desc, ${guides.id} asc`);
      for (const city of ['nara', 'kobe']) {
        const body = (await c.app.inject({ url: `/api/v2/guides?city=${city}&limit=50` })).json();
        expect(body.data.map((g: { id: number }) => g.id)).toEqual(
          truth.filter((g) => g.city === city).map((g) => g.id),
        );
      }
      const byPrice = (await c.app.inject({ url: '/api/v2/guides?sort=price_asc&limit=50&maxPrice=300' })).json();
      const cheap = await db
        .select({ id: guides.id })
        .from(guides)
        .where(sql`${guides.status} = 'active' and ${guides.basicPricePerHourCents} <= 30000`)
        .orderBy(sql`${guides.basicPricePerHourCents} asc, ${guides.id} asc`);
      expect(byPrice.data.map((g: { id: number }) => g.id)).toEqual(cheap.map((g) => g.id));
    } finally {
      await c.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('catches up after its listening connection is lost (PostgreSQL)', async () => {
    const c = await createTestApp({ seed: 'none' });
    try {
      const db = c.database.db;
      await makeGuide(db, { city: 'nara', name: 'Aoi' });
      await c.app.guideSearch.sync();
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      await makeGuide(db, { city: 'nara', name: 'Ren' });
      await expect
        .poll(async () => (await c.app.inject({ url: '/api/v2/guides?city=nara' })).json().total, {
          timeout: 5000,
          interval: 200,
        })
        .toBe(2);
    } finally {
      await c.close();
    }
  });
});
