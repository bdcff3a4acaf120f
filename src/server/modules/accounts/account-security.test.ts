import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../../shared/realtime';
import { sessions, users } from '../../db/schema/index';
import { connect } from '../../realtime/test-socket';
import { bearer, nextAddress, signUp, staleProof } from '../../test/accounts';
import { lastCode, nextPhone, startPhone, verifyPhone, withConsents } from '../../test/phone';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestWeChat, WECHAT_PEOPLE, type TestWeChat } from '../../test/wechat-server';

// Decision 185: an account without a password deletes itself with a code to its phone or a fresh WeChat
// sign-in; a WeChat sign-in by the account already signed in proves its session; the sessions page's API
// lists and ends sessions (another's is a 404, an ended one's socket closes); every code goes through one
// send-and-check.
let t: TestApp;
let wx: TestWeChat;
let base: string;
beforeAll(async () => {
  wx = await startTestWeChat();
  t = await createTestApp({ env: wx.env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await wx.close();
});
beforeEach(() => {
  wx.person = WECHAT_PEOPLE.mei;
});

const send = (token: string, method: 'POST' | 'GET' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload, remoteAddress: nextAddress() });
const endPause = (phone: string) =>
  t.app.inject({ method: 'POST', url: '/api/dev/sms/pause-ended', payload: { to: phone } });
const me = (token: string) => send(token, 'GET', '/api/me');

/** A traveler made by phone: no password, no e-mail (decision 147). */
async function phoneOnly() {
  const phone = nextPhone();
  expect((await startPhone(t, phone)).statusCode).toBe(202);
  const res = await verifyPhone(t, phone, (await lastCode(t, phone)).code, withConsents);
  expect(res.statusCode).toBe(201);
  const reply = res.json() as { token: string; id: number; username: string };
  return { ...reply, phone };
}

const cookieOf = (setCookie: string | string[] | undefined) => String([setCookie ?? ''].flat()[0]).split(';')[0]!;

/**
 * WeChat's round trip from the start (the fake consents at once) back to the callback, as the signed-in caller when a
 * token is given.
 */
async function wechatRoundTrip(token?: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/wechat/start?redirect=/profile',
    remoteAddress: nextAddress(),
  });
  const back = await fetch(String(start.headers.location), { redirect: 'manual' });
  const returned = new URL(String(back.headers.get('location')));
  const q = `code=${returned.searchParams.get('code')}&state=${returned.searchParams.get('state')}`;
  return t.app.inject({
    method: 'GET',
    url: `/api/auth/wechat/callback?${q}`,
    headers: { cookie: cookieOf(start.headers['set-cookie']), ...(token && bearer(token)) },
    remoteAddress: nextAddress(),
  });
}

/** A traveler made by WeChat alone. */
async function wechatOnly(person: { key: string; nickname: string }) {
  wx.person = person;
  const reply = (await wechatRoundTrip()).json();
  expect(reply.status).toBe('consents_needed');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/wechat/signup',
    payload: { signupToken: reply.signupToken, consents: withConsents.consents, locale: 'zh-CN' },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; id: number; username: string };
}

const deleted = async (id: number) =>
  (await t.database.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)))[0]?.deletedAt;

describe('DELETE /api/me without a password (decision 185)', () => {
  it('a phone-only account deletes itself with the deletion code texted to its phone, which says what it is for', async () => {
    const a = await phoneOnly();
    // Its password is one it never had.
    const withPassword = await send(a.token, 'DELETE', '/api/me', {
      password: 'anything-at-all',
      confirmation: a.username,
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().code).toBe('password_not_set');

    await endPause(a.phone);
    const sent = await send(a.token, 'POST', '/api/me/delete/code');
    expect(sent.statusCode).toBe(202);
    const { code, body } = await lastCode(t, a.phone);
    expect(body).toContain('code to delete your account');
    // A proof code is not a deletion code, nor the other way round.
    const wrong = await send(a.token, 'DELETE', '/api/me', {
      code: code === '000000' ? '111111' : '000000',
      confirmation: a.username,
    });
    expect(wrong.json().code).toBe('invalid_code');
    expect((await send(a.token, 'POST', '/api/me/reauth', { code })).json().code).toBe('code_expired');
    const mistyped = await send(a.token, 'DELETE', '/api/me', { code, confirmation: 'someone-else' });
    expect(mistyped.json().code).toBe('validation_failed');

    const res = await send(a.token, 'DELETE', '/api/me', { code, confirmation: a.username });
    expect(res.statusCode).toBe(204);
    expect(await deleted(a.id)).toBeInstanceOf(Date);
    expect((await me(a.token)).statusCode).toBe(401);
  });

  it("a deletion code is asked under the sign-in codes' limits, and only for a verified phone", async () => {
    const a = await phoneOnly();
    await endPause(a.phone);
    expect((await send(a.token, 'POST', '/api/me/delete/code')).statusCode).toBe(202);
    const again = await send(a.token, 'POST', '/api/me/delete/code');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('retry_later');

    const b = await signUp(t);
    const none = await send(b.token, 'POST', '/api/me/delete/code');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('no_verified_phone');
    expect((await send(b.token, 'DELETE', '/api/me', { code: '123456', confirmation: b.username })).json().code).toBe(
      'no_verified_phone',
    );
  });

  it('an account with a password still deletes with it, and giving nothing is deletion_proof_required', async () => {
    const b = await signUp(t);
    const nothing = await send(b.token, 'DELETE', '/api/me', { confirmation: b.username });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().code).toBe('deletion_proof_required');
    expect(
      (await send(b.token, 'DELETE', '/api/me', { password: 'not-it-at-all', confirmation: b.username })).json().code,
    ).toBe('wrong_password');
    expect(
      (await send(b.token, 'DELETE', '/api/me', { password: b.password, confirmation: b.username })).statusCode,
    ).toBe(204);
    expect(await deleted(b.id)).toBeInstanceOf(Date);
  });

  it('a WeChat-only account deletes itself after signing in with WeChat again: its stale session becomes proven, no second session opens', async () => {
    const w = await wechatOnly({ key: 'del-wx', nickname: '删号测试' });
    await staleProof(t, w.id);
    const stale = await send(w.token, 'DELETE', '/api/me', { confirmation: w.username });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('reauth_required');

    const proven = await wechatRoundTrip(w.token);
    expect(proven.statusCode).toBe(200);
    expect(proven.json()).toMatchObject({ status: 'proven', redirect: '/profile' });
    expect(proven.json().token).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, w.id))).toHaveLength(1);

    expect((await send(w.token, 'DELETE', '/api/me', { confirmation: w.username })).statusCode).toBe(204);
    expect(await deleted(w.id)).toBeInstanceOf(Date);
  });

  it("signed in as someone else, the WeChat sign-in opens that WeChat account's own session as before", async () => {
    const w = await wechatOnly({ key: 'other-wx', nickname: '别人' });
    const stranger = await signUp(t);
    const res = await wechatRoundTrip(stranger.token);
    expect(res.json()).toMatchObject({ status: 'signed_in', user: { id: w.id } });
  });
});

describe('GET and DELETE /api/me/sessions (decision 185)', () => {
  it("lists the live sessions, marks the current one, ends another (its socket closes) and answers 404 for another account's", async () => {
    const a = await signUp(t);
    const login = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: a.username, password: a.password },
          remoteAddress: nextAddress(),
          headers: {
            'user-agent':
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
          },
        })
      ).json().token as string;
    const phoneToken = await login();

    const list = await send(a.token, 'GET', '/api/me/sessions');
    expect(list.statusCode).toBe(200);
    const rows = list.json().sessions as {
      id: string;
      current: boolean;
      userAgent: string | null;
      createdAt: string;
      lastSeenAt: string | null;
    }[];
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const other = rows.find((r) => !r.current)!;
    expect(other.userAgent).toContain('iPhone');
    expect(other.lastSeenAt).not.toBeNull();

    const sock = connect(`${base}/ws?token=${phoneToken}`);
    await sock.opened;

    const stranger = await signUp(t);
    const foreign = await send(stranger.token, 'DELETE', `/api/me/sessions/${other.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await me(phoneToken)).statusCode).toBe(200);
    expect((await send(a.token, 'DELETE', '/api/me/sessions/not-a-uuid')).statusCode).toBe(400);

    expect((await send(a.token, 'DELETE', `/api/me/sessions/${other.id}`)).statusCode).toBe(204);
    expect(await sock.closed).toBe(WS_CLOSE.revoked);
    expect((await me(phoneToken)).statusCode).toBe(401);
    expect((await me(a.token)).statusCode).toBe(200);
    // Ended already: nothing left to end.
    expect((await send(a.token, 'DELETE', `/api/me/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await send(a.token, 'GET', '/api/me/sessions')).json().sessions).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('is documented in OpenAPI, with the deletion code', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(paths['/api/me/sessions'] ?? {})).toContain('get');
    expect(Object.keys(paths['/api/me/sessions/{id}'] ?? {})).toContain('delete');
    expect(Object.keys(paths['/api/me/delete/code'] ?? {})).toContain('post');
  });
});
