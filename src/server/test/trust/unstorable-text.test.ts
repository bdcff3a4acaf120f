import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorableText } from '../../plugins/input-guard';
import { signUp } from '../accounts';
import { createTestApp, type TestApp } from '../test-app';
import { createTrustFixtures, send, type TrustFixtures } from './fixtures';

/**
 * The fields a probe of the landed product broke with a NUL character (a 500, and the failed query's
 * parameters in the log): each is now a 400 validation_failed naming the field.
 */
let t: TestApp;
let f: TrustFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createTrustFixtures(t);
});
afterAll(() => t?.close());

const NUL = 'Mei\u0000Lin';
const LONE_SURROGATE = 'Mei\ud800';

describe('text a database cannot store', () => {
  it('is refused in every field the probe found, with the field named', async () => {
    const thread = await send(t, {
      method: 'POST',
      url: '/api/support/threads',
      token: await f.owner.token(),
      body: { message: 'Hello' },
    });
    const threadId = thread.json().thread.id;
    const cases: { method: string; url: string; body: Record<string, unknown>; field: string; token?: string }[] = [
      {
        method: 'POST',
        url: '/api/auth/login',
        body: { username: NUL, password: 'whatever1' },
        field: 'body.username',
      },
      {
        method: 'POST',
        url: '/api/auth/signup',
        body: {
          username: 'nulname',
          email: 'nul@example.com',
          password: 'Sakura2026!',
          confirmPassword: 'Sakura2026!',
          fullName: NUL,
        },
        field: 'body.fullName',
      },
      { method: 'POST', url: '/api/support/threads', body: { message: NUL }, field: 'body.message' },
      {
        method: 'POST',
        url: '/api/support/threads',
        body: { message: 'Hi', contactName: NUL },
        field: 'body.contactName',
      },
      {
        method: 'POST',
        url: `/api/support/threads/${threadId}/messages`,
        body: { body: NUL },
        field: 'body.body',
        token: await f.owner.token(),
      },
      {
        method: 'POST',
        url: `/api/admin/support/threads/${threadId}/messages`,
        body: { body: NUL },
        field: 'body.body',
        token: await f.admin.token(),
      },
      ...['fullName', 'nickname', 'city', 'bio'].map((field) => ({
        method: 'PATCH',
        url: '/api/me',
        body: { [field]: NUL },
        field: `body.${field}`,
      })),
      { method: 'PATCH', url: '/api/me', body: { bio: LONE_SURROGATE }, field: 'body.bio' },
      { method: 'GET', url: `/api/v2/guides?city=${encodeURIComponent('to\u0000kyo')}`, body: {}, field: 'query.city' },
    ];
    for (const c of cases) {
      const token = c.token ?? (c.url === '/api/me' ? await f.owner.token() : undefined);
      const res = await send(t, { method: c.method, url: c.url, token, body: c.method === 'GET' ? undefined : c.body });
      expect(res.statusCode, `${c.method} ${c.url} ${c.field}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: c.field }] });
    }
  });

  it('refuses control characters and bidi overrides or isolates, naming the field', async () => {
    const u = await signUp(t);
    for (const bio of ['abc\u0001', 'abc\u007f', 'abc\u0085', 'abc\u202egnp.exe', 'a\u2066b\u2069', 'bell\u0007']) {
      const res = await send(t, { method: 'PATCH', url: '/api/me', token: u.token, body: { bio } });
      expect(res.statusCode, JSON.stringify(bio)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.bio' }] });
    }
  });

  it('keeps ordinary text, emoji and Chinese as they are', async () => {
    const u = await signUp(t);
    // Line breaks (\r\n too), tabs, and the joiner inside an emoji family stay.
    const bio = '东京导游 😀\r\nTabs\tand "quotes" 👨\u200d👩\u200d👧';
    const res = await send(t, { method: 'PATCH', url: '/api/me', token: u.token, body: { bio } });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe(bio);
  });

  it('finds nested and key-borne characters', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }], ['k\u0000']: 1 }, 'body')).toEqual(['body.a.0.b', 'body.k?']);
    expect(findUnstorableText({ ok: '😀 pair', bad: '\udc00' }, 'body')).toEqual(['body.bad']);
  });
});
