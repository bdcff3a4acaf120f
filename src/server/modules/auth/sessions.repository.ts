import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { invalidateResetTokens } from './reset-tokens.repository';
import { signAccessToken } from './tokens';

/**
 * Opens a session row and returns its bearer token. A sign-in is a proof of its owner, so the row starts proven
 * (decision 183).
 */
export async function createSession(
  db: Database,
  opts: { userId: number; secret: string; ttlMs: number; userAgent?: string; ip?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + opts.ttlMs);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: opts.userId,
      expiresAt,
      provenAt: new Date(),
      lastSeenAt: new Date(),
      userAgent: opts.userAgent?.slice(0, 300),
      ip: opts.ip,
    })
    .returning({ id: sessions.id });
  const token = await signAccessToken({ userId: opts.userId, sessionId: row!.id }, opts.secret, expiresAt);
  return { token, sessionId: row!.id, expiresAt };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (password change or reset, account deletion, suspension) and voids
 * every reset link still outstanding: a link mailed before the change must not undo it.
 */
export async function revokeAllSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await invalidateResetTokens(db, userId);
}

/** The account's sessions still live (not ended, not expired), newest use first: the sessions page (decision 185). */
export async function listLiveSessions(db: Database, userId: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
}

/**
 * Ends one live session of this user; false when the user has none by that id (another's, ended, unknown: a 404 to the
 * caller).
 */
export async function revokeOwnSession(db: Database, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * How stale `last_seen_at` may get before a request writes it again: one write per session per few minutes, not per
 * request.
 */
export const LAST_SEEN_STEP_MS = 5 * 60_000;

/** Notes the session as used now, unless it was within the step (one statement, a no-op most of the time). */
export async function touchSession(db: Database, sessionId: string): Promise<void> {
  const stale = new Date(Date.now() - LAST_SEEN_STEP_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
}
