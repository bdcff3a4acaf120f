import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentConsents } from '../../../shared/legal/documents';
import { users, wechatIdentities } from '../../db/schema/index';
import { bearer } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WECHAT_PEOPLE, type TestWeChat } from '../../test/wechat-server';
import { wechatSuite } from './test-helpers';

/**
 * Signing in by WeChat (decision 148): the start, a new WeChat's consents and account, the state, WeChat's
 * errors and the app without WeChat; linking it from the settings is apart (wechat-link.test.ts).
 */
const suite = wechatSuite();
const { consent, callback, signupWith, newWeChatAccount } = suite;
let t: TestApp;
let wx: TestWeChat;
beforeAll(() => {
  ({ t, wx } = suite.fixture);
});

const exchanges = () => wx.received.filter((r) => r.path === '/sns/oauth2/access_token').length;

describe('GET /api/auth/wechat/start', () => {
  it("sends the browser to WeChat's QR-code login with a new state, the same state in an HttpOnly cookie", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/wechat/start?redirect=/guides/3' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${wx.url}/connect/qrconnect`);
    expect(location.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      appid: wx.env.WECHAT_APP_ID,
      redirect_uri: `${t.app.ctx.config.appUrl}/auth/wechat`,
      response_type: 'code',
      scope: 'snsapi_login',
    });
    const state = location.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`tabi_wechat_state=${state}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/wechat/);
    expect(res.body).not.toContain(wx.env.WECHAT_APP_SECRET!);
  });

  it("inside WeChat's own browser uses its in-app consent with snsapi_userinfo", async () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/wechat/start', headers: { 'user-agent': ua } });
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/connect/oauth2/authorize');
    expect(location.searchParams.get('scope')).toBe('snsapi_userinfo');
  });

  it('refuses a redirect to another site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/wechat/start?redirect=//evil.example' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a redirect with a control character or a backslash, which a browser would read as another site (decision 182)', async () => {
    for (const target of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\u0000x',
      '/\u007f/x',
      '/\u0085/x',
      '/\\evil.example',
      '/a\\b',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/wechat/start?redirect=${encodeURIComponent(target)}`,
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(400);
      expect(res.json().code, JSON.stringify(target)).toBe('validation_failed');
    }
  });
});

describe('a new WeChat: consents first, then a traveler account', () => {
  it('answers consents_needed, creates the account with the nickname and the picture re-encoded, and signs in by WeChat afterwards', async () => {
    const c = await consent({ url: '/api/auth/wechat/start?redirect=/search' });
    const res = await callback(c, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    const pending = res.json();
    expect(pending).toMatchObject({
      status: 'consents_needed',
      nickname: '小美旅行中',
      avatar: true,
      redirect: '/search',
    });
    expect(pending).not.toHaveProperty('token');
    // The cookie is cleared with the state spent.
    expect(String(res.headers['set-cookie'])).toMatch(/tabi_wechat_state=;.*Max-Age=0/);

    // No account without every sign-up document.
    expect((await signupWith(pending.signupToken, currentConsents(['terms', 'privacy']))).statusCode).toBe(400);
    expect((await signupWith(pending.signupToken, [])).statusCode).toBe(400);

    const created = await signupWith(pending.signupToken);
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({ fullName: '小美旅行中', nickname: '小美旅行中', role: 'traveler', email: null });
    expect(account.username).toMatch(/^wx[a-z0-9]{8}$/);
    expect(account.token).toMatch(/^ey/);
    expect(account.profilePicture).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const picture = await t.app.inject({ method: 'GET', url: account.profilePicture });
    expect(picture.headers['content-type']).toBe('image/webp');

    // The sign-up token works once.
    const again = await signupWith(pending.signupToken);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('wechat_signup_expired');

    const next = await consent();
    const signedIn = (await callback(next, { cookie: next.cookie })).json();
    expect(signedIn).toMatchObject({ status: 'signed_in', user: { id: account.id }, redirect: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(signedIn.token) });
    expect(me.json().id).toBe(account.id);
  });

  it('a person without a picture gets an account without one', async () => {
    const account = await newWeChatAccount(WECHAT_PEOPLE.lei);
    expect(account.profilePicture).toBeNull();
    expect(account.fullName).toBe('雷雷');
  });

  it('takes the name the person chose over the nickname, and never names an account by its generated username', async () => {
    wx.person = { key: 'blank', nickname: '   ' };
    const c = await consent();
    const reply = (await callback(c, { cookie: c.cookie })).json();
    const nameless = await signupWith(reply.signupToken);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.fullName' }] });
    // The refusal did not use up the step: the same screen answers with a name, no second WeChat round trip.
    const named = await signupWith(reply.signupToken, currentConsents(), { fullName: '张小明' });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ fullName: '张小明' });
  });

  it('finds the account by unionid before openid (the same person through another WeChat app)', async () => {
    const person = { key: 'chen', nickname: '陈' };
    const account = await newWeChatAccount(person);
    await t.database.db
      .update(wechatIdentities)
      .set({ openid: 'o_other_app_chen' })
      .where(eq(wechatIdentities.userId, account.id));
    wx.person = person;
    const c = await consent();
    expect((await callback(c, { cookie: c.cookie })).json()).toMatchObject({
      status: 'signed_in',
      user: { id: account.id },
    });
  });

  it('a suspended account is refused', async () => {
    const account = await newWeChatAccount({ key: 'sus', nickname: 'sus' });
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.id));
    wx.person = { key: 'sus', nickname: 'sus' };
    const c = await consent();
    const res = await callback(c, { cookie: c.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_suspended');
  });
});

describe('the state', () => {
  it("is refused without this browser's cookie, before WeChat is asked", async () => {
    const c = await consent();
    const before = exchanges();
    for (const headers of [{}, { cookie: 'tabi_wechat_state=someone-elses-state-value' }] as Record<string, string>[]) {
      const res = await callback(c, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_state');
    }
    expect(exchanges()).toBe(before);
  });

  it('works once', async () => {
    const c = await consent();
    expect((await callback(c, { cookie: c.cookie })).statusCode).toBe(200);
    const res = await callback({ code: wx.issueCode(), state: c.state }, { cookie: c.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_state');
  });

  it('a state made up by the browser is refused even with a matching cookie', async () => {
    const res = await callback(
      { code: wx.issueCode(), state: 'made-up-state-value' },
      { cookie: 'tabi_wechat_state=made-up-state-value' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_state');
  });
});

describe("WeChat's errors are clear answers, never a 500", () => {
  it('a code is used once: a second exchange is WeChat 40163, answered 400 wechat_code_invalid', async () => {
    const first = await consent();
    expect((await callback(first, { cookie: first.cookie })).statusCode).toBe(200);
    const second = await consent();
    const res = await callback({ code: first.code, state: second.state }, { cookie: second.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wechat_code_invalid');
    expect(res.json().message).toContain('40163');
  });

  it('an unknown code (40029) and a token WeChat no longer knows (40001) are 400 wechat_code_invalid', async () => {
    const c = await consent();
    const res = await callback({ code: 'not-a-code', state: c.state }, { cookie: c.cookie });
    expect(res.json()).toMatchObject({ code: 'wechat_code_invalid' });
    expect(res.json().message).toContain('40029');
    const d = await consent();
    wx.userinfoFault = { errcode: 40001, errmsg: 'invalid credential' };
    expect((await callback(d, { cookie: d.cookie })).json().code).toBe('wechat_code_invalid');
  });

  it('WeChat refusing the app itself (40125) or not answering is 502 wechat_unavailable, the secret never in the reply', async () => {
    const c = await consent();
    wx.exchangeFault = { errcode: 40125, errmsg: 'invalid appsecret' };
    const res = await callback(c, { cookie: c.cookie });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('wechat_unavailable');
    expect(res.body).not.toContain(wx.env.WECHAT_APP_SECRET!);
    const d = await consent();
    wx.exchangeFault = 'down';
    expect((await callback(d, { cookie: d.cookie })).statusCode).toBe(502);
  });
});

describe('without WECHAT_APP_ID', () => {
  it('offers no WeChat: the public settings say so and every endpoint is 404 wechat_disabled', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/config/public' })).json().wechatLogin).toBe(false);
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/wechat/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().code).toBe('wechat_disabled');
      const cb = await plain.app.inject({ method: 'GET', url: '/api/auth/wechat/callback?code=x&state=y' });
      expect(cb.json().code).toBe('wechat_disabled');
      const su = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/wechat/signup',
        payload: { signupToken: 'x', consents: currentConsents() },
      });
      expect(su.json().code).toBe('wechat_disabled');
    } finally {
      await plain.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/config/public' })).json().wechatLogin).toBe(true);
  });
});
