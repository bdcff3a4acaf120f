import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/test-app';
import { authSuite } from './test-helpers';

/**
 * The forgotten password through the API: the mailed link, its one use and hour, a change that voids
 * it, the outbox without SMTP and the flood limit; apart from sign-up and login (auth.test.ts).
 */
const suite = authSuite();
const { post, outboxFor } = suite;
let t: TestApp;
beforeAll(() => {
  t = suite.fixture.t;
});

describe('password reset', () => {
  it('answers 202 for an unknown address and sends nothing', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(202);
    expect(
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nobody@example.com')),
    ).toHaveLength(0);
  });

  it('mails a one-hour, single-use link whose token is stored only as a SHA-256 hash; the reset ends every session', async () => {
    const u = await signUp(t, { locale: 'zh-CN' });
    const res = await post('/api/auth/forgot-password', { email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    const [mail] = await outboxFor(u.email);
    expect(mail!.status).toBe('logged');
    expect(mail!.subject).toBe('重置您的 Tabi 日本地陪密码');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const [stored] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    // The dev outbox shows it too (the browser tests read it there).
    const dev = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(u.email)}` });
    expect(dev.json().data[0].textBody).toContain(token);

    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: 'NewPass2026!',
      confirmPassword: 'Other2026!',
    });
    expect(mismatch.statusCode).toBe(400);

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'NewPass2026!',
      confirmPassword: 'NewPass2026!',
    });
    expect(reset.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(u.token) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: u.username, password: u.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: u.username, password: 'NewPass2026!' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', {
      token,
      password: 'Another2026!',
      confirmPassword: 'Another2026!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_reset_token');
  });

  it('refuses an expired link and an unknown one', async () => {
    const u = await signUp(t);
    await post('/api/auth/forgot-password', { email: u.email });
    const [mail] = await outboxFor(u.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, u.id));
    for (const tk of [token, 'made-up-token']) {
      const res = await post('/api/auth/reset-password', {
        token: tk,
        password: 'NewPass2026!',
        confirmPassword: 'NewPass2026!',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_reset_token');
    }
    expect((await post('/api/auth/login', { username: u.username, password: u.password })).statusCode).toBe(200);
  });
});

describe('a reset link mailed before a change', () => {
  it("stops working once the password is changed, and cannot end the owner's new sessions", async () => {
    const u = await signUp(t);
    await post('/api/auth/forgot-password', { email: u.email });
    const [mail] = await outboxFor(u.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(u.token),
      payload: { currentPassword: u.password, newPassword: 'Changed2026!', confirmPassword: 'Changed2026!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().token as string;
    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'Attacker2026!',
      confirmPassword: 'Attacker2026!',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('invalid_reset_token');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { username: u.username, password: 'Changed2026!' })).statusCode).toBe(200);
  });
});

describe('without SMTP_URL in production', () => {
  it('keeps the reset mail in the outbox and never writes its link to the log', async () => {
    const lines: string[] = [];
    const prod = await createTestApp({
      env: { ...PRODUCTION_ENV, LOG_LEVEL: 'info' },
      build: { logger: true, logDestination: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const u = await signUp(prod);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: u.email },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(202);
      await prod.app.jobs.settled();
      const [mail] = await prod.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.email));
      expect(mail!.status).toBe('pending');
      const log = lines.join('');
      expect(log).toContain('e-mail waiting in the outbox: set SMTP_URL');
      expect(log).not.toContain('reset-password?token=');
      expect(log).not.toContain(/token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!);
    } finally {
      await prod.close();
    }
  });
});

describe('reset e-mail flood protection', () => {
  it('sends at most 3 links per account per 15 minutes, answering 202 every time', async () => {
    const u = await signUp(t);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/forgot-password', { email: u.email })).statusCode).toBe(202);
    const mails = await outboxFor(u.email);
    expect(mails).toHaveLength(3);
  });
});
