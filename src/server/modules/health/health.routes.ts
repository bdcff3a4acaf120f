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

/** Liveness (the process answers) and readiness (the database answers, and the instance is not stopping). */
export function healthRoutes(app: AppInstance): void {
  app.decorate('readiness', { draining: false });
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: errorBodySchema } } },
    async (request) => {
      if (app.readiness.draining) throw new AppError('unavailable', 'This instance is shutting down');
      try {
        await app.ctx.database.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError('unavailable', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: app.ctx.database.kind };
    },
  );
}
