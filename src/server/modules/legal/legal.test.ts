import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_LEGAL_VERSIONS, currentConsents } from '../../../shared/legal/documents';
import { consents } from '../../db/schema/index';
import { bearer, nextAddress, sessionFor, signUp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const myConsents = (token: string) => t.app.inject({ method: 'GET', url: '/api/me/consents', headers: bearer(token) });
const give = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/consents',
    payload,
    headers: { ...bearer(token), ...headers },
    remoteAddress: '203.0.113.9',
  });

describe('GET /api/legal/documents', () => {
  it('serves the terms, the privacy policy, the transfer notice and the sensitive-data notice, each versioned, in every language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/documents' });
    expect(res.statusCode).toBe(200);
    const { documents } = res.json() as {
      documents: { kind: string; version: string; effectiveDate: string; path: string; body: Record<string, string> }[];
    };
    expect(documents.map((d) => d.kind)).toEqual(['terms', 'privacy', 'cross_border', 'sensitive_data']);
    for (const d of documents) {
      expect(d.version).toBe(CURRENT_LEGAL_VERSIONS[d.kind as keyof typeof CURRENT_LEGAL_VERSIONS].version);
      expect(d.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.body.en).toMatch(/^# \w/);
      expect(d.body['zh-CN']).toMatch(/^# [\u4e00-\u9fff]/);
      // Japanese: a heading of kanji or kana, and never the Chinese text in its place.
      expect(d.body.ja).toMatch(/^# [\u3040-\u30ff\u4e00-\u9fff]/);
      expect(d.body.ja).not.toBe(d.body['zh-CN']);
    }
    expect(documents.find((d) => d.kind === 'terms')!.path).toBe('/terms');
  });

  it('names every country data goes to, the recipients and what protects it there', async () => {
    const { documents } = (await t.app.inject({ method: 'GET', url: '/api/legal/documents' })).json() as {
      documents: { kind: string; body: Record<string, string> }[];
    };
    const notice = documents.find((d) => d.kind === 'cross_border')!.body;
    for (const word of [
      'Japan',
      'United States',
      "People's Republic of China",
      'France',
      'Stripe',
      'Alipay',
      'WeChat Pay',
      'SMTP',
      'S3-compatible',
      'Redis',
      'APPI Article 28',
      'PIPL Article 39',
    ]) {
      expect(notice.en, word).toContain(word);
    }
    for (const word of [
      '日本',
      '美国',
      '中华人民共和国',
      '法国',
      'Stripe',
      '支付宝',
      '微信支付',
      'SMTP',
      'S3 兼容',
      'Redis',
      'APPI 第 28 条',
      'PIPL 第 39 条',
      '单独同意',
    ]) {
      expect(notice['zh-CN'], word).toContain(word);
    }
    const privacy = documents.find((d) => d.kind === 'privacy')!.body;
    expect(privacy.en).toContain('(/privacy/cross-border)');
    expect(privacy.en).toContain('Sensitive personal information');
    expect(privacy['zh-CN']).toContain('敏感个人信息');
  });
});

describe('consents at sign-up', () => {
  it('records each consent with its version, time, locale and the client address', async () => {
    const before = Date.now();
    const user = await signUp(t, { consents: currentConsents(), locale: 'zh-CN' });
    const res = await myConsents(user.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.needed).toEqual([]);
    expect(body.consents.map((c: { kind: string }) => c.kind).sort()).toEqual(['cross_border', 'privacy', 'terms']);
    for (const c of body.consents) {
      expect(c.version).toBe(CURRENT_LEGAL_VERSIONS[c.kind as keyof typeof CURRENT_LEGAL_VERSIONS].version);
      expect(c.locale).toBe('zh-CN');
      expect(c.ip).toMatch(/^10\.77\./); // signUp's remoteAddress
      expect(Date.parse(c.givenAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    // The sign-up documents; the sensitive-data notice is asked for at identity verification (decision 131).
    expect(
      body.documents.map((d: { kind: string; given: string | null; version: string }) => [
        d.kind,
        d.given === d.version,
      ]),
    ).toEqual([
      ['terms', true],
      ['privacy', true],
      ['cross_border', true],
      ['sensitive_data', false],
    ]);
  });

  it('creates an account without consents (an older client), which then needs all three', async () => {
    const user = await signUp(t);
    const body = (await myConsents(user.token)).json();
    expect(body.consents).toEqual([]);
    expect(body.needed).toEqual(['terms', 'privacy', 'cross_border']);
    expect(body.documents.map((d: { given: string | null }) => d.given)).toEqual([null, null, null, null]);
  });

  it('refuses a version that is not current with 400 consent_version_not_current, and creates no account', async () => {
    const username = `stale${Math.floor(Math.random() * 1e6)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        username,
        email: `${username}@example.com`,
        password: 'Sakura2026!',
        confirmPassword: 'Sakura2026!',
        fullName: 'Stale Form',
        consents: [
          { kind: 'terms', version: '0' },
          { kind: 'privacy', version: CURRENT_LEGAL_VERSIONS.privacy.version },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('consent_version_not_current');
    expect(res.json().fields).toEqual([
      { path: 'body.consents.terms', message: `The current version is ${CURRENT_LEGAL_VERSIONS.terms.version}` },
    ]);
    const check = await t.app.inject({ method: 'GET', url: `/api/auth/check-username?username=${username}` });
    expect(check.json().available).toBe(true);
  });
});

describe('/api/me/consents', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/consents' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/me/consents', payload: { consents: currentConsents() } }))
        .statusCode,
    ).toBe(401);
  });

  it('records the consents a user gives after sign-up, with the address of the request and the locale', async () => {
    const user = await signUp(t);
    const res = await give(user.token, { consents: currentConsents(['terms', 'privacy']), locale: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().needed).toEqual(['cross_border']);
    const res2 = await give(
      user.token,
      { consents: currentConsents(['cross_border']) },
      { 'accept-language': 'zh-CN,zh;q=0.9' },
    );
    expect(res2.json().needed).toEqual([]);
    const list = res2.json().consents as { kind: string; locale: string; ip: string }[];
    expect(list[0]).toMatchObject({ kind: 'cross_border', locale: 'zh-CN', ip: '203.0.113.9' });
    expect(list.find((c) => c.kind === 'terms')).toMatchObject({ locale: 'en', ip: '203.0.113.9' });
  });

  it('records the language of the text shown for a Japanese reader: ja from the body, from Accept-Language and at sign-up', async () => {
    const user = await signUp(t);
    await give(user.token, { consents: currentConsents(['terms']), locale: 'ja' });
    const res = await give(
      user.token,
      { consents: currentConsents(['privacy', 'cross_border']) },
      { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' },
    );
    expect(res.json().needed).toEqual([]);
    const list = res.json().consents as { kind: string; locale: string }[];
    expect(list.map((c) => [c.kind, c.locale]).sort()).toEqual([
      ['cross_border', 'ja'],
      ['privacy', 'ja'],
      ['terms', 'ja'],
    ]);
    const signedUp = await signUp(t, { consents: currentConsents(), locale: 'ja' });
    for (const c of (await myConsents(signedUp.token)).json().consents) expect(c.locale).toBe('ja');
  });

  it('takes the address from X-Forwarded-For only through a trusted proxy (TRUST_PROXY unset here)', async () => {
    const user = await signUp(t);
    await give(user.token, { consents: currentConsents(['terms']) }, { 'x-forwarded-for': '198.51.100.77' });
    expect((await myConsents(user.token)).json().consents[0].ip).toBe('203.0.113.9');
  });

  it('refuses a stale version (400 consent_version_not_current), an unknown kind and a kind twice (400 validation_failed)', async () => {
    const user = await signUp(t);
    const stale = await give(user.token, { consents: [{ kind: 'privacy', version: '1' }] });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('consent_version_not_current');
    const unknown = await give(user.token, { consents: [{ kind: 'cookies', version: '1' }] });
    expect(unknown.json().code).toBe('validation_failed');
    const twice = await give(user.token, { consents: [...currentConsents(['terms']), ...currentConsents(['terms'])] });
    expect(twice.json().code).toBe('validation_failed');
    const none = await give(user.token, { consents: [] });
    expect(none.json().code).toBe('validation_failed');
    expect((await myConsents(user.token)).json().consents).toEqual([]);
  });

  it('asks again after a new version: a consent to the old version leaves the kind needed until the new one is given', async () => {
    const user = await signUp(t, { consents: currentConsents() });
    // What a user who consented before the terms' current version looks like: only the old version on record.
    await t.database.db.delete(consents);
    await t.database.db.insert(consents).values([
      {
        userId: user.id,
        kind: 'terms',
        version: 'old',
        givenAt: new Date('2026-01-01T00:00:00Z'),
        locale: 'en',
        ip: '10.0.0.1',
      },
      ...currentConsents(['privacy', 'cross_border']).map((c) => ({
        userId: user.id,
        ...c,
        locale: 'en',
        ip: '10.0.0.1',
      })),
    ]);
    const before = (await myConsents(user.token)).json();
    expect(before.needed).toEqual(['terms']);
    expect(before.documents.find((d: { kind: string }) => d.kind === 'terms')).toMatchObject({
      given: 'old',
      version: CURRENT_LEGAL_VERSIONS.terms.version,
    });

    const after = (await give(user.token, { consents: currentConsents(['terms']) })).json();
    expect(after.needed).toEqual([]);
    // The old consent stays on record next to the new one.
    expect(
      after.consents.filter((c: { kind: string }) => c.kind === 'terms').map((c: { version: string }) => c.version),
    ).toEqual([CURRENT_LEGAL_VERSIONS.terms.version, 'old']);
  });
});

describe('the data export', () => {
  it('lists every consent with its version, time, locale and address', async () => {
    const user = await signUp(t, { consents: currentConsents(), locale: 'en' });
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const exported = res.json().consents as {
      kind: string;
      version: string;
      givenAt: string;
      locale: string;
      ip: string;
    }[];
    expect(exported).toHaveLength(3);
    expect(exported.map((c) => c.kind).sort()).toEqual(['cross_border', 'privacy', 'terms']);
    for (const c of exported)
      expect(c).toMatchObject({
        version: CURRENT_LEGAL_VERSIONS[c.kind as keyof typeof CURRENT_LEGAL_VERSIONS].version,
        locale: 'en',
        ip: expect.stringMatching(/^10\.77\./),
      });
  });
});

describe('the demo users', () => {
  it('hold the current consents, and those whose identity is verified the sensitive-data one too, so the demo asks nothing (decision 131)', async () => {
    const demo = await createTestApp({ seed: 'demo' });
    for (const [username, sensitive] of [
      ['guide', true],
      ['traveler', false],
    ] as const) {
      const res = await demo.app.inject({
        url: '/api/me/consents',
        headers: bearer((await sessionFor(demo, username)).token),
      });
      const body = res.json();
      expect(body.needed, username).toEqual([]);
      const given = body.documents.find((d: { kind: string }) => d.kind === 'sensitive_data').given;
      expect(given, username).toBe(sensitive ? CURRENT_LEGAL_VERSIONS.sensitive_data.version : null);
    }
    await demo.close();
  });
});
