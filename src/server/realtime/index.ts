import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE, type RealtimeEvent } from '../../shared/realtime';
import { AppError } from '../lib/app-error';
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

/**
 * WebSocket `/ws?token=…` on the app's port (docs/rules/messaging.md). Only a token that verifies, is not expired
 * and whose session is live connects (otherwise the upgrade is answered 401). A socket closes when its
 * token expires (4402) or its session ends (4403); the client stops reconnecting on both.
 */
export async function registerRealtime(app: AppInstance): Promise<Realtime> {
  const config = app.ctx.config;
  const hub: Hub = config.redisUrl
    ? new RedisHub(config.redisUrl, (err) => app.log.warn({ err }, 'redis hub error'), realtimeChannel(config.redisKeyPrefix), app.redisGuard)
    : new MemoryHub();
  const byUser = new Map<number, Set<Connection>>();
  const db = app.ctx.database.db;

  const drop = (c: Connection) => {
    clearTimeout(c.expiryTimer);
    const set = byUser.get(c.userId);
    set?.delete(c);
    if (set && set.size === 0) byUser.delete(c.userId);
  };

  /** Closes sockets whose session is no longer live (revoked, expired, the user deleted or suspended). */
  const recheck = async (conns: Connection[]) => {
    if (conns.length === 0) return;
    const liveIds = await liveSessionIds(db, [...new Set(conns.map((c) => c.sessionId))]);
    for (const c of conns) if (!liveIds.has(c.sessionId)) c.socket.close(WS_CLOSE.revoked, 'session ended');
  };

  hub.subscribe((message: HubMessage) => {
    if ('revalidate' in message) {
      recheck([...(byUser.get(message.revalidate) ?? [])]).catch((err) => app.log.warn({ err }, 'socket session check failed'));
      return;
    }
    // Every instance hears every event, and most name no one connected here: serialize only for a socket.
    let data: string | undefined;
    for (const userId of message.to) {
      for (const c of byUser.get(userId) ?? []) if (c.socket.readyState === c.socket.OPEN) c.socket.send((data ??= JSON.stringify(message.event)));
    }
  });

  const publish = (message: HubMessage) => {
    hub.publish(message).catch((err) => app.log.warn({ err }, 'real-time publish failed'));
  };

  const realtime: Realtime = {
    hub,
    send: (userIds, event) => {
      const to = [...new Set(userIds)];
      if (to.length) publish({ to, event });
    },
    revalidate: (userId) => publish({ revalidate: userId }),
    localCount: (userId) =>
      userId === undefined ? [...byUser.values()].reduce((n, s) => n + s.size, 0) : (byUser.get(userId)?.size ?? 0),
  };
  app.decorate('realtime', realtime);

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

  const sweep = setInterval(() => {
    recheck([...byUser.values()].flatMap((s) => [...s])).catch((err) => app.log.warn({ err }, 'socket sweep failed'));
  }, SWEEP_MS);
  sweep.unref();

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

  const authenticate = async (request: FastifyRequest) => {
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== 'string' || !token || token.length > 4096) throw new AppError('unauthorized', 'A token is required');
    const claims = await verifyAccessToken(token, app.ctx.jwtSecret);
    // The same session check as REST's (`live-session.ts`): a suspended user connects no more than they call.
    const live = await findLiveSession(db, claims);
    if (!live) throw new AppError('unauthorized', SESSION_ENDED_MESSAGE);
    return { ...claims, expiresAt: live.expiresAt };
  };

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: an anonymous or stale caller gets a plain 401 and no socket.
      preValidation: async (request) => {
        (request as FastifyRequest & { wsAuth?: Awaited<ReturnType<typeof authenticate>> }).wsAuth = await authenticate(request);
      },
    },
    (socket, request) => {
      const auth = (request as FastifyRequest & { wsAuth?: Awaited<ReturnType<typeof authenticate>> }).wsAuth!;
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
      socket.on('close', () => drop(conn));
      socket.on('error', () => drop(conn));
      // The channel is server → client; a client may ping with any short text and gets 'pong'.
      socket.on('message', () => {
        if (socket.readyState === socket.OPEN) socket.send('{"type":"pong"}');
      });
    },
  );
  return realtime;
}
