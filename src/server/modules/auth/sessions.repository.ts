import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { invalidateResetTokens } from './reset-tokens.repository';
import { signAccessToken } from './tokens';

/** Opens a session row and returns its bearer token. A sign-in is a proof of its owner, so the row starts proven (decision 183). */
export async function createSession(
  db: Database,
  opts: { userId: number; secret: string; ttlMs: number; userAgent?: string; ip?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + opts.ttlMs);
  const [row] = await db
    .insert(sessions)
    .values({ userId: opts.userId, expiresAt, provenAt: new Date(), userAgent: opts.userAgent?.slice(0, 300), ip: opts.ip })
    .returning({ id: sessions.id });
  const token = await signAccessToken({ userId: opts.userId, sessionId: row!.id }, opts.secret, expiresAt);
  return { token, sessionId: row!.id, expiresAt };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (password change or reset, account deletion, suspension) and voids
 * every reset link still outstanding: a link mailed before the change must not undo it.
 */
export async function revokeAllSessions(db: Database, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await invalidateResetTokens(db, userId);
}
