import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE, type RealtimeEvent } from '../../shared/realtime';
import { AppError } from '../lib/app-error';
import type { Database } from '../db/client';
import type { AppInstance } from '../lib/types';
import { findLiveSession, liveSessionIds, SESSION_ENDED_MESSAGE, verifyAccessToken } from '../modules/auth/index';
import { MemoryHub, realtimeChannel, RedisHub, type Hub, type HubMessage } from './hub';

export { MemoryHub, RedisHub, type Hub, type HubMessage } from './hub';

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: string;
  expiryTimer: NodeJS.Timeout;
}

/** Pushes events to users' open sockets, on this instance and (through the hub) every other. */
export interface Realtime {
  readonly hub: Hub;
  /** Sends an event to every socket of these users, wherever they are connected. */
  send(userIds: number[], event: RealtimeEvent): void;
  /** Re-checks a user's sessions on every instance and closes sockets of ended ones. */
  revalidate(userId: number): void;
  /** Sockets open on this instance (tests, metrics). */
  localCount(userId?: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** How often every socket's session is re-checked, for endings no request here announced (password reset). */
const SWEEP_MS = 60_000;
/** Requests after which the caller's sessions may have ended: close their sockets at once. */
const SESSION_ENDING = [
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'PATCH', url: '/api/me/password' },
  { method: 'POST', url: '/api/me/password' },
  { method: 'PUT', url: '/api/me/password' },
  { method: 'DELETE', url: '/api/me' },
];

/** A user's open sockets on this instance, by user id. */
type SocketsByUser = Map<number, Set<Connection>>;
/** Who a socket's token names, and until when its session lasts. */
type SocketAuth = Awaited<ReturnType<typeof authenticateSocket>>;

/**
 * WebSocket `/ws?token=…` on the app's port (docs/rules/messaging.md). Only a token that verifies, is not expired
 * and whose session is live connects (otherwise the upgrade is answered 401). A socket closes when its
 * token expires (4402) or its session ends (4403); the client stops reconnecting on both.
 */
export async function registerRealtime(app: AppInstance): Promise<Realtime> {
  const hub = hubFor(app);
  const byUser: SocketsByUser = new Map();
  const db = app.ctx.database.db;
  hub.subscribe((message: HubMessage) => deliverHere(app, db, byUser, message));
  const realtime = realtimeOver(app, hub, byUser);
  app.decorate('realtime', realtime);
  await registerSocketServer(app);
  const sweep = sweepSessions(app, db, byUser);
  addLifecycleHooks(app, hub, byUser, sweep, realtime);
  registerSocketRoute(app, db, byUser);
  return realtime;
}

/** Redis carries events between instances when REDIS_URL is set; alone, the hub is in memory. */
function hubFor(app: AppInstance): Hub {
  const config = app.ctx.config;
  return config.redisUrl
    ? new RedisHub(
        config.redisUrl,
        (err) => app.log.warn({ err }, 'redis hub error'),
        realtimeChannel(config.redisKeyPrefix),
        app.redisGuard,
      )
    : new MemoryHub();
}

function dropConnection(byUser: SocketsByUser, c: Connection): void {
  clearTimeout(c.expiryTimer);
  const set = byUser.get(c.userId);
  set?.delete(c);
  if (set && set.size === 0) byUser.delete(c.userId);
}

/** Closes sockets whose session is no longer live (revoked, expired, the user deleted or suspended). */
async function closeEndedSessions(db: Database, conns: Connection[]): Promise<void> {
  if (conns.length === 0) return;
  const liveIds = await liveSessionIds(db, [...new Set(conns.map((c) => c.sessionId))]);
  for (const c of conns) if (!liveIds.has(c.sessionId)) c.socket.close(WS_CLOSE.revoked, 'session ended');
}

/** What the hub brings: a session re-check for a user, or an event for the sockets connected here. */
function deliverHere(app: AppInstance, db: Database, byUser: SocketsByUser, message: HubMessage): void {
  if ('revalidate' in message) {
    closeEndedSessions(db, [...(byUser.get(message.revalidate) ?? [])]).catch((err) =>
      app.log.warn({ err }, 'socket session check failed'),
    );
    return;
  }
  // Every instance hears every event, and most name no one connected here: serialize only for a socket.
  let data: string | undefined;
  for (const userId of message.to) {
    for (const c of byUser.get(userId) ?? [])
      if (c.socket.readyState === c.socket.OPEN) c.socket.send((data ??= JSON.stringify(message.event)));
  }
}

function realtimeOver(app: AppInstance, hub: Hub, byUser: SocketsByUser): Realtime {
  const publish = (message: HubMessage) => {
    hub.publish(message).catch((err) => app.log.warn({ err }, 'real-time publish failed'));
  };
  return {
    hub,
    send: (userIds, event) => {
      const to = [...new Set(userIds)];
      if (to.length) publish({ to, event });
    },
    revalidate: (userId) => publish({ revalidate: userId }),
    localCount: (userId) =>
      userId === undefined ? [...byUser.values()].reduce((n, s) => n + s.size, 0) : (byUser.get(userId)?.size ?? 0),
  };
}

async function registerSocketServer(app: AppInstance): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On close (SIGTERM): every socket gets 1001 "going away"; the web client reconnects (to another
    // instance behind the balancer) and refetches on open. The library's default sends no code.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE.goingAway, 'going away');
      this.websocketServer.close();
      done();
    },
  });
}

/** Every SWEEP_MS, re-checks the session of every socket here; the timer does not keep the process alive. */
function sweepSessions(app: AppInstance, db: Database, byUser: SocketsByUser): NodeJS.Timeout {
  const sweep = setInterval(() => {
    closeEndedSessions(
      db,
      [...byUser.values()].flatMap((s) => [...s]),
    ).catch((err) => app.log.warn({ err }, 'socket sweep failed'));
  }, SWEEP_MS);
  sweep.unref();
  return sweep;
}

/**
 * The hub opens with the app and closes with it, after the sockets; a SESSION_ENDING request re-checks its caller's
 * sockets.
 */
function addLifecycleHooks(
  app: AppInstance,
  hub: Hub,
  byUser: SocketsByUser,
  sweep: NodeJS.Timeout,
  realtime: Realtime,
): void {
  app.addHook('onReady', async () => hub.ready());
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    for (const set of byUser.values()) for (const c of set) c.socket.close(WS_CLOSE.goingAway, 'going away');
    await hub.close();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.user || reply.statusCode >= 400) return;
    const url = request.url.split('?')[0];
    if (SESSION_ENDING.some((e) => e.method === request.method && e.url === url)) realtime.revalidate(request.user.id);
  });
}

async function authenticateSocket(app: AppInstance, db: Database, request: FastifyRequest) {
  const token = (request.query as { token?: unknown }).token;
  if (typeof token !== 'string' || !token || token.length > 4096)
    throw new AppError('unauthorized', 'A token is required');
  const claims = await verifyAccessToken(token, app.ctx.jwtSecret);
  // The same session check as REST's (`live-session.ts`): a suspended user connects no more than they call.
  const live = await findLiveSession(db, claims);
  if (!live) throw new AppError('unauthorized', SESSION_ENDED_MESSAGE);
  return { ...claims, expiresAt: live.expiresAt };
}

function registerSocketRoute(app: AppInstance, db: Database, byUser: SocketsByUser): void {
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: an anonymous or stale caller gets a plain 401 and no socket.
      preValidation: async (request) => {
        (request as FastifyRequest & { wsAuth?: SocketAuth }).wsAuth = await authenticateSocket(app, db, request);
      },
    },
    (socket, request) => {
      const auth = (request as FastifyRequest & { wsAuth?: SocketAuth }).wsAuth!;
      const ms = Math.max(0, Math.min(auth.expiresAt.getTime() - Date.now(), 2_147_000_000));
      const conn: Connection = {
        socket,
        userId: auth.userId,
        sessionId: auth.sessionId,
        expiryTimer: setTimeout(() => socket.close(WS_CLOSE.expiredToken, 'token expired'), ms),
      };
      let set = byUser.get(conn.userId);
      if (!set) byUser.set(conn.userId, (set = new Set()));
      set.add(conn);
      socket.on('close', () => dropConnection(byUser, conn));
      socket.on('error', () => dropConnection(byUser, conn));
      // The channel is server → client; a client may ping with any short text and gets 'pong'.
      socket.on('message', () => {
        if (socket.readyState === socket.OPEN) socket.send('{"type":"pong"}');
      });
    },
  );
}
