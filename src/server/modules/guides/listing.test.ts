import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingStatusSchema } from '../../../shared/schemas/guides';
import { adminApplicationSchema, type ApplicationData } from '../../../shared/schemas/guide-applications';
import { serviceSubcategories, users } from '../../db/schema/index';
import { consentToSensitiveData, nextAddress } from '../../test/accounts';
import { addException, auth, makeGuide, tokenFor } from '../../test/guide-fixtures';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, person, type Person } from '../bookings/test-helpers';
import { complete } from '../guide-applications/test-helpers';

/**
 * Verified before listed (decision 091): a guide is in search, on the landing page and in
 * the sitemap only with an approved application, a verified identity and an open day in the next
 * 60 days; the guide's checklist and the admin's application say what is missing.
 */
let t: TestApp;
let admin: Person;
let PNG: Buffer;
let subcategoryId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', env: { APP_URL: 'https://tabi.example' } });
  admin = await person(t, { admin: true });
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const [sub] = await t.database.db.select({ id: serviceSubcategories.id }).from(serviceSubcategories).limit(1);
  subcategoryId = sub!.id;
});
afterAll(() => t.close());

/** Where a visitor meets guides: the city's search, the landing page's featured guides, the sitemap. */
async function publicly(guideId: number, city = 'tokyo') {
  const search = (await t.app.inject({ url: `/api/v2/guides?city=${city}&limit=50` })).json();
  const landing = (await t.app.inject({ url: '/api/v2/guides?sort=newest&limit=8' })).json();
  const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
  return {
    search: search.data.some((g: { id: number }) => g.id === guideId),
    landing: landing.data.some((g: { id: number }) => g.id === guideId),
    sitemap: sitemap.includes(`https://tabi.example/guides/${guideId}</loc>`),
  };
}
const everywhere = { search: true, landing: true, sitemap: true };
const nowhere = { search: false, landing: false, sitemap: false };

async function listingStatus(p: Person) {
  const res = await t.app.inject({ url: '/api/v2/guide/listing-status', headers: auth(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  return listingStatusSchema.parse(res.json());
}

const setHours = (p: Person, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v2/guides/me/availability',
    headers: auth(p.token),
    payload: body,
    remoteAddress: nextAddress(),
  });

describe('the listing rule', () => {
  it('an approved guide without a verified identity is not listed; with it, they are', async () => {
    const g = await makeGuide(t.database.db, { identityVerified: false });
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(nowhere);
    const profile = await t.app.inject({ url: `/api/v2/guides/${g.guide.id}` });
    expect(profile.statusCode).toBe(200); // reachable by its link (a booking, a chat), but unlisted
    expect(profile.json().listed).toBe(false);

    await t.database.db.update(users).set({ identityVerified: true }).where(eq(users.id, g.user.id));
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(everywhere);
    expect((await t.app.inject({ url: `/api/v2/guides/${g.guide.id}` })).json().listed).toBe(true);

    // Taken back (the users row notifies the index like any other change).
    await t.database.db.update(users).set({ identityVerified: false }).where(eq(users.id, g.user.id));
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(nowhere);
  });

  it('an approved, verified guide without open times is not listed; hours or one extra day list them', async () => {
    const g = await makeGuide(t.database.db, { weekdays: [] });
    const p = { id: g.user.id, token: await tokenFor(t.database.db, g.user.id) };
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(nowhere);
    expect(await listingStatus(p)).toEqual({
      listed: false,
      applicationApproved: true,
      identityVerified: true,
      openTimes: false,
      guideStatus: 'active',
      missing: ['open_times'],
    });

    // One extra day within 60 days is enough; a day beyond the window is not.
    await addException(t.database.db, g.guide.id, daysAhead(61), true);
    await t.app.guideSearch.sync();
    expect((await publicly(g.guide.id)).search).toBe(false);
    await addException(t.database.db, g.guide.id, daysAhead(10), true);
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(everywhere);
    expect((await listingStatus(p)).missing).toEqual([]);
  });

  it('weekly hours set through the dashboard list the guide, cleared they unlist them; every day off unlists them too', async () => {
    const g = await makeGuide(t.database.db, { weekdays: [] });
    const p = { id: g.user.id, token: await tokenFor(t.database.db, g.user.id) };
    const weekly = [{ weekday: 3, startMinute: 540, endMinute: 1020 }];
    expect((await setHours(p, { weekly, exceptions: [] })).statusCode).toBe(200);
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(everywhere);
    expect(await listingStatus(p)).toMatchObject({ listed: true, openTimes: true, missing: [] });

    // Every Wednesday of the next 60 days off: no bookable time left.
    const wednesdays = Array.from({ length: 61 }, (_, i) => daysAhead(i)).filter(
      (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 3,
    );
    const offs = wednesdays.map((date) => ({ date, available: false }));
    expect((await setHours(p, { weekly, exceptions: offs })).statusCode).toBe(200);
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(nowhere);
    expect(await listingStatus(p)).toMatchObject({ listed: false, openTimes: false, missing: ['open_times'] });

    expect((await setHours(p, { weekly, exceptions: [] })).statusCode).toBe(200);
    await t.app.guideSearch.sync();
    expect((await publicly(g.guide.id)).search).toBe(true);
    expect((await setHours(p, { weekly: [], exceptions: [] })).statusCode).toBe(200);
    await t.app.guideSearch.sync();
    expect(await publicly(g.guide.id)).toEqual(nowhere);
  });

  it('the listing status needs a session; a user without a listing lacks the application too', async () => {
    expect((await t.app.inject({ url: '/api/v2/guide/listing-status' })).statusCode).toBe(401);
    const p = await person(t);
    expect(await listingStatus(p)).toEqual({
      listed: false,
      applicationApproved: false,
      identityVerified: false,
      openTimes: false,
      guideStatus: null,
      missing: ['application', 'identity', 'open_times'],
    });
  });

  it('a paused listing is not listed whatever else holds, and price bounds count listed guides only', async () => {
    await makeGuide(t.database.db, { priceRmb: 1, identityVerified: false }); // unverified: not counted
    const paused = await makeGuide(t.database.db, { priceRmb: 99_999, status: 'paused' });
    await t.app.guideSearch.sync();
    const bounds = (await t.app.inject({ url: '/api/v2/guides/price-bounds' })).json();
    expect(bounds.lowest).toBeGreaterThan(1);
    expect(bounds.highest).toBeLessThan(99_999);
    const p = { id: paused.user.id, token: await tokenFor(t.database.db, paused.user.id) };
    expect(await listingStatus(p)).toMatchObject({ listed: false, guideStatus: 'paused', missing: [] });
  });
});

describe('from application to listing', () => {
  // A whole application of a guide in Fukuoka (the search below looks there).
  const application = (): ApplicationData => ({ ...complete(), name: 'Mori Aoi', serviceCities: ['fukuoka'] });

  async function applied(p: Person): Promise<number> {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/guide-applications/draft',
      headers: auth(p.token),
      payload: { data: { ...application(), subcategoryIds: [subcategoryId] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const doc = multipartBody([
      { field: 'description', value: 'Licence' },
      { field: 'file', data: PNG, name: 'licence.png', type: 'image/png' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/documents',
      payload: doc.payload,
      headers: { ...auth(p.token), ...doc.headers },
      remoteAddress: nextAddress(),
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/submit',
      headers: auth(p.token),
      payload: { declaration: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  }

  async function verifiedIdentity(p: Person) {
    await consentToSensitiveData(t, p);
    const files = multipartBody([
      { field: 'documentKind', value: 'passport' },
      { field: 'document', data: PNG, name: 'passport.png', type: 'image/png' },
      { field: 'selfie', data: PNG },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v2/identity-verification',
      payload: files.payload,
      headers: { ...auth(p.token), ...files.headers },
      remoteAddress: nextAddress(),
    });
    expect(up.statusCode, up.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v2/identity-verification/submit',
      headers: auth(p.token),
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/admin/identity/${sent.json().id}/approve`,
      headers: auth(admin.token),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }

  it('the admin sees what approval leaves missing; the guide is listed once identity and hours are there', async () => {
    const p = await person(t);
    const id = await applied(p);
    const detail = await t.app.inject({ url: `/api/admin/applications/${id}`, headers: auth(admin.token) });
    expect(detail.statusCode).toBe(200);
    expect(adminApplicationSchema.parse(detail.json()).listing).toMatchObject({
      identityVerified: false,
      openTimes: false,
      missing: ['application', 'identity', 'open_times'],
    });

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/approve`,
      headers: auth(admin.token),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const guideId = approved.json().guideId as number;
    expect(await publicly(guideId, 'fukuoka')).toEqual(nowhere);
    expect((await listingStatus(p)).missing).toEqual(['identity', 'open_times']);

    await verifiedIdentity(p);
    await t.app.guideSearch.sync();
    expect(await publicly(guideId, 'fukuoka')).toEqual(nowhere);
    expect((await listingStatus(p)).missing).toEqual(['open_times']);
    expect(
      (await t.app.inject({ url: `/api/admin/applications/${id}`, headers: auth(admin.token) })).json().listing.missing,
    ).toEqual(['open_times']);

    expect(
      (await setHours(p, { weekly: [{ weekday: 6, startMinute: 600, endMinute: 960 }], exceptions: [] })).statusCode,
    ).toBe(200);
    await t.app.guideSearch.sync();
    expect(await publicly(guideId, 'fukuoka')).toEqual(everywhere);
    expect(await listingStatus(p)).toMatchObject({ listed: true, missing: [] });
  });
});
