import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, signUp } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import type { TestWeChat } from '../../test/wechat-server';
import { wechatSuite } from './test-helpers';

/**
 * Linking WeChat to a signed-in account from the settings, and unlinking it while another way in remains
 * (decision 148); apart from signing in by WeChat (wechat.test.ts).
 */
const suite = wechatSuite();
const { consent, callback, newWeChatAccount } = suite;
let t: TestApp;
let wx: TestWeChat;
beforeAll(() => {
  ({ t, wx } = suite.fixture);
});

describe('linking WeChat from the settings', () => {
  it('links to the signed-in account, which then signs in by WeChat, and unlinks while a password remains', async () => {
    const owner = await signUp(t);
    wx.person = { key: 'link1', nickname: '链接' };
    expect((await t.app.inject({ method: 'GET', url: '/api/me/wechat', headers: bearer(owner.token) })).json()).toEqual(
      { linked: false, nickname: null, canUnlink: false },
    );
    const c = await consent({ method: 'POST', url: '/api/me/wechat/link', headers: bearer(owner.token) });
    expect(c.cookie).toMatch(/^tabi_wechat_state=/);
    // Only the account that started the link, still signed in here, finishes it.
    const stranger = await signUp(t);
    const wrong = await callback(c, { cookie: c.cookie, ...bearer(stranger.token) });
    expect(wrong.json().code).toBe('invalid_state');

    const again = await consent({ method: 'POST', url: '/api/me/wechat/link', headers: bearer(owner.token) });
    const linked = await callback(again, { cookie: again.cookie, ...bearer(owner.token) });
    expect(linked.json()).toEqual({ status: 'linked', wechat: { linked: true, nickname: '链接', canUnlink: true } });
    const exported = (
      await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(owner.token) })
    ).json();
    expect(exported.wechat).toMatchObject({
      openid: wx.openidOf(wx.person),
      unionid: wx.unionidOf(wx.person),
      nickname: '链接',
    });

    const login = await consent();
    expect((await callback(login, { cookie: login.cookie })).json()).toMatchObject({
      status: 'signed_in',
      user: { id: owner.id },
    });

    // The same WeChat on another account: refused.
    const taken = await consent({ method: 'POST', url: '/api/me/wechat/link', headers: bearer(stranger.token) });
    const res = await callback(taken, { cookie: taken.cookie, ...bearer(stranger.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wechat_taken');

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me/wechat', headers: bearer(owner.token) })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me/wechat', headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
    const after = await consent();
    expect((await callback(after, { cookie: after.cookie })).json().status).toBe('consents_needed');
  });

  it('an account whose only way in is WeChat cannot unlink it', async () => {
    const account = await newWeChatAccount({ key: 'only', nickname: '只有微信' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/wechat', headers: bearer(account.token) })).json(),
    ).toMatchObject({ linked: true, canUnlink: false });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/wechat', headers: bearer(account.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('last_sign_in_method');
  });

  it('a verified phone is another way in: WeChat can then be unlinked', async () => {
    const account = await newWeChatAccount({ key: 'phone', nickname: '有手机' });
    await t.database.db
      .update(users)
      .set({ phone: '+8613800138000', phoneVerifiedAt: new Date() })
      .where(eq(users.id, account.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/wechat', headers: bearer(account.token) })).json().canUnlink,
    ).toBe(true);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me/wechat', headers: bearer(account.token) })).statusCode,
    ).toBe(204);
  });

  it('a deleted account frees its WeChat, which may sign up anew', async () => {
    const owner = await signUp(t);
    wx.person = { key: 'gone', nickname: '离开' };
    const c = await consent({ method: 'POST', url: '/api/me/wechat/link', headers: bearer(owner.token) });
    expect((await callback(c, { cookie: c.cookie, ...bearer(owner.token) })).json().status).toBe('linked');
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(owner.token),
      payload: { password: owner.password, confirmation: owner.username },
    });
    expect(del.statusCode).toBe(204);
    const again = await consent();
    expect((await callback(again, { cookie: again.cookie })).json().status).toBe('consents_needed');
  });

  it('a link needs a signed-in account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/wechat/link' })).statusCode).toBe(401);
  });
});
