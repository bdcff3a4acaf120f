import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/client';
import type { AppInstance } from '../../lib/types';
import { findLiveSession, SESSION_ENDED_MESSAGE } from './live-session.repository';
import { assertRecentProof } from './session-proof.repository';
import { LAST_SEEN_STEP_MS, touchSession } from './sessions.repository';
import { verifyAccessToken, type TokenClaims } from './tokens';

/** Who is calling: set by `optionalAuth` / `requireAuth`, null for visitors. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface AuthUser {
  id: number;
  sessionId: string;
  username: string;
  role: 'traveler' | 'guide';
  isGuide: boolean;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /**
     * Set by `requireToken`: the verified token's user and session, whose liveness the route's own statement checks.
     */
    tokenClaims: TokenClaims | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Resolves the caller from the bearer token: the token must verify and its session be live (`live-session.ts`). */
async function resolveUser(app: AppInstance, token: string): Promise<AuthUser> {
  const claims = await verifyAccessToken(token, app.ctx.jwtSecret);
  return liveUser(app.ctx.database.db, { id: claims.userId, sessionId: claims.sessionId });
}

/**
 * The caller of a route guarded by `requireToken`: its token verified, its session not read yet. The
 * route's own first statement checks the session (`liveSessionExists`) and answers `sessionEnded()`
 * when it has ended (decisions 089, 149).
 */
export interface TokenCaller {
  id: number;
  /**
   * Null when the server acts for the user without a session of theirs (a guide's acceptance books for the traveler).
   */
  sessionId: string | null;
}

/** The 401 of an ended session (revoked, expired, its user deleted or suspended), as `requireAuth` answers it. */
export const sessionEnded = () => new AppError('unauthorized', SESSION_ENDED_MESSAGE);

/**
 * The whole user of a `TokenCaller`, read in one statement as `requireAuth` reads it; 401 when the
 * session has ended. For a `requireToken` route's path that needs more than the id, or whose own
 * statement found nothing to check the session with (a missing resource is a 404 only for a live session).
 */
export async function liveUser(db: Database, caller: TokenCaller & { sessionId: string }): Promise<AuthUser> {
  const live = await findLiveSession(db, { userId: caller.id, sessionId: caller.sessionId });
  if (!live) throw sessionEnded();
  // The sessions page's "last seen" (decision 185): written at most once per step, not on every request.
  if (!live.lastSeenAt || Date.now() - live.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS)
    await touchSession(db, caller.sessionId);
  return { ...live.user, sessionId: caller.sessionId };
}

/**
 * Registers `request.user` and three guards on the app: `app.optionalAuth` (a bad token is still
 * a 401, a missing one is a visitor), `app.requireAuth` (no token is a 401 `unauthorized`) and
 * `app.requireAdmin` (anyone but an admin: 404). Routes run them as `onRequest`, before the body
 * is validated, so an anonymous caller learns nothing but 401.
 */
export function registerAuth(app: AppInstance): void {
  app.decorateRequest('user', null);
  const optionalAuth = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    request.user = token ? await resolveUser(app, token) : null;
  };
  const requireAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
    await optionalAuth(request);
    if (!request.user) throw new AppError('unauthorized', 'Authentication required');
  };
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAuth(request, reply);
    // Admin areas are invisible to everyone else.
    if (!request.user?.isAdmin) throw new AppError('not_found', 'Not found');
  };
  app.decorate('optionalAuth', optionalAuth);
  /**
   * A hot path's guard (decision 089): the token must verify, but the session is not read
   * here; the route's one statement checks it is live and answers 401 as `requireAuth` would.
   */
  const requireToken = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Authentication required');
    request.tokenClaims = await verifyAccessToken(token, app.ctx.jwtSecret);
  };
  app.decorateRequest('tokenClaims', null);
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireAdmin', requireAdmin);
  app.decorate('requireToken', requireToken);
}

declare module 'fastify' {
  interface FastifyInstance {
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in caller of a route guarded by `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', 'Authentication required');
  return request.user;
}

/** `liveUser`'s check alone: nothing to check when the server acts without the user's session. */
export async function assertLive(db: Database, caller: TokenCaller): Promise<void> {
  if (caller.sessionId !== null) await liveUser(db, { id: caller.id, sessionId: caller.sessionId });
}

/** The caller of a route guarded by `requireToken` (its session is checked by the route's statement). */
export function tokenCaller(request: FastifyRequest): TokenCaller & { sessionId: string } {
  const claims = currentClaims(request);
  return { id: claims.userId, sessionId: claims.sessionId };
}

/** The verified token of a route guarded by `requireToken` (its session is checked by the route's statement). */
export function currentClaims(request: FastifyRequest): TokenClaims {
  if (!request.tokenClaims) throw new AppError('unauthorized', 'Authentication required');
  return request.tokenClaims;
}

/** Where a request came from, as sessions and the login throttle record it. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * A `preHandler` (after `requireAuth`) for the routes that add or change a way in: 403 reauth_required
 * unless this session proved its owner within the last 10 minutes (decision 183).
 */
export const requireRecentProof = (app: AppInstance) => async (request: FastifyRequest) =>
  assertRecentProof(app.ctx.database.db, currentUser(request).sessionId);
