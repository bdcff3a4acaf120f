import { eq } from 'drizzle-orm';
import { currentConsents } from '../../shared/legal/documents';
import { sessions, users } from '../db/schema/index';
import { tokenFor } from './guide-fixtures';
import type { TestApp } from './test-app';

let counter = 0;
/** A fresh client address per call, so per-address rate limits of one test do not leak into another. */
export const nextAddress = () => `10.77.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

export interface SignedUp {
  token: string;
  id: number;
  username: string;
  password: string;
  email: string;
}

/** Signs a new user up through the API and returns its token. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const n = ++counter;
  const body = {
    username: `user${n}x${Math.floor(Math.random() * 1e6)}`,
    email: `user${n}.${Math.floor(Math.random() * 1e6)}@example.com`,
    password: 'Sakura2026!',
    confirmPassword: 'Sakura2026!',
    fullName: `Test User ${n}`,
    emailUpdates: false,
    ...overrides,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const reply = res.json();
  return {
    token: reply.token,
    id: reply.id,
    username: reply.username,
    password: String(body.password),
    email: reply.email,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Moves the proof of every session of the account 11 minutes back: as a session stolen after its sign-in would be
 * (decision 183).
 */
export async function staleProof(t: TestApp, userId: number): Promise<void> {
  await t.database.db
    .update(sessions)
    .set({ provenAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.userId, userId));
}

/** A fresh session for an existing account (a demo account of the seed, say), by username. */
export async function sessionFor(t: TestApp, username: string): Promise<{ id: number; token: string }> {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no account ${username}`);
  return { id: u.id, token: await tokenFor(t.database.db, u.id) };
}

/**
 * Consents to the current sensitive-data notice through the API, as the verification page does before
 * the first upload: identity uploads and submissions are refused without it (decision 131).
 */
export async function consentToSensitiveData<P extends { token: string }>(t: TestApp, who: P): Promise<P> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/consents',
    headers: bearer(who.token),
    payload: { consents: currentConsents(['sensitive_data']) },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`consent failed: ${res.statusCode} ${res.body}`);
  return who;
}
