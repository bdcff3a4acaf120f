import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, makeGuide, makeUser, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const guideIds: number[] = [];
let pausedId = 0;
let ownGuide: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const db = t.database.db;
  for (let i = 0; i < 8; i++) guideIds.push((await makeGuide(db, { rating: 4 + i / 10 })).guide.id);
  pausedId = (await makeGuide(db, { status: 'paused' })).guide.id;
  const own = await makeGuide(db);
  ownGuide = { id: own.guide.id, token: await tokenFor(db, own.user.id) };
  const a = await makeUser(db);
  const b = await makeUser(db);
  alice = { id: a.id, token: await tokenFor(db, a.id) };
  bob = { id: b.id, token: await tokenFor(db, b.id) };
  await t.app.guideSearch.sync();
});
afterAll(() => t.close());

const url = (traveler: number, guide?: number) => `/api/travelers/${traveler}/saved-guides${guide ? `/${guide}` : ''}`;

describe('saved guides', () => {
  it('need login', async () => {
    expect((await t.app.inject({ url: url(alice.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(alice.id, guideIds[0]) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: url(alice.id, guideIds[0]) })).statusCode).toBe(401);
  });

  it('start empty with data, total, page and limit (6 per page)', async () => {
    const res = await t.app.inject({ url: url(alice.id), headers: auth(alice.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, page: 1, limit: 6 });
  });

  it('save with an empty POST, twice is harmless, and show as saved in search', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: url(alice.id, guideIds[0]), headers: auth(alice.token) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ guideId: guideIds[0], saved: true });
    }
    const list = (await t.app.inject({ url: url(alice.id), headers: auth(alice.token) })).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: guideIds[0], isSaved: true });
    const search = (await t.app.inject({ url: '/api/v2/guides?limit=50', headers: auth(alice.token) })).json();
    const saved = search.data.filter((g: { isSaved: boolean }) => g.isSaved).map((g: { id: number }) => g.id);
    expect(saved).toEqual([guideIds[0]]);
    const visitor = (await t.app.inject({ url: '/api/v2/guides?limit=50' })).json();
    expect(visitor.data.some((g: { isSaved: boolean }) => g.isSaved)).toBe(false);
  });

  it('paginate 6 per page, newest first', async () => {
    for (const id of guideIds.slice(1)) {
      expect(
        (await t.app.inject({ method: 'POST', url: url(alice.id, id), headers: auth(alice.token) })).statusCode,
      ).toBe(201);
    }
    const p1 = (await t.app.inject({ url: url(alice.id), headers: auth(alice.token) })).json();
    const p2 = (await t.app.inject({ url: `${url(alice.id)}?page=2`, headers: auth(alice.token) })).json();
    expect(p1.total).toBe(8);
    expect(p1.data).toHaveLength(6);
    expect(p2.data).toHaveLength(2);
    expect(p2.page).toBe(2);
    expect(p1.data[0].id).toBe(guideIds[7]);
    expect(p2.data.at(-1).id).toBe(guideIds[0]);
    const small = (await t.app.inject({ url: `${url(alice.id)}?page=2&limit=3`, headers: auth(alice.token) })).json();
    expect(small.data.map((g: { id: number }) => g.id)).toEqual([guideIds[4], guideIds[3], guideIds[2]]);
  });

  it("a traveler cannot read or change another traveler's list (404)", async () => {
    expect((await t.app.inject({ url: url(alice.id), headers: auth(bob.token) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: url(alice.id, guideIds[0]), headers: auth(bob.token) })).statusCode,
    ).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: url(alice.id, guideIds[0]), headers: auth(bob.token) });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe('not_found');
    expect((await t.app.inject({ url: url(alice.id), headers: auth(alice.token) })).json().total).toBe(8);
    expect((await t.app.inject({ url: url(bob.id), headers: auth(bob.token) })).json().total).toBe(0);
  });

  it('unsave with DELETE; removing one that is not saved is harmless', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: url(alice.id, guideIds[0]), headers: auth(alice.token) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ guideId: guideIds[0], saved: false });
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(alice.id, guideIds[0]), headers: auth(alice.token) }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: url(alice.id), headers: auth(alice.token) })).json().total).toBe(7);
  });

  it('cannot save unknown or unlisted guides, nor your own listing', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: url(alice.id, 999999), headers: auth(alice.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: url(alice.id, pausedId), headers: auth(alice.token) })).statusCode,
    ).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: url(await ownUserId(), ownGuide.id),
      headers: auth(ownGuide.token),
    });
    expect(own.statusCode).toBe(404);
  });

  it('malformed ids and paging are 400 with the field', async () => {
    const a = await t.app.inject({ url: url(alice.id).replace(String(alice.id), 'me'), headers: auth(alice.token) });
    expect(a.statusCode).toBe(400);
    expect(a.json().fields[0].path).toBe('params.id');
    const b = await t.app.inject({ method: 'POST', url: `${url(alice.id)}/x`, headers: auth(alice.token) });
    expect(b.statusCode).toBe(400);
    expect(b.json().fields[0].path).toBe('params.guideId');
    const c = await t.app.inject({ url: `${url(alice.id)}?page=-1`, headers: auth(alice.token) });
    expect(c.statusCode).toBe(400);
    expect(c.json().fields[0].path).toBe('querystring.page');
  });
});

async function ownUserId(): Promise<number> {
  const me = await t.app.inject({ url: '/api/guides/me', headers: auth(ownGuide.token) });
  return me.json().userId;
}
