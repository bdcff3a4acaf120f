import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { calendarBodySchema, calendarSchema, calendarsReplySchema } from '../../../shared/schemas/calendars';
import { readerLocale } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { CalendarsService } from './calendars.service';

const security = [{ bearerAuth: [] }];
const tags = ['calendars'];
const errors = { 401: errorBodySchema, 403: errorBodySchema };
const params = z.object({ id: idParam });
/** Each add and each read on demand calls out to a stranger's server: a few a minute are plenty. */
const READS = { rateLimit: { max: 20, timeWindow: '10 minutes' } };

/**
 * A guide's other calendars (decision 200): listed, added by their secret address (after a first good
 * read), removed with their busy times, read now. Another guide's calendar is 404.
 */
export function calendarsRoutes(app: AppInstance, service: CalendarsService): void {
  app.get(
    '/api/v2/guides/me/calendars',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's other calendars: name, host, last read, busy times given, the last problem",
        security,
        response: { 200: calendarsReplySchema, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), readerLocale(request)),
  );

  app.post(
    '/api/v2/guides/me/calendars',
    {
      onRequest: app.requireAuth,
      config: READS,
      schema: {
        tags,
        summary:
          'Add a calendar by its secret iCal address (webcal:// read as https://); 201 after a first good read, its busy times then block bookings',
        security,
        body: calendarBodySchema,
        response: {
          201: calendarSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.add(currentUser(request), request.body, readerLocale(request))),
  );

  app.delete(
    '/api/v2/guides/me/calendars/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Remove a calendar and its busy times',
        security,
        params,
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2/guides/me/calendars/:id/sync',
    {
      onRequest: app.requireAuth,
      config: READS,
      schema: {
        tags,
        summary: 'Read a calendar now; a failed read keeps its last good busy times and says why',
        security,
        params,
        response: { 200: calendarSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => service.syncNow(currentUser(request), request.params.id, readerLocale(request)),
  );
}
