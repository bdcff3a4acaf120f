import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { bookingSchema } from '../../../shared/schemas/bookings';
import {
  rescheduleBodySchema,
  rescheduleDeclineBodySchema,
  rescheduleParamsSchema,
} from '../../../shared/schemas/reschedule';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { BookingsService } from './bookings.service';

const bearer = [{ bearerAuth: [] }];

/** Rescheduling a booking (decision 079): the booking's traveler and guide only; 404 for anyone else. */
export function rescheduleRoutes(app: AppInstance, service: BookingsService): void {
  app.post(
    '/api/v2/bookings/:id/reschedule',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'Propose a new date and start time (guide’s zone) for a confirmed or upcoming booking; the other side answers. One open proposal per booking (409 reschedule_open); a taken time is 409 slot_unavailable, one inside the guide’s notice or buffer 409 too_short_notice or buffer_conflict (decision 153); the price does not change',
        security: bearer,
        params: z.object({ id: idParam }),
        body: rescheduleBodySchema,
        response: { 201: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.reschedule.propose(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v2/bookings/:id/reschedule/:proposalId/accept',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The other side accepts a proposed time: the booking moves there (409 slot_unavailable when taken since, too_short_notice or buffer_conflict by the guide’s notice and buffer, 409 reschedule_closed when no longer open)',
        security: bearer,
        params: rescheduleParamsSchema,
        response: { 200: bookingSchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.reschedule.accept(currentUser(request), request.params.id, request.params.proposalId),
  );

  app.post(
    '/api/v2/bookings/:id/reschedule/:proposalId/decline',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The other side declines a proposed time with a reason the proposer sees; the booking keeps its time',
        security: bearer,
        params: rescheduleParamsSchema,
        body: rescheduleDeclineBodySchema,
        response: { 200: bookingSchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      service.reschedule.decline(
        currentUser(request),
        request.params.id,
        request.params.proposalId,
        request.body.reason,
      ),
  );
}
