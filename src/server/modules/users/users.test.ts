import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../../db/schema/index';
import { bearer, nextAddress, signUp, staleProof } from '../../test/accounts';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-users-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const patch = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: bearer(token) });

// A 1×1 PNG whose compressed pixel data is damaged (libpng reports an error), which browsers and the server tolerate.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);
// Each upload from its own address, so the per-address upload limit (30 in 10 minutes) never trips.
const upload = (token: string, url: string, data: Buffer) => {
  const m = multipartBody([{ field: 'file', data, name: 'photo.png', type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...bearer(token) },
    remoteAddress: nextAddress(),
  });
};

describe('GET/PATCH /api/me', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('returns the caller, and only the caller', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await me(a.token)).json()).toMatchObject({ id: a.id, username: a.username, email: a.email });
    expect((await me(b.token)).json()).toMatchObject({ id: b.id, username: b.username });
    // `hasPassword` (decision 147) says only whether one is set; the hash itself never leaves.
    expect((await me(a.token)).body).not.toMatch(/scrypt|password_?hash/i);
    expect((await me(a.token)).json()).toMatchObject({ hasPassword: true, phone: null });
  });

  it('updates personal info and privacy; an id in the body cannot reach another user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await patch(a.token, '/api/me', {
      id: b.id,
      nickname: 'Mei',
      gender: 'female',
      age: 29,
      city: 'Shanghai',
      mbti: 'ENFP',
      bio: 'I love onsen.',
      readReceiptsEnabled: false,
      emailUpdates: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      nickname: 'Mei',
      gender: 'female',
      age: 29,
      city: 'Shanghai',
      mbti: 'ENFP',
      readReceiptsEnabled: false,
      emailUpdates: true,
    });
    expect((await me(b.token)).json()).toMatchObject({ nickname: null, readReceiptsEnabled: true });
    // Empty text clears a field.
    expect((await patch(a.token, '/api/me', { nickname: '' })).json().nickname).toBeNull();
  });

  it('refuses invalid values and an e-mail someone else has', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (const body of [{ age: 7 }, { gender: 'robot' }, { mbti: 'ABCD' }, { email: 'nope' }, { fullName: '' }]) {
      const res = await patch(a.token, '/api/me', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await patch(a.token, '/api/me', { email: b.email.toUpperCase(), currentPassword: a.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    // The same address (in any case) is no change: no password needed.
    expect((await patch(a.token, '/api/me', { email: a.email.toUpperCase(), fullName: 'Same Mail' })).statusCode).toBe(
      200,
    );
  });

  it('changes the e-mail only with the current password (or a recent proof, decision 183), and tells the old address', async () => {
    const a = await signUp(t);
    await staleProof(t, a.id);
    const next = `moved.${a.username}@example.com`;
    const missing = await patch(a.token, '/api/me', { email: next });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'reauth_required' });
    const wrong = await patch(a.token, '/api/me', { email: next, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', fields: [{ path: 'body.currentPassword' }] });
    expect((await me(a.token)).json().email).toBe(a.email);

    const ok = await patch(a.token, '/api/me', { email: next, currentPassword: a.password, nickname: 'Moved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: next, nickname: 'Moved' });
    expect(ok.body).not.toContain('currentPassword');
    const notices = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.email))).filter(
      (m) => m.template === 'email_changed',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain(next);
    expect(notices[0]!.htmlBody).toContain('/help/contact');
    // Other fields never need the password.
    expect((await patch(a.token, '/api/me', { city: 'Chengdu' })).statusCode).toBe(200);
  });

  it('stores SQL and script payloads in every text field verbatim', async () => {
    const a = await signUp(t);
    const evil = `'; DELETE FROM users; -- <img src=x onerror=alert(1)><script>alert(1)</script>`;
    const res = await patch(a.token, '/api/me', { fullName: evil, nickname: evil.slice(0, 50), city: evil, bio: evil });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ fullName: evil, nickname: evil.slice(0, 50), city: evil, bio: evil });
    expect((await me(a.token)).json().bio).toBe(evil);
    expect((await t.database.db.select().from(users)).length).toBeGreaterThan(1);
  });
});

describe('PATCH /api/me/role', () => {
  it('refuses the guide view to a plain traveler', async () => {
    const a = await signUp(t);
    const res = await patch(a.token, '/api/me/role', { role: 'guide' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await me(a.token)).json().role).toBe('traveler');
  });

  it('accepts only traveler or guide', async () => {
    const a = await signUp(t);
    for (const role of ['admin', 'GUIDE', '', null])
      expect((await patch(a.token, '/api/me/role', { role })).statusCode).toBe(400);
  });

  it('lets a guide switch to the guide view and back', async () => {
    const g = await signUp(t);
    await t.database.db.update(users).set({ isGuide: true }).where(eq(users.id, g.id));
    const toGuide = await patch(g.token, '/api/me/role', { role: 'guide' });
    expect(toGuide.statusCode).toBe(200);
    expect(toGuide.json()).toMatchObject({
      role: 'guide',
      isGuide: true,
      guideStatus: { shouldShowRoleSwitch: true, shouldShowBecomeGuideButton: false },
    });
    const back = await patch(g.token, '/api/me/role', { role: 'traveler' });
    expect(back.json().role).toBe('traveler');
  });
});

describe('PUT /api/me/password', () => {
  it('needs the current password', async () => {
    const a = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(a.token),
      payload: { currentPassword: 'wrong-one', newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2026!!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wrong_password');
  });

  it('checks the new password rules', async () => {
    const a = await signUp(t);
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(a.token),
      payload: { currentPassword: a.password, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(a.token),
      payload: { currentPassword: a.password, newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2027!!' },
    });
    expect(mismatch.json().fields[0].path).toBe('body.confirmPassword');
  });

  it('ends every session and returns a fresh token for this device', async () => {
    const a = await signUp(t);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: a.username, password: a.password },
        remoteAddress: nextAddress(),
      })
    ).json().token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: bearer(a.token),
      payload: { currentPassword: a.password, newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2026!!' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: 'Fuji2026!!' },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('GET /api/me/export', () => {
  it('downloads the caller’s data as a JSON file, with no secrets and nothing of anyone else', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await patch(a.token, '/api/me', { bio: 'Ramen fan' });
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tabi-guides-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: a.id, username: a.username, email: a.email, bio: 'Ramen fan' });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(data.emails)).toBe(true);
    expect(res.body).not.toMatch(/scrypt|passwordHash|tokenHash|token_hash/);
    expect(res.body).not.toContain(b.username);
    expect(res.body).not.toContain(b.email);
  });
});

describe('DELETE /api/me', () => {
  it('needs the typed username and the password', async () => {
    const a = await signUp(t);
    const wrongName = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(a.token),
      payload: { password: a.password, confirmation: 'someone' },
    });
    expect(wrongName.statusCode).toBe(400);
    const wrongPw = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(a.token),
      payload: { password: 'not-it-at-all', confirmation: a.username },
    });
    expect(wrongPw.json().code).toBe('wrong_password');
    expect((await me(a.token)).statusCode).toBe(200);
  });

  it('anonymizes the account, removes its images and ends every session', async () => {
    const a = await signUp(t, { fullName: 'Real Name' });
    const avatar = (await upload(a.token, '/api/me/avatar', PNG)).json().profilePicture;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(a.token),
      payload: { password: a.password, confirmation: a.username.toUpperCase() },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(a.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: a.password },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({
      fullName: 'Deleted user',
      profilePicture: null,
      bio: null,
      city: null,
      username: `deleted_${a.id}`,
    });
    expect(row!.email).not.toContain(a.email);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, a.id));
    expect(live.every((s) => s.revokedAt && s.ip === null)).toBe(true);
    // The name and address are free again.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/auth/check-username?username=${a.username}` })).json().available,
    ).toBe(true);
  });
});
