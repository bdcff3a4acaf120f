import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTextLanguage } from '../../../shared/guide-texts';
import { guideDetailSchema, guideListReplySchema, itinerarySchema } from '../../../shared/schemas/guides';
import { profileReplySchema } from '../../../shared/schemas/guide-business';
import { guideItineraries, guides, users } from '../../db/schema/index';
import { addItinerary, auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson, person, type Person } from '../bookings/test-helpers';

let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let other: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { city: 'nara', priceRmb: 320, name: 'Kana Profile' });
  other = await guidePerson(t, { city: 'nara', priceRmb: 330 });
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (
  method: Method,
  url: string,
  who?: { token: string } | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? auth(who.token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const JA_BIO = '奈良で生まれ育ち、ガイド歴は十年です。東大寺と奈良公園を案内します。';
const profile = (over: Record<string, unknown> = {}) => ({
  nickname: 'Kana',
  gender: 'female',
  age: 31,
  city: 'Nara',
  mbti: 'infj',
  backgroundImage: 'https://example.com/bg.jpg',
  serviceCity: 'nara',
  residenceZipCode: '630-8211',
  experienceYears: 10,
  responseTime: 'within_hours',
  originalLanguage: 'ja',
  texts: {
    ja: { bio: JA_BIO, ethicsDescription: '約束は必ず守ります。' },
    en: { ethicsDescription: 'I keep every promise.' },
  },
  ...over,
});

const searchNara = (lang: string) =>
  call('GET', '/api/v2/guides?city=nara&limit=50', null, undefined, { 'accept-language': lang });

describe('text languages', () => {
  // The reader's language of a request is read by one reader, tested in lib/request-language.test.ts (decision 187).
  it('detects the script of a text', () => {
    expect(detectTextLanguage('東京で育ちました。よろしく')).toBe('ja');
    expect(detectTextLanguage('我在东京生活了十年')).toBe('zh');
    expect(detectTextLanguage('I live in Tokyo')).toBe('en');
  });

  it('backfills rows written without texts in the language their script shows', async () => {
    const db = t.database.db;
    await db.update(guides).set({ bio: '我在奈良生活了十年。' }).where(eq(guides.id, other.guideId));
    const [row] = await db
      .select({
        language: sql<string>`guide_text_language(${guides.bio})`,
        ja: sql<string>`guide_text_language('京都のお寺を案内します')`,
        en: sql<string>`guide_text_language('Hello')`,
      })
      .from(guides)
      .where(eq(guides.id, other.guideId));
    expect(row).toEqual({ language: 'zh', ja: 'ja', en: 'en' });
    // An insert without texts gets its columns as the one version (the insert trigger).
    const it = await addItinerary(db, other.guideId);
    const [stored] = await db
      .select({ texts: guideItineraries.texts, original: guideItineraries.originalLanguage })
      .from(guideItineraries)
      .where(eq(guideItineraries.id, it.id));
    expect(stored).toEqual({
      original: 'en',
      texts: {
        en: {
          title: 'Old Tokyo walk',
          summary: 'Asakusa and Yanaka',
          stops: [{ title: 'Senso-ji', description: 'Temple' }],
        },
      },
    });
  });
});

describe('profile', () => {
  it('reads and replaces the profile; search, cards and profile show it at once in the reader language or the original named', async () => {
    const before = await call('GET', '/api/v2/guides/me/profile', guide);
    expect(before.statusCode).toBe(200);
    expect(profileReplySchema.parse(before.json())).toMatchObject({
      guideId: guide.guideId,
      originalLanguage: 'en',
      texts: { en: { bio: 'Test guide' } },
    });
    // Warm the card cache in every language first: the write must still show at once.
    for (const l of ['en', 'zh-CN', 'ja']) expect((await searchNara(l)).statusCode).toBe(200);

    const put = await call('PUT', '/api/v2/guides/me/profile', guide, profile());
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      residenceZipCode: '630-8211',
      mbti: 'INFJ',
      experienceYears: 10,
      originalLanguage: 'ja',
      responseTime: 'within_hours',
    });

    // A Chinese reader: no Chinese bio, so the Japanese original, named.
    const zh = guideListReplySchema.parse((await searchNara('zh-CN')).json());
    expect(zh.data.find((g) => g.id === guide.guideId)).toMatchObject({ bio: JA_BIO, bioLanguage: 'ja' });
    const ja = guideListReplySchema.parse((await searchNara('ja')).json());
    expect(ja.data.find((g) => g.id === guide.guideId)).toMatchObject({ bio: JA_BIO, bioLanguage: 'ja' });

    // Adding a Chinese bio: Chinese readers see it at once; English readers still see the original.
    const zhBio = '我在奈良长大，做导游十年。';
    expect(
      (
        await call(
          'PUT',
          '/api/v2/guides/me/profile',
          guide,
          profile({ texts: { ja: { bio: JA_BIO }, zh: { bio: zhBio } } }),
        )
      ).statusCode,
    ).toBe(200);
    const zh2 = guideListReplySchema.parse((await searchNara('zh-CN')).json());
    expect(zh2.data.find((g) => g.id === guide.guideId)).toMatchObject({ bio: zhBio, bioLanguage: 'zh' });
    const en2 = guideListReplySchema.parse(
      (await call('GET', '/api/v2/guides?city=nara&limit=50&lang=en', null)).json(),
    );
    expect(en2.data.find((g) => g.id === guide.guideId)).toMatchObject({ bio: JA_BIO, bioLanguage: 'ja' });

    // The profile: descriptions per field, with their language.
    await call('PUT', '/api/v2/guides/me/profile', guide, profile());
    const detailEn = guideDetailSchema.parse(
      (await call('GET', `/api/v2/guides/${guide.guideId}`, null, undefined, { 'accept-language': 'en' })).json(),
    );
    expect(detailEn).toMatchObject({
      bio: JA_BIO,
      bioLanguage: 'ja',
      ethicsDescription: 'I keep every promise.',
      ethicsDescriptionLanguage: 'en',
      originalLanguage: 'ja',
      age: 31,
      sex: 'female',
      mbti: 'INFJ',
    });
    const detailZh = guideDetailSchema.parse(
      (await call('GET', `/api/v2/guides/${guide.guideId}?lang=zh-CN`, null)).json(),
    );
    expect(detailZh).toMatchObject({ ethicsDescription: '約束は必ず守ります。', ethicsDescriptionLanguage: 'ja' });

    // The user's own fields were written too.
    const [u] = await t.database.db
      .select({ nickname: users.nickname, city: users.city, backgroundImage: users.backgroundImage })
      .from(users)
      .where(eq(users.id, guide.id));
    expect(u).toEqual({ nickname: 'Kana', city: 'Nara', backgroundImage: 'https://example.com/bg.jpg' });
  });

  it('edits the name travelers read (the account name), keeps it when the body names none, and refuses a blank one', async () => {
    const renamed = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ fullName: '中村 結衣' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().fullName).toBe('中村 結衣');
    expect((await call('GET', `/api/v2/guides/${guide.guideId}`, null)).json().user.fullName).toBe('中村 結衣');
    // An older client that sends no name leaves it as it is.
    expect((await call('PUT', '/api/v2/guides/me/profile', guide, profile())).json().fullName).toBe('中村 結衣');
    const blank = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ fullName: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.fullName' }] });
  });

  it('refuses bad postal codes, a missing original bio and bad fields with stable codes', async () => {
    const length = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ residenceZipCode: '12345' }));
    expect(length.statusCode).toBe(400);
    expect(length.json()).toMatchObject({
      code: 'invalid_postal_code',
      message: 'Please enter a valid 7-digit postal code.',
      fields: [{ path: 'residenceZipCode', message: 'length' }],
    });
    const letters = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ residenceZipCode: 'abc-defg' }));
    expect(letters.json()).toMatchObject({
      code: 'invalid_postal_code',
      message: 'Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).',
    });
    const noBio = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ originalLanguage: 'zh' }));
    expect(noBio.statusCode).toBe(400);
    expect(noBio.json()).toMatchObject({ code: 'text_required', fields: [{ path: 'texts.zh.bio' }] });
    const blank = await call('PUT', '/api/v2/guides/me/profile', guide, profile({ texts: { ja: { bio: '   ' } } }));
    expect(blank.json().code).toBe('text_required');
    for (const bad of [
      { age: 17 },
      { mbti: 'ABCD' },
      { serviceCity: 'paris' },
      { backgroundImage: 'javascript:alert(1)' },
      { texts: { fr: { bio: 'x' } } },
      { experienceYears: -1 },
    ]) {
      const res = await call('PUT', '/api/v2/guides/me/profile', guide, profile(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    // Postal codes are stored formatted.
    expect(
      (await call('PUT', '/api/v2/guides/me/profile', guide, profile({ residenceZipCode: '６３０８２１１' }))).json()
        .residenceZipCode,
    ).toBe('630-8211');
  });

  it('is for guides only', async () => {
    expect((await call('GET', '/api/v2/guides/me/profile', traveler)).json().code).toBe('not_a_guide');
    expect((await call('PUT', '/api/v2/guides/me/profile', traveler, profile())).statusCode).toBe(403);
    expect((await call('GET', '/api/v2/guides/me/profile', null)).statusCode).toBe(401);
  });
});

describe('itineraries', () => {
  const itinerary = (over: Record<string, unknown> = {}) => ({
    durationHours: 4,
    originalLanguage: 'ja',
    stops: [{ time: '09:30' }, { time: '12:00' }],
    texts: {
      ja: {
        title: '奈良公園さんぽ',
        summary: '鹿と大仏に会いに行きます。',
        stops: [
          { title: '東大寺', description: '大仏殿へ' },
          { title: 'ならまち', description: 'お昼ごはん' },
        ],
      },
      en: {
        title: 'A walk in Nara Park',
        summary: 'Deer and the Great Buddha.',
        stops: [
          { title: 'Todai-ji', description: 'The Great Buddha Hall' },
          { title: 'Naramachi', description: 'Lunch' },
        ],
      },
      zh: { title: '', summary: '', stops: [] },
    },
    ...over,
  });

  it('creates, reads in the reader language or the original named, updates and deletes', async () => {
    const created = await call('POST', '/api/v2/guides/me/itineraries', guide, itinerary());
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(Object.keys(created.json().texts).sort()).toEqual(['en', 'ja']);

    const en = itinerarySchema.parse(
      (await call('GET', `/api/v2/itineraries/${id}`, null, undefined, { 'accept-language': 'en-US' })).json(),
    );
    expect(en).toMatchObject({
      title: 'A walk in Nara Park',
      language: 'en',
      stops: [
        { time: '09:30', title: 'Todai-ji' },
        { time: '12:00', title: 'Naramachi' },
      ],
    });
    const zh = itinerarySchema.parse(
      (await call('GET', `/api/v2/itineraries/${id}`, null, undefined, { 'accept-language': 'zh-CN' })).json(),
    );
    expect(zh).toMatchObject({
      title: '奈良公園さんぽ',
      language: 'ja',
      stops: [{ title: '東大寺', description: '大仏殿へ' }, { title: 'ならまち' }],
    });
    const detail = guideDetailSchema.parse(
      (await call('GET', `/api/v2/guides/${guide.guideId}?lang=zh-CN`, null)).json(),
    );
    expect(detail.itineraries.find((i) => i.id === id)).toMatchObject({ title: '奈良公園さんぽ', language: 'ja' });

    const zhText = {
      title: '奈良公园漫步',
      summary: '去看小鹿和大佛。',
      stops: [
        { title: '东大寺', description: '大佛殿' },
        { title: '奈良町', description: '午餐' },
      ],
    };
    const updated = await call(
      'PUT',
      `/api/v2/guides/me/itineraries/${id}`,
      guide,
      itinerary({ texts: { ...itinerary().texts, zh: zhText } }),
    );
    expect(updated.statusCode).toBe(200);
    const zh2 = itinerarySchema.parse((await call('GET', `/api/v2/itineraries/${id}?lang=zh`, null)).json());
    expect(zh2).toMatchObject({ title: '奈良公园漫步', language: 'zh' });

    const list = await call('GET', '/api/v2/guides/me/itineraries', guide);
    expect(list.json().data.map((i: { id: number }) => i.id)).toContain(id);

    expect((await call('DELETE', `/api/v2/guides/me/itineraries/${id}`, guide)).statusCode).toBe(204);
    expect((await call('GET', `/api/v2/itineraries/${id}`, null)).statusCode).toBe(404);
  });

  it("another guide's or a traveler's look at an itinerary is 404", async () => {
    const id = (await call('POST', '/api/v2/guides/me/itineraries', guide, itinerary())).json().id as number;
    for (const who of [other, traveler]) {
      expect((await call('PUT', `/api/v2/guides/me/itineraries/${id}`, who, itinerary())).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v2/guides/me/itineraries/${id}`, who)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `/api/v2/guides/me/itineraries/${id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/v2/itineraries/${id}`, null)).statusCode).toBe(200);
  });

  it('refuses a missing original, stops that differ between languages and bad times', async () => {
    const noOriginal = await call(
      'POST',
      '/api/v2/guides/me/itineraries',
      guide,
      itinerary({ originalLanguage: 'zh' }),
    );
    expect(noOriginal.json()).toMatchObject({ code: 'text_required', fields: [{ path: 'texts.zh.title' }] });
    const mismatch = await call(
      'POST',
      '/api/v2/guides/me/itineraries',
      guide,
      itinerary({ stops: [{ time: '09:30' }] }),
    );
    expect(mismatch.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'texts.en.stops' }] });
    const badTime = await call(
      'POST',
      '/api/v2/guides/me/itineraries',
      guide,
      itinerary({ stops: [{ time: '25:00' }, { time: '12:00' }] }),
    );
    expect(badTime.json().code).toBe('validation_failed');
    expect((await call('POST', '/api/v2/guides/me/itineraries', traveler, itinerary())).json().code).toBe(
      'not_a_guide',
    );
  });

  it('declares its shop stops, read by everyone with the itinerary; none is an empty list (decision 135)', async () => {
    const stops = [{ name: '奈良 中川政七商店', minutes: 20, paidByShop: false }];
    const created = await call('POST', '/api/v2/guides/me/itineraries', guide, itinerary({ shopStops: stops }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().shopStops).toEqual(stops);
    const id = created.json().id as number;
    expect(itinerarySchema.parse((await call('GET', `/api/v2/itineraries/${id}`, null)).json()).shopStops).toEqual(
      stops,
    );
    const none = await call('PUT', `/api/v2/guides/me/itineraries/${id}`, guide, itinerary());
    expect(none.json().shopStops).toEqual([]);
    const tooShort = await call(
      'POST',
      '/api/v2/guides/me/itineraries',
      guide,
      itinerary({ shopStops: [{ name: 'Shop', minutes: 1, paidByShop: true }] }),
    );
    expect(tooShort.json().code).toBe('validation_failed');
    const title = await call(
      'POST',
      '/api/v2/guides/me/itineraries',
      guide,
      itinerary({ shopStops: [{ name: '全国通訳案内士の店', minutes: 20, paidByShop: true }] }),
    );
    expect(title.json()).toMatchObject({ code: 'protected_title', fields: [{ path: 'shopStops.0.name' }] });
  });
});
