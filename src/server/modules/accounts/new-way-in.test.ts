import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, smsOutbox } from '../../db/schema/index';
import { bearer, nextAddress, signUp, staleProof } from '../../test/accounts';
import { lastCode, nextPhone, startPhone } from '../../test/phone';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestWeChat, type TestWeChat } from '../../test/wechat-server';

// A new way in — a phone, WeChat, the e-mail address, the password — needs a proof of the owner given
// within 10 minutes, and the account's e-mail and phone are told of it (decision 183). Each way in:
// refused on a session whose proof is stale, accepted after the password, accepted after a code to the
// verified phone, and the owner's other channel told.
let t: TestApp;
let wx: TestWeChat;
beforeAll(async () => {
  wx = await startTestWeChat();
  t = await createTestApp({ env: wx.env });
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

interface Owner {
  id: number;
  token: string;
  email: string;
  password: string;
  phone: string;
  /** The last mail before the test's own changes (adding the first phone sends one). */
  mailsFrom: number;
}

const post = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress: nextAddress() });
const endPause = (phone: string) =>
  t.app.inject({ method: 'POST', url: '/api/dev/sms/pause-ended', payload: { to: phone } });

/** Adds a number to the account with its code (the session is fresh from its sign-in, so proven). */
async function addPhone(token: string, phone: string) {
  await endPause(phone);
  expect((await startPhone(t, phone, { token })).statusCode).toBe(202);
  return post(token, '/api/me/phone/verify', { phone, code: (await lastCode(t, phone)).code });
}

/** An account with an e-mail address, a password and a verified phone: two channels to tell. */
async function owner(): Promise<Owner> {
  const a = await signUp(t);
  const phone = nextPhone();
  expect((await addPhone(a.token, phone)).statusCode).toBe(200);
  const mails = await mailsTo(a.email, 'way_in_changed');
  expect(mails.map((m) => m.textBody)).toEqual([expect.stringContaining('A phone number was added')]);
  return { ...a, phone, mailsFrom: mails[0]!.id };
}

const refused = (res: { statusCode: number; json(): { code: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().code).toBe('reauth_required');
};

async function proveWithPassword(o: Owner) {
  const res = await post(o.token, '/api/me/reauth', { password: o.password });
  expect(res.statusCode).toBe(200);
  expect(Date.parse(res.json().provenUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
}

async function proveWithCode(o: Owner) {
  await endPause(o.phone);
  expect((await post(o.token, '/api/me/reauth/code')).statusCode).toBe(202);
  const { code, body } = await lastCode(t, o.phone);
  expect(body).toContain('add or change a way to sign in');
  const wrong = await post(o.token, '/api/me/reauth', { code: code === '000000' ? '111111' : '000000' });
  expect(wrong.json().code).toBe('invalid_code');
  expect((await post(o.token, '/api/me/reauth', { code })).statusCode).toBe(200);
  // Once only.
  expect((await post(o.token, '/api/me/reauth', { code })).json().code).toBe('code_expired');
}

const mailsTo = async (address: string, template: string, after = 0) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template), gt(emailOutbox.id, after)));
const textsTo = async (phone: string) =>
  t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.template, 'way_in_changed')));

describe('a new way in needs a recent proof (decision 183)', () => {
  it('a phone: refused on a stale session, added after the password or a code to the old phone; e-mail and old phone told', async () => {
    const o = await owner();
    await staleProof(t, o.id);
    const next = nextPhone();
    refused(await startPhone(t, next, { token: o.token }));
    refused(await post(o.token, '/api/me/phone/verify', { phone: next, code: '123456' }));
    await proveWithPassword(o);
    expect((await addPhone(o.token, next)).statusCode).toBe(200);
    const [mail] = await mailsTo(o.email, 'way_in_changed', o.mailsFrom);
    expect(mail!.textBody).toContain('A phone number was added to your Tabi Guides account');
    expect(mail!.textBody).toContain(`${t.app.ctx.config.appUrl}/profile/sessions`);
    expect((await textsTo(o.phone)).map((m) => m.body)).toEqual([expect.stringContaining('A phone number was added')]);

    // Now the new number is the verified one: a code to it proves the owner for the next change.
    const moved = { ...o, phone: next };
    await staleProof(t, o.id);
    const third = nextPhone();
    refused(await startPhone(t, third, { token: o.token }));
    await proveWithCode(moved);
    expect((await addPhone(o.token, third)).statusCode).toBe(200);
    expect(await textsTo(next)).toHaveLength(1);
    expect(await mailsTo(o.email, 'way_in_changed', o.mailsFrom)).toHaveLength(2);
  });

  it('WeChat: the link is refused on a stale session, started after the password or a phone code; both channels told', async () => {
    const o = await owner();
    await staleProof(t, o.id);
    refused(await post(o.token, '/api/me/wechat/link'));
    await proveWithPassword(o);
    wx.person = { key: `reauth-${o.id}`, nickname: '验证' };
    const start = await post(o.token, '/api/me/wechat/link');
    expect(start.statusCode).toBe(200);
    const back = await fetch(start.json().url, { redirect: 'manual' });
    const returned = new URL(String(back.headers.get('location')));
    const cookie = String([start.headers['set-cookie'] ?? ''].flat()[0]).split(';')[0]!;
    const linked = await t.app.inject({
      method: 'GET',
      url: `/api/auth/wechat/callback?code=${returned.searchParams.get('code')}&state=${returned.searchParams.get('state')}`,
      headers: { cookie, ...bearer(o.token) },
      remoteAddress: nextAddress(),
    });
    expect(linked.json().status).toBe('linked');
    expect((await mailsTo(o.email, 'way_in_changed', o.mailsFrom)).map((m) => m.textBody)).toEqual([
      expect.stringContaining('A WeChat was linked'),
    ]);
    expect((await textsTo(o.phone)).map((m) => m.body)).toEqual([expect.stringContaining('A WeChat was linked')]);

    await staleProof(t, o.id);
    refused(await post(o.token, '/api/me/wechat/link'));
    await proveWithCode(o);
    expect((await post(o.token, '/api/me/wechat/link')).statusCode).toBe(200);
  });

  it('the e-mail address: refused on a stale session without the password, changed after a proof; old address and phone told', async () => {
    const o = await owner();
    await staleProof(t, o.id);
    const first = `first.${o.id}@example.com`;
    refused(
      await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(o.token), payload: { email: first } }),
    );
    await proveWithPassword(o);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(o.token),
      payload: { email: first },
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailsTo(o.email, 'email_changed')).toHaveLength(1);
    expect((await textsTo(o.phone)).map((m) => m.body)).toEqual([
      expect.stringContaining('The e-mail address of your Tabi Guides account was changed'),
    ]);

    await staleProof(t, o.id);
    const second = `second.${o.id}@example.com`;
    refused(
      await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(o.token), payload: { email: second } }),
    );
    await proveWithCode(o);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(o.token), payload: { email: second } }))
        .statusCode,
    ).toBe(200);
    expect(await mailsTo(first, 'email_changed')).toHaveLength(1);
    expect(await textsTo(o.phone)).toHaveLength(2);
  });

  it('the password: refused on a stale session without the current one, changed after a proof; e-mail and phone told', async () => {
    const o = await owner();
    await staleProof(t, o.id);
    const change = (token: string, newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/password',
        headers: bearer(token),
        payload: { newPassword, confirmPassword: newPassword },
      });
    refused(await change(o.token, 'Fuji2026!!'));
    await proveWithPassword(o);
    const changed = await change(o.token, 'Fuji2026!!');
    expect(changed.statusCode).toBe(200);
    expect((await mailsTo(o.email, 'way_in_changed', o.mailsFrom)).map((m) => m.textBody)).toEqual([
      expect.stringContaining('The password of your Tabi Guides account was changed'),
    ]);
    expect(await textsTo(o.phone)).toHaveLength(1);

    // The change gave this device a fresh session, proven by the change; once stale, a phone code proves it again.
    const again = { ...o, token: changed.json().token as string, password: 'Fuji2026!!' };
    await staleProof(t, o.id);
    refused(await change(again.token, 'Kyoto2026!!'));
    await proveWithCode(again);
    expect((await change(again.token, 'Kyoto2026!!')).statusCode).toBe(200);
    expect(await textsTo(o.phone)).toHaveLength(2);
  });

  it('a wrong password proves nothing, and an account without a verified phone has no code to ask for', async () => {
    const a = await signUp(t);
    await staleProof(t, a.id);
    const wrong = await post(a.token, '/api/me/reauth', { password: 'not-mine' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    refused(await post(a.token, '/api/me/wechat/link'));
    expect((await post(a.token, '/api/me/reauth/code')).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/reauth', payload: { password: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it("the notices are in the owner's language", async () => {
    const a = await signUp(t, { locale: 'ja' });
    const phone = nextPhone();
    expect((await addPhone(a.token, phone)).statusCode).toBe(200);
    const [mail] = await mailsTo(a.email, 'way_in_changed');
    expect(mail!.subject).toBe('Tabi Guidesアカウントのログイン方法が変更されました');
    expect(mail!.textBody).toContain('電話番号が登録');
  });
});
