import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consents, phoneCodes, users } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lastCode, nextPhone, startPhone, verifyPhone, withConsents } from '../../test/phone';

// Sign-in by phone (decision 147): the numbers accepted, the code's single use, tries and time, new
// accounts and their consents, and adding a number to an account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/auth/phone/start', () => {
  it("answers 202 alike for a number with an account and one without, and texts a 6-digit code in the reader's language", async () => {
    const known = nextPhone();
    const first = await verifyPhone(t, known, (await startAndRead(known)).code, withConsents);
    expect(first.statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const fresh = nextPhone();
    const a = await startPhone(t, known);
    const b = await startPhone(t, fresh, { lang: 'zh-CN,zh;q=0.9' });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    const { code, body } = await lastCode(t, fresh);
    expect(body).toBe(`【Tabi Guides】您正在注册 Tabi Guides，验证码 ${code}，5分钟内有效。请勿告诉他人。`);
    const ja = nextPhone();
    await startPhone(t, ja, { lang: 'ja' });
    expect((await lastCode(t, ja)).body).toMatch(
      /^【Tabi Guides】新規登録用の認証コードは \d{6} です。5分間有効です。/,
    );
  });

  it('refuses what is not a mobile number (invalid_phone) and numbers of countries not served (unsupported_country)', async () => {
    for (const phone of ['13800138000', '+861012345678', '+86138', 'call me']) {
      const res = await startPhone(t, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().code, phone).toBe('invalid_phone');
    }
    const german = await startPhone(t, '+4915123456789');
    expect(german.statusCode).toBe(400);
    expect(german.json().code).toBe('unsupported_country');
    for (const phone of ['+819012345678', '+85261234567', '+12015550123'])
      expect((await startPhone(t, phone)).statusCode, phone).toBe(202);
  });

  it('keeps only a keyed hash of the code, never the code itself', async () => {
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    const [row] = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
  });
});

describe('POST /api/auth/phone/verify', () => {
  it('makes a traveler account for a new number once the sign-up documents are accepted and a name given, with no e-mail and no password', async () => {
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    const without = await verifyPhone(t, phone, code);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('consent_required');
    expect(without.json().fields.map((f: { path: string }) => f.path)).toContain('body.fullName');
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    // The documents without a name, a blank name, or a protected title as a name: still no account.
    const nameless = await verifyPhone(t, phone, code, { consents: withConsents.consents });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.fullName' }] });
    expect((await verifyPhone(t, phone, code, { ...withConsents, fullName: '  ' })).statusCode).toBe(400);
    const titled = await verifyPhone(t, phone, code, {
      ...withConsents,
      fullName: '全国通訳案内士 岡田',
      locale: 'ja',
    });
    expect(titled.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    // The code is still good for the answer with the consents and the name.
    const res = await verifyPhone(t, phone, code, { ...withConsents, fullName: '岡田 真司', locale: 'zh-CN' });
    expect(res.statusCode).toBe(201);
    const reply = res.json();
    expect(reply.token).toEqual(expect.any(String));
    expect(reply.user).toMatchObject({
      phone,
      fullName: '岡田 真司',
      email: null,
      hasPassword: false,
      role: 'traveler',
      locale: 'zh-CN',
    });
    expect(reply.user.username).toMatch(/^tabi[a-z0-9]{8}$/);
    expect(await t.database.db.select().from(consents).where(eq(consents.userId, reply.user.id))).toHaveLength(3);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(reply.token) });
    expect(me.json()).toMatchObject({ id: reply.user.id, phone });
  });

  it('signs the same account in again with a new code, and a code signs in only once', async () => {
    const phone = nextPhone();
    const created = (await verifyPhone(t, phone, (await startAndRead(phone)).code, withConsents)).json();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const { code } = await startAndRead(phone);
    const again = await verifyPhone(t, phone, code);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(created.user.id);
    const replay = await verifyPhone(t, phone, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('code_expired');
  });

  it('answers a wrong code invalid_code five times, then code_expired even for the right one', async () => {
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verifyPhone(t, phone, wrong, withConsents);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_code');
    }
    const sixth = await verifyPhone(t, phone, code, withConsents);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('code_expired');
  });

  it('takes the right code on the fifth try', async () => {
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await verifyPhone(t, phone, wrong, withConsents)).json().code).toBe('invalid_code');
    expect((await verifyPhone(t, phone, code, withConsents)).statusCode).toBe(201);
  });

  it('refuses a code after its 5 minutes, and a code nobody asked for', async () => {
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const late = await verifyPhone(t, phone, code, withConsents);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('code_expired');
    const never = await verifyPhone(t, nextPhone(), '123456', withConsents);
    expect(never.json().code).toBe('code_expired');
  });

  it('keeps a suspended account out, after the right code only', async () => {
    const phone = nextPhone();
    const created = (await verifyPhone(t, phone, (await startAndRead(phone)).code, withConsents)).json();
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, created.user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const res = await verifyPhone(t, phone, (await startAndRead(phone)).code);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_suspended');
  });

  it('an account made by phone has no password: password login refuses it as it refuses a wrong password', async () => {
    const phone = nextPhone();
    const created = (await verifyPhone(t, phone, (await startAndRead(phone)).code, withConsents)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: created.user.username, password: 'anything-at-all' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_credentials');
    // Setting a first password needs no current one; afterwards both ways lead in.
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(created.token),
      payload: { newPassword: 'Sakura2026!', confirmPassword: 'Sakura2026!' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.hasPassword).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: created.user.username, password: 'Sakura2026!' },
      remoteAddress: nextAddress(),
    });
    expect(login.json().user.id).toBe(created.user.id);
  });
});

describe('POST /api/me/phone/start and /verify', () => {
  it('adds a number to an account, which then signs in by password or by phone to the same account', async () => {
    const a = await signUp(t);
    const phone = nextPhone();
    expect((await startPhone(t, phone, { token: a.token })).statusCode).toBe(202);
    const { code } = await lastCode(t, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      headers: bearer(a.token),
      payload: { phone, code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, phone, hasPassword: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const byPhone = await verifyPhone(t, phone, (await startAndRead(phone)).code);
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().user.id).toBe(a.id);
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: a.password },
      remoteAddress: nextAddress(),
    });
    expect(byPassword.json().user.id).toBe(a.id);
  });

  it('refuses a number another account holds with 409 phone_taken', async () => {
    const phone = nextPhone();
    await verifyPhone(t, phone, (await startAndRead(phone)).code, withConsents);
    const b = await signUp(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await startPhone(t, phone, { token: b.token });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      headers: bearer(b.token),
      payload: { phone, code: (await lastCode(t, phone)).code },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('phone_taken');
    const [holder] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    expect(holder!.id).not.toBe(b.id);
  });

  it("takes only a code sent for this account: a sign-in code, or another account's, is code_expired", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const phone = nextPhone();
    const { code } = await startAndRead(phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      headers: bearer(a.token),
      payload: { phone, code },
    });
    expect(res.json().code).toBe('code_expired');
    const other = nextPhone();
    await startPhone(t, other, { token: a.token });
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      headers: bearer(b.token),
      payload: { phone: other, code: (await lastCode(t, other)).code },
    });
    expect(stolen.json().code).toBe('code_expired');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/me/phone/start', payload: { phone: nextPhone() } });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the four phone endpoints with their statuses and error codes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = (path: string) => doc.paths[path]?.post;
    expect(Object.keys(op('/api/auth/phone/start').responses)).toEqual(
      expect.arrayContaining(['202', '400', '429', '503']),
    );
    expect(Object.keys(op('/api/auth/phone/verify').responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '403']),
    );
    expect(Object.keys(op('/api/me/phone/start').responses)).toEqual(expect.arrayContaining(['202', '401', '429']));
    expect(Object.keys(op('/api/me/phone/verify').responses)).toEqual(expect.arrayContaining(['200', '401', '409']));
    expect(op('/api/auth/phone/start').description).toContain('unsupported_country');
    expect(op('/api/me/phone/verify').description).toContain('phone_taken');
  });
});

async function startAndRead(phone: string) {
  const res = await startPhone(t, phone);
  if (res.statusCode !== 202) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  return lastCode(t, phone);
}
