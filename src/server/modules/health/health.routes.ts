import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { AppError } from '../../lib/app-error';

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRoutes(app: AppInstance): void {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: errorBodySchema } } },
    async (request) => {
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
