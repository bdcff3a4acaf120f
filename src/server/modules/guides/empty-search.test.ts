import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { guides } from '../../db/schema/index';
import { makeGuide } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Empty results that help (decision 104): GET /api/v2/guides answers a search that found nobody with
 * `withoutFilter`, the total without each active filter, so the page can name the filter that emptied
 * it; a search that found someone never carries it, and the reply keeps its fields and its schema.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const db = t.database.db;
  // Tokyo: three guides, none licensed; two speak Chinese. Kyoto: one licensed guide.
  await makeGuide(db, { city: 'tokyo', languages: ['zh', 'ja'], priceRmb: 300 });
  await makeGuide(db, { city: 'tokyo', languages: ['zh'], priceRmb: 500 });
  await makeGuide(db, { city: 'tokyo', languages: ['en'], priceRmb: 200, maxPeople: 2 });
  const kyoto = await makeGuide(db, { city: 'kyoto', languages: ['zh'], priceRmb: 400 });
  await db.update(guides).set({ licenceKind: 'national' }).where(eq(guides.id, kyoto.guide.id));
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v2/guides?${query}` });
  expect(res.statusCode).toBe(200);
  return guideListReplySchema.parse(res.json());
};

describe('GET /api/v2/guides with no result', () => {
  it('licensed guides in Tokyo: none; without the licence filter, three', async () => {
    const reply = await search('city=tokyo&licensed=true');
    expect(reply).toEqual({ data: [], total: 0, page: 1, limit: 12, withoutFilter: { licensed: 3 } });
  });

  it('counts each active filter on its own: the one that emptied the list, and the ones that did not', async () => {
    const reply = await search('city=tokyo&language=zh&travelers=3&minPrice=100&maxPrice=250&licensed=true');
    // Each count drops only its own filter: the licence and the price band together emptied it.
    expect(reply.total).toBe(0);
    expect(reply.withoutFilter).toEqual({ language: 0, travelers: 0, price: 0, licensed: 0 });
    expect((await search('city=tokyo&language=zh&minPrice=100&maxPrice=250')).withoutFilter).toEqual({
      language: 1,
      price: 2,
    });
  });

  it('a search that finds someone, or has no filter, carries no withoutFilter', async () => {
    const found = await search('city=tokyo&language=zh');
    expect(found.total).toBe(2);
    expect(found).not.toHaveProperty('withoutFilter');
    const nobodyThere = await search('city=nara');
    expect(nobodyThere).toEqual({ data: [], total: 0, page: 1, limit: 12 });
  });

  it('is documented in OpenAPI on the search’s reply', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const reply = doc.paths['/api/v2/guides'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(reply.properties)).toEqual(['data', 'total', 'page', 'limit', 'withoutFilter']);
    expect(reply.required).not.toContain('withoutFilter');
    expect(Object.keys(reply.properties.withoutFilter.properties)).toEqual([
      'date',
      'travelers',
      'language',
      'services',
      'price',
      'licensed',
      'instantBook',
    ]);
  });
});
