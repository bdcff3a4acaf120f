import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-row';
import { sessions, users } from '../../db/schema/index';
import { TEST_SECRET } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { traveler, type Who } from '../messaging/test-helpers';
import { findLiveSession, liveSessionExists, liveSessionIds } from './live-session.repository';
import { verifyAccessToken } from './tokens';

/**
 * The one session check (`live-session.ts`) in each of its three forms, over the cases the four old
 * copies had between them: a live session lets in; revoked, expired, a deleted user or a suspended
 * one (which the WebSocket's copy forgot) does not; a token whose session is another user's neither.
 * REST answers 401 for each, as it did.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Case = { name: string; live: boolean; spoil: (who: Who, sessionId: string) => Promise<unknown> };
const db = () => t.database.db;
const CASES: Case[] = [
  { name: 'a live session', live: true, spoil: async () => undefined },
  {
    name: 'a revoked session',
    live: false,
    spoil: (_w, id) => db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id)),
  },
  {
    name: 'an expired session',
    live: false,
    spoil: (_w, id) =>
      db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, id)),
  },
  {
    name: 'a deleted user',
    live: false,
    spoil: (w) => db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.id)),
  },
  {
    name: 'a suspended user',
    live: false,
    spoil: (w) => db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, w.id)),
  },
];

describe('the live-session check', () => {
  it.each(CASES)(
    '$name: the same answer from REST, the lookup, the re-check and the SQL piece',
    async ({ live, spoil }) => {
      const who = await traveler(t);
      const claims = verifyAccessToken(who.token, TEST_SECRET);
      await spoil(who, claims.sessionId);

      const found = await findLiveSession(db(), claims);
      expect(found !== undefined).toBe(live);
      if (found) expect(found.user).toMatchObject({ id: who.id, role: 'traveler', isAdmin: false });
      expect((await liveSessionIds(db(), [claims.sessionId])).has(claims.sessionId)).toBe(live);
      const [row] = rowsOf<{ ok: boolean }>(
        await db().execute(sql`SELECT ${liveSessionExists(claims.sessionId, who.id)} AS ok`),
      );
      expect(row!.ok).toBe(live);

      const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${who.token}` } });
      expect(me.statusCode).toBe(live ? 200 : 401);
      if (!live)
        expect(me.json()).toMatchObject({
          code: 'unauthorized',
          message: 'This session has ended. Please log in again.',
        });
    },
  );

  it("is never another user's session", async () => {
    const a = await traveler(t);
    const b = await traveler(t);
    const claims = verifyAccessToken(a.token, TEST_SECRET);
    expect(await findLiveSession(db(), { ...claims, userId: b.id })).toBeUndefined();
    const [row] = rowsOf<{ ok: boolean }>(
      await db().execute(sql`SELECT ${liveSessionExists(claims.sessionId, b.id)} AS ok`),
    );
    expect(row!.ok).toBe(false);
    expect(await liveSessionIds(db(), [])).toEqual(new Set());
  });
});
