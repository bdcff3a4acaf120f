import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDINARY_TEXTS, TITLE_DISGUISES } from '../../../shared/title-disguises.fixture';
import { guides } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide as makeGuide, traveler as makeTraveler, type Who } from '../messaging/test-helpers';

/**
 * Protected titles on every path a person's texts are published through, in every disguise, and
 * display texts without invisible or reordering code points (decision 099), through the API.
 */
let t: TestApp;
let traveler: Who;
let applicant: Who;
let guide: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  [traveler, applicant, guide] = [
    await makeTraveler(t, 'Mei Traveler'),
    await makeTraveler(t, 'Ren Applicant'),
    await makeGuide(t, 'Aoi Guide'),
  ];
});
afterAll(() => t?.close());

/** Each request from a new address: the per-address limits of these routes are not what is tested. */
const send = (who: Who | null, method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: who ? auth(who.token) : {} });

const me = (who: Who, body: object) => send(who, 'PATCH', '/api/me', body);
const draft = (data: object) => send(applicant, 'PUT', '/api/v2/guide-applications/draft', { data });
const listing = (bio: string) =>
  send(guide, 'PUT', '/api/v2/guides/me/profile', {
    serviceCity: 'kyoto',
    experienceYears: 5,
    responseTime: 'within_hours',
    originalLanguage: 'en',
    texts: { en: { bio } },
  });

/** PATCH /api/me puts the disguise in one of the three texts in turn. */
const ME_FIELDS = ['fullName', 'nickname', 'bio'] as const;
/** The application: the name, the occupation and the bio in turn. */
const DRAFT_FIELDS = ['name', 'occupation', 'bio'] as const;
const cases = TITLE_DISGUISES.map(([category, text], i) => [category, JSON.stringify(text), text, i] as const);
/**
 * Bidi embeddings, overrides and isolates never reach a route: the input guard refuses them for every
 * request (plugins/input-guard.ts, decision 082). The marks (LRM, RLM, ALM) do, and are stripped.
 */
const REFUSED_AT_THE_EDGE = /[\u202a-\u202e\u2066-\u2069]/u;
const refusal = (text: string, path: string) =>
  REFUSED_AT_THE_EDGE.test(text)
    ? {
        code: 'validation_failed',
        fields: [{ path: `body.${path}`, message: 'Contains a character that is not allowed' }],
      }
    : { code: 'protected_title', fields: [{ path }] };

describe('a protected title in disguise is refused on every path', () => {
  it.each(cases)(
    '%s %s: PATCH /api/me, the guide application and the guide profile',
    async (_category, _shown, text, i) => {
      const field = ME_FIELDS[i % 3]!;
      const mine = await me(traveler, { [field]: `Mei ${text}` });
      expect(mine.statusCode, mine.body).toBe(400);
      expect(mine.json()).toMatchObject(refusal(text, field));

      // An application's draft keeps what was typed; the title is refused on submit (decision 171,
      // application-licence.test.ts), by the same rule as here.
      const answer = DRAFT_FIELDS[i % 3]!;
      const applied = await draft({ [answer]: `Ren, ${text} in Kyoto` });
      if (REFUSED_AT_THE_EDGE.test(text)) expect(applied.json()).toMatchObject(refusal(text, `data.${answer}`));
      else expect(applied.statusCode, applied.body).toBe(200);

      const listed = await listing(`Kyoto walks with me, your ${text}.`);
      expect(listed.statusCode, listed.body).toBe(400);
      expect(listed.json()).toMatchObject(refusal(text, 'texts.en.bio'));
    },
  );

  it('refuses one at sign-up (in the language asked for); a file description keeps it until the application is submitted', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        username: 'disguised1',
        email: 'disguised1@example.com',
        password: 'Sakura2026!',
        confirmPassword: 'Sakura2026!',
        fullName: 'Aoi 通譯案內士',
        locale: 'zh-CN',
      },
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(signup.json()).toMatchObject({
      code: 'protected_title',
      fields: [{ path: 'fullName', message: '通訳案内士' }],
    });
    expect(signup.json().message).toContain('通訳案内士法');

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody([
      { field: 'description', value: 'Lic\u0435nsed Guide card' },
      { field: 'file', data: png, name: 'card.png', type: 'image/png' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v2/guide-applications/documents',
      payload,
      remoteAddress: nextAddress(),
      headers: { ...auth(applicant.token), ...headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().documents.at(-1).description).toBe('Lic\u0435nsed Guide card');
  });

  it('lets a verified licence holder keep using the titles it covers', async () => {
    await t.database.db.update(guides).set({ licenceKind: 'national' }).where(eq(guides.userId, guide.id));
    const mine = await me(guide, { bio: '全國通譯案內士 / Licenced Guide' });
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = await listing('Your ｌｉｃｅｎｓｅｄ guide: 全国通訳案内士');
    expect(listed.statusCode, listed.body).toBe(200);
    // The regional title is not theirs, whatever its form.
    const regional = await me(guide, { bio: 'ちいきつうやくあんないし' });
    expect(regional.json()).toMatchObject({ code: 'protected_title' });
    await t.database.db.update(guides).set({ licenceKind: null }).where(eq(guides.userId, guide.id));
  });
});

describe('ordinary words stay allowed', () => {
  it.each(ORDINARY_TEXTS)('"%s"', async (text) => {
    const mine = await me(traveler, { bio: text, nickname: text.slice(0, 50) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().bio).toBe(text);
    const applied = await draft({ bio: text, occupation: text.slice(0, 100) });
    expect(applied.statusCode, applied.body).toBe(200);
    const listed = await listing(text);
    expect(listed.statusCode, listed.body).toBe(200);
  });
});

describe('display texts', () => {
  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['Hangul fillers', '\u3164'],
    ['a Braille blank', '\u2800'],
    ['bidi marks', '\u200e\u200f\u061c'],
    ['tag characters', '\u{e0041}\u{e0020}'],
    ['soft hyphens and word joiners', '\u00ad\u2060'],
  ])('refuses a name of only %s (PATCH /api/me and sign-up)', async (_what, name) => {
    const mine = await me(traveler, { fullName: name });
    expect(mine.statusCode, mine.body).toBe(400);
    expect(mine.json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.fullName', message: 'Must contain a visible character' }],
    });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        username: `invisible${name.codePointAt(0)}`,
        email: `invisible${name.codePointAt(0)}@example.com`,
        password: 'Sakura2026!',
        confirmPassword: 'Sakura2026!',
        fullName: name,
      },
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(signup.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.fullName' }] });
  });

  it('stores names, bios and listing texts without bidi controls, tag characters or invisible code points, in NFC', async () => {
    const mine = await me(traveler, {
      fullName: '\u200fMei\u200e Tra\u200bveler\u{e0041}',
      nickname: '\u3164',
      bio: 'Jose\u0301 \u061cwas\u200f here\nand there 👨\u200d👩\u200d👧',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      fullName: 'Mei Traveler',
      nickname: null,
      bio: 'José was here\nand there 👨\u200d👩\u200d👧',
    });
    const again = await t.app.inject({ url: '/api/me', headers: auth(traveler.token) });
    expect(again.json()).toMatchObject({ fullName: 'Mei Traveler', nickname: null });

    const applied = await draft({ name: '\u200fRen\u200e \u{e0052}Applicant', bio: 'Hi\u200b!' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ name: 'Ren Applicant', bio: 'Hi!' });

    const listed = await listing('Kyoto\u200e walks\u00ad');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().texts.en.bio).toBe('Kyoto walks');
    // Overrides and isolates are refused before any route (the input guard, decision 082).
    const override = await me(traveler, { fullName: 'Mei\u202e Traveler' });
    expect(override.json()).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'body.fullName', message: 'Contains a character that is not allowed' }],
    });
  });
});
