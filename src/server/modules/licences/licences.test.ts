import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { protectedTitlesIn } from '../../../shared/protected-titles';
import { adminAuditLog, users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { multipartBody, type Part } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { call, cid, guide as makeGuide, openChat, traveler as makeTraveler, type Who } from '../messaging/test-helpers';

/** Licensed guides and lawful transport (decision 092), through the API. */
let t: TestApp;
let admin: Person;
let PNG: Buffer;
type Guide = Awaited<ReturnType<typeof makeGuide>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  PNG = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
});
afterAll(() => t?.close());

/** A listed guide in Kyoto (identity verified too, so it is listed whatever else listing asks). */
async function kyotoGuide(name: string): Promise<Guide> {
  const g = await makeGuide(t, name);
  await t.database.db.update(users).set({ identityVerified: true }).where(eq(users.id, g.id));
  await call(t, g, 'PUT', '/api/v2/guides/me/profile', profile('Kyoto walks.'));
  return g;
}

const profile = (bio: string, lang: 'en' | 'ja' | 'zh' = 'en') => ({
  serviceCity: 'kyoto',
  experienceYears: 5,
  responseTime: 'within_hours',
  originalLanguage: lang,
  texts: { [lang]: { bio } },
});

function submit(who: Who, type: 'licence' | 'insurance', fields: Record<string, string>, file: Buffer | null = PNG) {
  const parts: Part[] = Object.entries(fields).map(([field, value]) => ({ field, value }));
  if (file) parts.push({ field: 'file', data: file, name: 'card.png', type: 'image/png' });
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/guide/credentials/${type}`,
    payload,
    remoteAddress: nextAddress(),
    headers: { ...auth(who.token), ...headers },
  });
}

const NATIONAL = { licenceKind: 'national', registrationNumber: '第12345号', prefecture: 'kyoto', languages: 'en, zh' };
const INSURANCE = { insurer: 'Tokio Marine', validUntil: addDays(todayInZone('Asia/Tokyo'), 200) };
const adminPost = (id: number, action: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/credentials/${id}/${action}`,
    headers: auth(admin.token),
    ...(payload ? { payload } : {}),
  });

async function licensed(name: string, fields: Record<string, string> = NATIONAL): Promise<Guide> {
  const g = await kyotoGuide(name);
  const res = await submit(g, 'licence', fields);
  expect(res.statusCode, res.body).toBe(200);
  expect((await adminPost(res.json().licence.id, 'verify')).statusCode).toBe(200);
  return g;
}

const searchKyoto = async (extra = '') =>
  (await t.app.inject({ url: `/api/v2/guides?city=kyoto&limit=50${extra}` })).json();

describe('protected titles', () => {
  it('finds the titles and their look-alikes whatever the spacing or width, and lets each licence use its own', () => {
    expect(protectedTitlesIn(['私は全国通訳案内士です'], null)).toEqual(['全国通訳案内士']);
    expect(protectedTitlesIn(['通訳 ガイド歴10年'], null)).toEqual(['通訳ガイド']);
    expect(protectedTitlesIn(['我是持证导游', 'A ｃｅｒｔｉｆｉｅｄ  Guide'], null)).toEqual([
      '持证导游',
      'certified guide',
    ]);
    expect(protectedTitlesIn(['Licensed Guide-Interpreter since 2015'], null)).toEqual(['licensed guide interpreter']);
    expect(protectedTitlesIn(['全国通訳案内士'], 'national')).toEqual([]);
    expect(protectedTitlesIn(['全国通訳案内士'], 'regional')).toEqual(['全国通訳案内士']);
    expect(protectedTitlesIn(['地域通訳案内士（京都市）'], 'regional')).toEqual([]);
    expect(protectedTitlesIn(['I love guiding in Kyoto and interpreting menus'], null)).toEqual([]);
  });

  it('refuses a protected title in an unlicensed bio (the words and the reason in the guide’s language) and accepts it once the licence is verified', async () => {
    const g = await kyotoGuide('Aoi Unlicensed');
    const refused = await call(
      t,
      g,
      'PUT',
      '/api/v2/guides/me/profile',
      profile('Your certified guide in Kyoto: 通訳ガイド歴10年'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'protected_title',
      fields: [{ path: 'texts.en.bio', message: '通訳ガイド, certified guide' }],
    });
    expect(refused.json().message).toContain('"通訳ガイド", "certified guide"');
    expect(refused.json().message).toContain('Licensed Guide Interpreter Act');
    // In Chinese for a guide who reads Chinese; a Chinese look-alike counts too.
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, g.id));
    const zh = await call(t, g, 'PUT', '/api/v2/guides/me/profile', profile('我是京都的持证导游', 'zh'));
    expect(zh.json().code).toBe('protected_title');
    expect(zh.json().message).toContain('“持证导游”');
    expect(zh.json().message).toContain('通訳案内士法');
    // Itineraries are listing texts too.
    const itinerary = await call(t, g, 'POST', '/api/v2/guides/me/itineraries', {
      durationHours: 3,
      originalLanguage: 'en',
      stops: [{ time: '09:00' }],
      texts: {
        en: { title: 'Gion with a licensed guide', summary: '', stops: [{ title: 'Yasaka Shrine', description: '' }] },
      },
    });
    expect(itinerary.statusCode, itinerary.body).toBe(400);
    expect(itinerary.json().fields).toEqual([{ path: 'texts.en.title', message: 'licensed guide' }]);

    // Licensed: the same bio is saved.
    const res = await submit(g, 'licence', NATIONAL);
    await adminPost(res.json().licence.id, 'verify');
    const saved = await call(
      t,
      g,
      'PUT',
      '/api/v2/guides/me/profile',
      profile('Your certified guide in Kyoto: 全国通訳案内士, 通訳ガイド歴10年'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // A regional title is not theirs.
    const regional = await call(t, g, 'PUT', '/api/v2/guides/me/profile', profile('地域通訳案内士 as well'));
    expect(regional.json()).toMatchObject({ code: 'protected_title', fields: [{ message: '地域通訳案内士' }] });
  });
});

describe('licence review', () => {
  it('checks the upload and the fields, keeps the card private, and audits the admin’s verify and reject', async () => {
    const g = await kyotoGuide('Ren Review');
    const stranger = await kyotoGuide('Other Guide');
    expect((await submit(g, 'licence', { ...NATIONAL, licenceKind: 'regional' })).json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.region' }],
    });
    expect((await submit(g, 'licence', { ...NATIONAL, prefecture: 'atlantis' })).json().code).toBe('validation_failed');
    const notImage = await submit(g, 'licence', NATIONAL, Buffer.from('hello, not a photo'));
    expect(notImage.json().code).toBe('invalid_file_type');
    expect((await submit(g, 'licence', NATIONAL, null)).json().code).toBe('validation_failed');
    const traveler = await makeTraveler(t);
    expect((await submit(traveler, 'licence', NATIONAL)).statusCode).toBe(403);

    const res = await submit(g, 'licence', { ...NATIONAL, licenceKind: 'regional', region: '京都市' });
    expect(res.statusCode, res.body).toBe(200);
    const licence = res.json().licence;
    expect(licence).toMatchObject({
      status: 'submitted',
      licenceKind: 'regional',
      region: '京都市',
      prefecture: 'kyoto',
      languages: ['en', 'zh'],
      file: { contentType: 'image/webp' },
    });
    expect((await call(t, g, 'GET', licence.file.fileUrl)).headers['content-type']).toBe('image/webp');
    expect((await call(t, stranger, 'GET', '/api/v2/guide/credentials/licence/file')).statusCode).toBe(404);
    expect((await call(t, g, 'GET', `/api/admin/credentials/${licence.id}`)).statusCode).toBe(404);

    const list = (await call(t, admin, 'GET', '/api/admin/credentials?status=submitted')).json();
    expect(list.data.map((c: { id: number }) => c.id)).toContain(licence.id);
    expect(
      (await t.app.inject({ url: `/api/admin/credentials/${licence.id}/file`, headers: auth(admin.token) })).statusCode,
    ).toBe(200);

    expect((await adminPost(licence.id, 'reject', { reason: '' })).statusCode).toBe(400);
    const rejected = await adminPost(licence.id, 'reject', { reason: 'The number is not in the Kyoto registry' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reviewNote: 'The number is not in the Kyoto registry',
      username: expect.any(String),
    });
    expect((await adminPost(licence.id, 'verify')).json().code).toBe('invalid_transition');
    expect((await call(t, g, 'GET', '/api/v2/guide/credentials')).json().licence).toMatchObject({
      status: 'rejected',
      reviewNote: 'The number is not in the Kyoto registry',
    });

    const again = (await submit(g, 'licence', { ...NATIONAL, licenceKind: 'regional', region: '京都市' })).json()
      .licence;
    expect(again).toMatchObject({ id: licence.id, status: 'submitted', reviewNote: null });
    expect((await adminPost(again.id, 'verify')).json()).toMatchObject({ status: 'verified' });

    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityType, 'guide_credential'), eq(adminAuditLog.entityId, licence.id)));
    expect(audit.map((a) => [a.action, a.adminUserId, a.note])).toEqual([
      ['guide_credential.reject', admin.id, 'The number is not in the Kyoto registry'],
      ['guide_credential.verify', admin.id, null],
    ]);
    expect(audit[1]!.after).toMatchObject({
      status: 'verified',
      licenceKind: 'regional',
      registrationNumber: '第12345号',
      prefecture: 'kyoto',
    });
  });

  it('a verified licence shows on the card and the profile, and the licensed-only filter finds exactly those guides', async () => {
    const plain = await kyotoGuide('Plain Guide');
    const g = await licensed('Kei Licensed');
    const regional = await licensed('Mio Regional', { ...NATIONAL, licenceKind: 'regional', region: '京都市' });

    const all = await searchKyoto();
    const card = (id: number) => all.data.find((c: { id: number }) => c.id === id);
    expect(card(g.guideId).licence).toEqual({ kind: 'national', region: null });
    expect(card(regional.guideId).licence).toEqual({ kind: 'regional', region: '京都市' });
    expect(card(plain.guideId).licence).toBeNull();

    const only = await searchKyoto('&licensed=true');
    const ids = only.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([g.guideId, regional.guideId]));
    expect(ids).not.toContain(plain.guideId);
    expect(only.data.every((c: { licence: unknown }) => c.licence !== null)).toBe(true);
    expect(only.total).toBe(only.data.length);

    const detail = (await t.app.inject({ url: `/api/v2/guides/${g.guideId}` })).json();
    expect(detail.licence).toEqual({ kind: 'national', region: null });
    expect(detail.licenceDetails).toEqual({
      kind: 'national',
      region: null,
      registrationNumber: '第12345号',
      prefecture: 'kyoto',
      languages: ['en', 'zh'],
    });
    expect((await t.app.inject({ url: `/api/v2/guides/${plain.guideId}` })).json().licenceDetails).toBeNull();

    // A new submission is reviewed again: the badge and the filter drop the guide at once.
    await submit(g, 'licence', { ...NATIONAL, registrationNumber: '第99999号' });
    expect((await searchKyoto('&licensed=true')).data.map((c: { id: number }) => c.id)).not.toContain(g.guideId);
    expect((await t.app.inject({ url: `/api/v2/guides/${g.guideId}` })).json().licence).toBeNull();
  });
});

describe('the guide drives', () => {
  it('only with a verified licence and verified insurance: on the profile and in an offer', async () => {
    const g = await kyotoGuide('Daichi Driver');
    const drives = (value: boolean) =>
      call(t, g, 'PUT', '/api/v2/guide/credentials/guide-drives', { guideDrives: value });
    expect((await drives(true)).json()).toMatchObject({ code: 'licence_required' });

    const traveler = await makeTraveler(t, 'Li Drive');
    const chat = await openChat(t, traveler, g.guideId);
    const offer = (guideDrives: boolean, note = 'I can pick you up') =>
      call(t, g, 'POST', `/api/v2/conversations/${chat}/offers`, {
        clientMessageId: cid(),
        date: addDays(todayInZone('Asia/Tokyo'), 20),
        startTime: '10:00',
        durationHours: 3,
        travelers: 2,
        priceCents: 80_000,
        meetingAddress: 'Kyoto Station',
        meetingPostalCode: '600-8216',
        itinerary: 'Arashiyama and Kinkaku-ji',
        note,
        guideDrives,
      });
    expect((await offer(true)).json().code).toBe('licence_required');

    // Licence alone is not enough.
    await adminPost((await submit(g, 'licence', NATIONAL)).json().licence.id, 'verify');
    expect((await drives(true)).json().code).toBe('licence_required');
    expect((await offer(true)).json().code).toBe('licence_required');
    // Expired insurance is not enough either.
    const old = (await submit(g, 'insurance', { insurer: 'Old Mutual', validUntil: '2020-01-31' })).json().insurance;
    await adminPost(old.id, 'verify');
    expect((await drives(true)).json().code).toBe('licence_required');

    const ins = (await submit(g, 'insurance', INSURANCE)).json().insurance;
    expect(ins).toMatchObject({ status: 'submitted', insurer: 'Tokio Marine' });
    expect((await drives(true)).json().code).toBe('licence_required');
    await adminPost(ins.id, 'verify');
    const ok = await drives(true);
    expect(ok.json()).toMatchObject({ mayDrive: true, guideDrives: true });
    expect((await t.app.inject({ url: `/api/v2/guides/${g.guideId}` })).json().guideDrives).toBe(true);
    const made = await offer(true);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ guideDrives: true });
    // An offer's texts are listing texts as well (a national licence does not cover the regional title).
    expect((await offer(false, '地域通訳案内士がご案内します')).json().code).toBe('protected_title');
  });
});

describe('OpenAPI', () => {
  it('documents the guide and admin routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/guide/credentials',
        '/api/v2/guide/credentials/{type}',
        '/api/v2/guide/credentials/{type}/file',
        '/api/v2/guide/credentials/guide-drives',
        '/api/admin/credentials',
        '/api/admin/credentials/{id}',
        '/api/admin/credentials/{id}/file',
        '/api/admin/credentials/{id}/verify',
        '/api/admin/credentials/{id}/reject',
      ]),
    );
  });
});
