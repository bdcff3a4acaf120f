import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { currentConsents } from '../../../shared/legal/documents';
import { nextAddress } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestWeChat, WECHAT_PEOPLE, type TestWeChat, type WeChatPerson } from '../../test/wechat-server';

/** Test-only helpers of the WeChat login suites (wechat.test.ts, wechat-link.test.ts). */

/**
 * Call at a file's top: the project's WeChat server and an app that uses it (made before its tests, closed
 * after; each test starts as Mei with no fault) and the browser's steps. The state lives in this call, not
 * in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function wechatSuite() {
  const fixture = {} as { t: TestApp; wx: TestWeChat };
  beforeAll(async () => {
    fixture.wx = await startTestWeChat();
    fixture.t = await createTestApp({ env: fixture.wx.env });
  });
  afterAll(async () => {
    await fixture.t.close();
    await fixture.wx.close();
  });
  beforeEach(() => {
    fixture.wx.person = WECHAT_PEOPLE.mei;
    fixture.wx.exchangeFault = null;
    fixture.wx.userinfoFault = null;
  });

  const cookieOf = (setCookie: string | string[] | undefined) => String([setCookie ?? ''].flat()[0]).split(';')[0]!;

  /** The browser's trip: start here, WeChat's consent (the fake redirects at once), back with code and state. */
  async function consent(opts: { headers?: Record<string, string>; url?: string; method?: 'GET' | 'POST' } = {}) {
    const start = await fixture.t.app.inject({
      method: opts.method ?? 'GET',
      url: opts.url ?? '/api/auth/wechat/start',
      headers: opts.headers,
      remoteAddress: nextAddress(),
    });
    const location = start.statusCode === 302 ? String(start.headers.location) : (start.json() as { url: string }).url;
    const back = await fetch(location, { redirect: 'manual' });
    const returned = new URL(String(back.headers.get('location')));
    return {
      start,
      location,
      cookie: cookieOf(start.headers['set-cookie']),
      code: returned.searchParams.get('code')!,
      state: returned.searchParams.get('state')!,
      returned,
    };
  }

  const callback = (q: { code: string; state: string }, headers: Record<string, string> = {}) =>
    fixture.t.app.inject({
      method: 'GET',
      url: `/api/auth/wechat/callback?code=${encodeURIComponent(q.code)}&state=${encodeURIComponent(q.state)}`,
      headers,
      remoteAddress: nextAddress(),
    });

  const signupWith = (signupToken: string, consents: unknown = currentConsents(), more: object = {}) =>
    fixture.t.app.inject({
      method: 'POST',
      url: '/api/auth/wechat/signup',
      payload: { signupToken, consents, locale: 'zh-CN', ...more },
      remoteAddress: nextAddress(),
    });

  /** A WeChat person's whole first login: consent, callback, consents given. */
  async function newWeChatAccount(person: WeChatPerson) {
    fixture.wx.person = person;
    const c = await consent();
    const reply = (await callback(c, { cookie: c.cookie })).json();
    expect(reply.status).toBe('consents_needed');
    const res = await signupWith(reply.signupToken);
    expect(res.statusCode).toBe(201);
    return res.json() as {
      token: string;
      id: number;
      username: string;
      fullName: string;
      profilePicture: string | null;
      email: string | null;
    };
  }

  return { fixture, consent, callback, signupWith, newWeChatAccount };
}
