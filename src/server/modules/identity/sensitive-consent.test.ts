import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_LEGAL_VERSIONS, currentConsents } from '../../../shared/legal/documents';
import { identityVerifications } from '../../db/schema/index';
import { bearer, consentToSensitiveData, nextAddress, signUp } from '../../test/accounts';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The separate consent to the sensitive-data notice (decision 131): served like the other documents,
 * never asked at sign-up or by the consent screen, and required before identity files are taken.
 */
let t: TestApp;
let PNG: Buffer;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const upload = (token: string) => {
  const { payload, headers } = multipartBody([
    { field: 'documentKind', value: 'passport' },
    { field: 'document', data: PNG, name: 'passport.png', type: 'image/png' },
    { field: 'selfie', data: PNG },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/identity-verification',
    payload,
    headers: { ...bearer(token), ...headers },
    remoteAddress: nextAddress(),
  });
};
const submit = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/identity-verification/submit', headers: bearer(token), payload: {} });
const myConsents = (token: string) => t.app.inject({ url: '/api/me/consents', headers: bearer(token) });
const give = (token: string, locale?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/consents',
    headers: bearer(token),
    payload: { consents: currentConsents(['sensitive_data']), ...(locale ? { locale } : {}) },
    remoteAddress: '203.0.113.31',
  });
const rowOf = async (userId: number) =>
  (await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)))[0];

const REFUSED = {
  code: 'consent_required',
  fields: [
    {
      path: 'consents.sensitive_data',
      message: `The current version is ${CURRENT_LEGAL_VERSIONS.sensitive_data.version}`,
    },
  ],
};

describe('the sensitive-data notice', () => {
  it('is served with the others, asked for at identity verification only, with what, why, who, where, how long and how to withdraw in both languages', async () => {
    const { documents } = (await t.app.inject({ url: '/api/legal/documents' })).json() as {
      documents: { kind: string; askedAt: string; path: string; version: string; body: Record<string, string> }[];
    };
    expect(documents.map((d) => [d.kind, d.askedAt])).toEqual([
      ['terms', 'signup'],
      ['privacy', 'signup'],
      ['cross_border', 'signup'],
      ['sensitive_data', 'identity'],
    ]);
    const notice = documents.find((d) => d.kind === 'sensitive_data')!;
    expect(notice).toMatchObject({
      path: '/privacy/sensitive-data',
      version: CURRENT_LEGAL_VERSIONS.sensitive_data.version,
    });
    for (const word of [
      'identity document',
      'selfie',
      'who you say you are',
      'staff who review',
      'file storage provider',
      '(/privacy/cross-border)',
      'How long we keep it',
      'withdraw',
      'PIPL',
      'If you live in Japan',
      'APPI',
      'My Number Card: the front only',
      'never upload the back',
    ])
      expect(notice.body.en, word).toContain(word);
    for (const word of [
      '身份证件',
      '自拍照',
      '核实',
      '审核',
      '文件存储服务商',
      '(/privacy/cross-border)',
      '保存多久',
      '撤回',
      '单独同意',
      '居住在日本的',
      '个人编号卡只收正面',
      '请勿上传背面',
    ])
      expect(notice.body['zh-CN'], word).toContain(word);
    // The law of a resident of Japan comes first in the Japanese text too, with the My Number Card's back refused.
    for (const word of [
      '日本にお住まいの方',
      '個人情報保護法',
      '第21条',
      'マイナンバーカードは表面のみ',
      '裏面は決してアップロードしないでください',
    ])
      expect(notice.body.ja, word).toContain(word);
  });

  it('is never needed by the consent screen: a user with the sign-up consents has nothing to give, and sees the notice unsigned', async () => {
    const user = await signUp(t, { consents: currentConsents() });
    const body = (await myConsents(user.token)).json();
    expect(body.needed).toEqual([]);
    expect(body.documents.find((d: { kind: string }) => d.kind === 'sensitive_data')).toMatchObject({
      askedAt: 'identity',
      given: null,
      version: CURRENT_LEGAL_VERSIONS.sensitive_data.version,
    });
    // Nor by an account made without any consent: the screen asks for the sign-up documents only.
    expect((await myConsents((await signUp(t)).token)).json().needed).toEqual(['terms', 'privacy', 'cross_border']);
  });

  it('is not taken at sign-up (400 validation_failed, no account): it is given where the data is collected', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        username: 'bundled1',
        email: 'bundled1@example.com',
        password: 'Sakura2026!',
        confirmPassword: 'Sakura2026!',
        fullName: 'Bundled',
        consents: currentConsents(['terms', 'privacy', 'cross_border', 'sensitive_data']),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'bundled1', password: 'Sakura2026!' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('identity uploads need it', () => {
  it('refuses the upload and the submission without it (403 consent_required naming the kind) and stores nothing', async () => {
    const user = await signUp(t, { consents: currentConsents() });
    const res = await upload(user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(REFUSED);
    const sent = await submit(user.token);
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toMatchObject(REFUSED);
    expect(await rowOf(user.id)).toBeUndefined();
    // Reading the (empty) status stays open: the page shows the notice from there.
    expect(
      (await t.app.inject({ url: '/api/v2/identity-verification', headers: bearer(user.token) })).json(),
    ).toMatchObject({ status: 'none', editable: true });
  });

  it('takes the files and the submission once the current version is given through POST /api/me/consents', async () => {
    const user = await signUp(t, { consents: currentConsents() });
    const given = await give(user.token, 'zh-CN');
    expect(given.statusCode).toBe(200);
    expect(given.json().consents[0]).toMatchObject({
      kind: 'sensitive_data',
      version: CURRENT_LEGAL_VERSIONS.sensitive_data.version,
      locale: 'zh-CN',
      ip: '203.0.113.31',
    });
    expect(given.json().documents.find((d: { kind: string }) => d.kind === 'sensitive_data').given).toBe(
      CURRENT_LEGAL_VERSIONS.sensitive_data.version,
    );
    const res = await upload(user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().selfie).not.toBeNull();
    const sent = await submit(user.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('submitted');
  });

  it('asks again after a new version: the old consent no longer lets files in until the new one is given', async () => {
    const user = await consentToSensitiveData(t, await signUp(t, { consents: currentConsents() }));
    expect((await upload(user.token)).statusCode).toBe(200);
    const versions = CURRENT_LEGAL_VERSIONS as { sensitive_data: { version: string; effectiveDate: string } };
    const current = versions.sensitive_data;
    versions.sensitive_data = { version: `${current.version}-next`, effectiveDate: current.effectiveDate };
    try {
      const res = await upload(user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().fields).toEqual([
        { path: 'consents.sensitive_data', message: `The current version is ${current.version}-next` },
      ]);
      const mine = (await myConsents(user.token)).json();
      expect(mine.documents.find((d: { kind: string }) => d.kind === 'sensitive_data')).toMatchObject({
        given: current.version,
        version: `${current.version}-next`,
      });
      expect(mine.needed).toEqual([]);
      // The old version is refused as a consent too, the new one accepted.
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/me/consents',
        headers: bearer(user.token),
        payload: { consents: [{ kind: 'sensitive_data', version: current.version }] },
      });
      expect(old.json().code).toBe('consent_version_not_current');
      await consentToSensitiveData(t, user);
      expect((await upload(user.token)).statusCode).toBe(200);
    } finally {
      versions.sensitive_data = current;
    }
  });

  it('appears in the data export like the other consents', async () => {
    const user = await signUp(t, { consents: currentConsents(), locale: 'en' });
    await give(user.token, 'en');
    const exported = (await t.app.inject({ url: '/api/me/export', headers: bearer(user.token) })).json().consents as {
      kind: string;
    }[];
    expect(exported.map((c) => c.kind).sort()).toEqual(['cross_border', 'privacy', 'sensitive_data', 'terms']);
    expect(exported.find((c) => c.kind === 'sensitive_data')).toMatchObject({
      version: CURRENT_LEGAL_VERSIONS.sensitive_data.version,
      locale: 'en',
      ip: '203.0.113.31',
      givenAt: expect.any(String),
    });
  });
});
