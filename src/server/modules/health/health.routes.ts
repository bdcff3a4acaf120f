import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { AppError } from '../../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by server.ts on SIGTERM: /readyz answers 503 from then on while requests in flight finish. */
    readiness: { draining: boolean };
  }
}

/** A stopping instance's answer (decision 088): /readyz's, and what a retrying balancer is refused. */
export const shuttingDown = () => new AppError('unavailable', 'This instance is shutting down');

const readySchema = z.object({
  /** `degraded`: the instance serves every request, but something shared is away (decision 101). */
  status: z.enum(['ready', 'degraded']),
  database: z.string(),
  /** With REDIS_URL only: `unreachable` while limits count per instance and real time stays on this instance. */
  redis: z.enum(['ready', 'unreachable']).optional(),
});

/**
 * Liveness (the process answers) and readiness (the database answers, and the instance is not
 * stopping). Redis failing is not "not ready": every route still answers without it (decision 101),
 * so the balancer keeps the instance and /readyz says 200 `degraded`, naming Redis.
 */
export function healthRoutes(app: AppInstance): void {
  app.decorate('readiness', { draining: false });
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve: its database answers and it is not draining',
        response: { 200: readySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      if (app.readiness.draining) throw shuttingDown();
      const redis = redisState(app);
      try {
        await app.ctx.database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError('unavailable', 'The database is not reachable');
      }
      const state = await redis;
      return {
        status: state === 'unreachable' ? ('degraded' as const) : ('ready' as const),
        database: app.ctx.database.kind,
        ...(state && { redis: state }),
      };
    },
  );
}

/** A ping through the breaker (within its deadline; at once while it is open): the balancer's polls are probes too. */
async function redisState(app: AppInstance): Promise<'ready' | 'unreachable' | undefined> {
  const { redis, redisGuard } = app;
  if (!redis || !redisGuard) return undefined;
  return redisGuard.run(
    async () => ((await redis.ping()) === 'PONG' ? ('ready' as const) : ('unreachable' as const)),
    () => 'unreachable' as const,
  );
}
