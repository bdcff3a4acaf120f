import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminAccount, promoteToAdmin } from './admin-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('npm run admin:create', () => {
  it('creates an admin who sets the password through the one-time link and then reaches the admin API', async () => {
    const { resetLink } = await createAdminAccount(
      t.database.db,
      { username: 'opsone', email: 'Ops.One@example.com' },
      'https://tabi.example',
    );
    const token = new URL(resetLink).searchParams.get('token')!;
    expect(resetLink).toMatch(/^https:\/\/tabi\.example\/reset-password\?token=[\w-]{43}$/);

    expect(
      (await post('/api/auth/reset-password', { token, password: 'Harbour2026!', confirmPassword: 'Harbour2026!' }))
        .statusCode,
    ).toBe(204);
    const login = await post('/api/auth/login', { username: 'opsone', password: 'Harbour2026!' });
    expect(login.statusCode).toBe(200);
    const admin = await t.app.inject({
      url: '/api/admin/applications',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(admin.statusCode).toBe(200);
    // The link works once.
    expect(
      (await post('/api/auth/reset-password', { token, password: 'Other2026!x', confirmPassword: 'Other2026!x' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a taken username or e-mail and a bad username; --promote makes an existing account an admin', async () => {
    await createAdminAccount(t.database.db, { username: 'opstwo', email: 'ops2@example.com' }, 'http://x');
    await expect(
      createAdminAccount(t.database.db, { username: 'opstwo', email: 'new@example.com' }, 'http://x'),
    ).rejects.toThrow(/taken/);
    await expect(
      createAdminAccount(t.database.db, { username: 'opsthree', email: 'OPS2@example.com' }, 'http://x'),
    ).rejects.toThrow(/already uses/);
    await expect(
      createAdminAccount(t.database.db, { username: 'No Spaces!', email: 'x@example.com' }, 'http://x'),
    ).rejects.toThrow();

    const signup = await post('/api/auth/signup', {
      username: 'plainuser',
      email: 'plain@example.com',
      password: 'Sakura2026!',
      confirmPassword: 'Sakura2026!',
      fullName: 'Plain User',
      emailUpdates: false,
    });
    expect(signup.statusCode).toBe(201);
    const before = await t.app.inject({
      url: '/api/admin/applications',
      headers: { authorization: `Bearer ${signup.json().token}` },
    });
    expect(before.statusCode).toBe(404);
    await promoteToAdmin(t.database.db, 'plainuser');
    const login = await post('/api/auth/login', { username: 'plainuser', password: 'Sakura2026!' });
    const after = await t.app.inject({
      url: '/api/admin/applications',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(after.statusCode).toBe(200);
  });
});
