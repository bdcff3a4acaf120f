import { z } from 'zod';
import { clientErrorReportSchema } from '../../../shared/schemas/client-errors';
import type { AppInstance } from '../../lib/types';

/** Crash reports from browsers go to the log (warn level); nothing is stored. Rate-limited per address. */
export function clientErrorRoutes(app: AppInstance): void {
  app.post(
    '/api/client-errors',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        summary: 'Report a crash in the web app',
        body: clientErrorReportSchema,
        response: { 204: z.null().describe('Logged') },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'web app error');
      return reply.status(204).send(null);
    },
  );
}
