import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { findLiveSession, SESSION_ENDED_MESSAGE } from './live-session.repository';
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
    /** Set by `requireToken`: the verified token's user and session, whose liveness the route's own statement checks. */
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
  const live = await findLiveSession(app.ctx.database.db, claims);
  if (!live) throw new AppError('unauthorized', SESSION_ENDED_MESSAGE);
  return { ...live.user, sessionId: claims.sessionId };
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

/** The verified token of a route guarded by `requireToken` (its session is checked by the route's statement). */
export function currentClaims(request: FastifyRequest): TokenClaims {
  if (!request.tokenClaims) throw new AppError('unauthorized', 'Authentication required');
  return request.tokenClaims;
}

/** Where a request came from, as sessions and the login throttle record it. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
