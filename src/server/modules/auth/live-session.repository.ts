import { and, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { TokenClaims } from './tokens';

/**
 * The one rule for "this session still lets its user in", over `sessions` joined to its `users` row:
 * not revoked, not expired, the user neither deleted nor suspended. REST auth (`auth.plugin.ts`), the
 * WebSocket upgrade and its re-checks (`realtime/index.ts`) and the chat send's own check (decision
 * 089, `send.repository.ts`) all use it, each inside the one statement it already sends. `at` is the
 * clock expiry is judged by: the server's for the reads here (as before), the database's inside the
 * chat statement.
 * `live-session.test.ts` holds the cases.
 */
export function liveSessionCondition(at: Date | SQL = sql`now()`): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, at),
    isNull(users.deletedAt),
    isNull(users.suspendedAt),
  )!;
}

/**
 * The condition as an SQL piece for a hand-written statement: true when the session `sessionId` of
 * user `userId` is live. Its own `sessions` and `users` scope, so it fits anywhere a boolean does.
 * Either may be a prepared statement's placeholder (decision 189).
 */
export function liveSessionExists(sessionId: string | Placeholder, userId: number | Placeholder): SQL {
  return sql`EXISTS (SELECT 1 FROM ${sessions} JOIN ${users} ON ${users.id} = ${sessions.userId}
    WHERE ${sessions.id} = ${sessionId}::uuid AND ${sessions.userId} = ${userId} AND ${liveSessionCondition()})`;
}

/** What a caller with an ended session is told, by REST and the WebSocket upgrade alike. */
export const SESSION_ENDED_MESSAGE = 'This session has ended. Please log in again.';

export interface LiveSession {
  user: { id: number; username: string; role: 'traveler' | 'guide'; isGuide: boolean; isAdmin: boolean };
  expiresAt: Date;
  /** When the session was last noted as used (`touchSession`). */
  lastSeenAt: Date | null;
}

/** The verified token's session and user when the session is live; undefined when it is not. One statement. */
export async function findLiveSession(db: Database, claims: TokenClaims): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      isGuide: users.isGuide,
      isAdmin: users.isAdmin,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), liveSessionCondition(new Date())),
    );
  if (!row) return undefined;
  const { expiresAt, lastSeenAt, ...user } = row;
  return { user, expiresAt, lastSeenAt };
}

/** Of these sessions, the ones still live (the WebSocket re-checks). One statement. */
export async function liveSessionIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), liveSessionCondition(new Date())));
  return new Set(rows.map((r) => r.id));
}
