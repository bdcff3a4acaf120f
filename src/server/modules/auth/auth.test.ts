import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, signUp } from '../../test/accounts';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/test-app';
import { authSuite } from './test-helpers';
import { signAccessToken } from './tokens';

/**
 * Accounts through the API: sign-up, username check, login and its throttles, sessions (the forgotten
 * password: password-reset.test.ts).
 */
const suite = authSuite();
const { post } = suite;
let t: TestApp;
beforeAll(() => {
  t = suite.fixture.t;
});

const signupBody = (o: Record<string, unknown> = {}) => ({
  username: 'mei',
  email: 'mei@example.com',
  password: 'Sakura2026!',
  confirmPassword: 'Sakura2026!',
  fullName: 'Mei Lin',
  emailUpdates: true,
  ...o,
});

describe('POST /api/auth/signup', () => {
  it('creates the account and returns a token with the user fields, never a hash', async () => {
    const res = await post('/api/auth/signup', signupBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body).toMatchObject({
      username: 'mei',
      email: 'mei@example.com',
      fullName: 'Mei Lin',
      role: 'traveler',
      isGuide: false,
      readReceiptsEnabled: true,
      emailUpdates: true,
      profilePicture: null,
      guideStatus: {
        shouldShowRoleSwitch: false,
        shouldShowBecomeGuideButton: true,
        shouldShowViewApplicationButton: false,
      },
    });
    expect(body.user).toMatchObject({ id: body.id, username: 'mei' });
    expect(new Date(body.joinedDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('Sakura2026!');
  });

  it('refuses a username taken in another case, and the same e-mail in another case', async () => {
    const res = await post('/api/auth/signup', signupBody({ username: 'MEI', email: 'other@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('username_taken');
    const res2 = await post('/api/auth/signup', signupBody({ username: 'meimei', email: 'MEI@Example.COM' }));
    expect(res2.statusCode).toBe(409);
    expect(res2.json().code).toBe('email_taken');
  });

  it('stores a username typed in capitals in lowercase', async () => {
    const res = await post('/api/auth/signup', signupBody({ username: 'Kenji88', email: 'kenji@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('kenji88');
  });

  it.each([
    ['a too short username', { username: 'ab' }, 'body.username'],
    ['a username with other characters', { username: 'mei_lin' }, 'body.username'],
    ['a username with a space', { username: 'mei lin' }, 'body.username'],
    ['a password under 8 characters', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'body.password'],
    ['a confirmation that does not match', { confirmPassword: 'Sakura2027!' }, 'body.confirmPassword'],
    ['an empty name', { fullName: '   ' }, 'body.fullName'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'body.email'],
  ])('refuses %s with 400 naming the field', async (_what, override, field) => {
    const res = await post(
      '/api/auth/signup',
      signupBody({ username: 'newperson', email: 'new@example.com', ...override }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
  });

  it('stores SQL and script payloads verbatim and returns them inert as JSON', async () => {
    const evilName = `Robert'); DROP TABLE users;-- <script>alert("x")</script>`;
    const res = await post(
      '/api/auth/signup',
      signupBody({ username: 'bobby', email: 'bobby@example.com', fullName: evilName }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().fullName).toBe(evilName);
    // The table is still there and the login works.
    const login = await post('/api/auth/login', { username: 'bobby', password: 'Sakura2026!' });
    expect(login.statusCode).toBe(200);
    expect(login.json().fullName).toBe(evilName);
    const injectedLogin = await post('/api/auth/login', { username: `' OR '1'='1`, password: `' OR '1'='1` });
    expect(injectedLogin.statusCode).toBe(401);
  });
});

describe('GET /api/auth/check-username', () => {
  it('says whether a name is free, case-insensitively, and whether it is valid', async () => {
    const check = async (u: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/auth/check-username?username=${encodeURIComponent(u)}` })).json();
    expect(await check('mei')).toEqual({ available: false, valid: true });
    expect(await check('MEI')).toEqual({ available: false, valid: true });
    expect(await check('sakura2026')).toEqual({ available: true, valid: true });
    expect(await check('no')).toEqual({ available: false, valid: false });
    expect(await check("x' or 1=1 --")).toEqual({ available: false, valid: false });
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the username or the e-mail, in any case', async () => {
    for (const username of ['mei', 'MEI', 'mei@example.com', 'Mei@Example.com']) {
      const res = await post('/api/auth/login', { username, password: 'Sakura2026!' });
      expect(res.statusCode, username).toBe(200);
      expect(res.json()).toMatchObject({ username: 'mei', user: { username: 'mei' } });
      expect(res.json().token).toBeTruthy();
      expect(res.body).not.toMatch(/scrypt/);
    }
  });

  it('answers a wrong password and an unknown user alike: 401 invalid_credentials', async () => {
    const wrong = await post('/api/auth/login', { username: 'mei', password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { username: 'nobody', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_credentials');
    }
  });

  it('needs both fields', async () => {
    const res = await post('/api/auth/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
  });

  it("pauses an attacker's address after 10 wrong passwords while the owner still logs in from their own", async () => {
    const victim = await signUp(t);
    const attacker = '10.201.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await post('/api/auth/login', { username: victim.username, password: `guess-${i}-x` }, {}, attacker))
          .statusCode,
      );
    expect(codes.every((c) => c === 401)).toBe(true);
    // Even the right password is refused from the attacker's address for a while.
    const blocked = await post(
      '/api/auth/login',
      { username: victim.username, password: victim.password },
      {},
      attacker,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The owner, from their own address, is not locked out.
    const owner = await post(
      '/api/auth/login',
      { username: victim.username, password: victim.password },
      {},
      '10.201.0.2',
    );
    expect(owner.statusCode).toBe(200);
    // Other accounts are not affected either.
    const other = await signUp(t);
    expect((await post('/api/auth/login', { username: other.username, password: other.password })).statusCode).toBe(
      200,
    );
  });

  it('counts failures per account, whether the username or the e-mail (any case) was typed', async () => {
    const victim = await signUp(t);
    const attacker = '10.202.0.1';
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/api/auth/login', { username: victim.username, password: `guess-${i}-x` }, {}, attacker))
          .statusCode,
      ).toBe(401);
    for (const login of [victim.email, victim.email.toUpperCase(), victim.username.toUpperCase()]) {
      const res = await post('/api/auth/login', { username: login, password: 'guess-more-x' }, {}, attacker);
      expect(res.statusCode, login).toBe(429);
      expect(res.json().code).toBe('rate_limited');
    }
  });

  it('throttles one address trying many accounts', async () => {
    const address = '10.200.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 30; i++)
      codes.push(
        (await post('/api/auth/login', { username: `ghost${i}`, password: 'whatever1' }, {}, address)).statusCode,
      );
    expect(codes.every((c) => c === 401)).toBe(true);
    const someone = await signUp(t);
    const res = await post('/api/auth/login', { username: someone.username, password: someone.password }, {}, address);
    expect(res.statusCode).toBe(429);
    // The same person from another address is fine.
    expect((await post('/api/auth/login', { username: someone.username, password: someone.password })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('an expired token is 401 TOKEN_EXPIRED', async () => {
    const u = await signUp(t);
    const claims = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString());
    const expired = await signAccessToken(
      { userId: u.id, sessionId: claims.sid },
      'test-secret-that-is-long-enough-0123456789',
      new Date(Date.now() - 60_000),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('a forged or garbled token is 401 unauthorized', async () => {
    const u = await signUp(t);
    const claims = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString());
    const forged = await signAccessToken(
      { userId: u.id, sessionId: claims.sid },
      'another-secret-that-is-long-enough-987654',
      new Date(Date.now() + 60_000),
    );
    for (const token of [forged, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('logout revokes the token; other sessions of the user live on', async () => {
    const u = await signUp(t);
    const second = (await post('/api/auth/login', { username: u.username, password: u.password })).json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(u.token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(u.token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(u.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthorized');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('logout without a token is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('dev helpers (outbox, tour day)', () => {
  it('exist only under NODE_ENV=test, never in development or production', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      const other = await createTestApp({ env: { ...PRODUCTION_ENV, NODE_ENV } });
      try {
        const res = await other.app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(res.statusCode, NODE_ENV).toBe(404);
        const tourDay = await other.app.inject({
          method: 'POST',
          url: '/api/dev/bookings/tour-day',
          payload: { bookingId: 1 },
        });
        expect(tourDay.statusCode, NODE_ENV).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});

describe('OpenAPI', () => {
  it('documents every account endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/check-username',
        '/api/auth/logout',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/me',
        '/api/me/role',
        '/api/me/password',
        '/api/me/avatar',
        '/api/me/background-image',
        '/api/me/export',
      ]),
    );
  });
});
