import { z } from 'zod';
import { clientErrorReportSchema } from '../../../shared/schemas/client-errors';
import { errorBodySchema } from '../../../shared/schemas/common';
import { redactTokens } from '../../lib/loggable-error';
import type { AppInstance } from '../../lib/types';

/**
 * Crash reports from browsers go to the log (warn level); nothing is stored. Anyone may send one, so
 * a report is small (SPEC-free bounds: 500 characters of message, 4,000 of stack), 10 a minute per
 * address, and logged without token-shaped strings (a URL with a reset token, a bearer token).
 */
export function clientErrorRoutes(app: AppInstance): void {
  app.post(
    '/api/client-errors',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        summary: 'Report a crash in the web app',
        body: clientErrorReportSchema,
        response: { 204: z.null().describe('Logged'), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const clientError = {
        message: redactTokens(b.message),
        stack: b.stack === undefined ? undefined : redactTokens(b.stack),
        url: redactTokens(b.url),
        userAgent: b.userAgent,
      };
      request.log.warn({ clientError }, 'web app error');
      return reply.status(204).send(null);
    },
  );
}
