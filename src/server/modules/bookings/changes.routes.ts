import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  bookingChangeSchema,
  bookingChangesReplySchema,
  changeBodySchema,
  changeDeclineBodySchema,
  changeParamsSchema,
  changeQuoteSchema,
} from '../../../shared/schemas/booking-changes';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { BookingsService } from './bookings.service';

const bearer = [{ bearerAuth: [] }];
const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Changing a booked trip (decision 177): the booking's traveler asks, its guide answers; 404 for anyone else. */
export function changesRoutes(app: AppInstance, service: BookingsService): void {
  changeRequestRoutes(app, service);
  openChangeRoutes(app, service);
}

/** The traveler's side before a change is open: its price, the booking's changes, and asking it. */
function changeRequestRoutes(app: AppInstance, service: BookingsService): void {
  app.get(
    '/api/v2/bookings/:id/changes/quote',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler prices a change of group or days before asking it: the new trip, the deposit difference to pay now or what comes back under the cancellation tiers (measured from the first day dropped), and whether the guide must accept. Nothing is written. 400 change_unchanged, group_size_out_of_range, total_too_large (decision 182); 409 change_not_allowed, day_unavailable (fields name the dates), slot_unavailable, traveler_busy',
        security: bearer,
        params: z.object({ id: idParam }),
        querystring: changeBodySchema,
        response: { 200: changeQuoteSchema, ...refusals },
      },
    },
    async (request) => service.changes.quote(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/api/v2/bookings/:id/changes',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The trip changes of a booking, newest first (its traveler and guide)',
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: bookingChangesReplySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ changes: await service.changes.list(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/v2/bookings/:id/changes',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler changes a paid trip before it starts: the whole group (adults, children 3–11, infants under 3) and the days (added after the last, dropped from the end). A higher deposit is paid next with POST /api/v2/bookings/{id}/payments {kind: "change"} (status awaiting_payment); a change asking more of a guide without instant booking waits for their answer (requested); otherwise it applies at once, a smaller deposit refunded under the tiers with a credit note. One open change per booking (409 change_open); 400 total_too_large past the total’s bound (decision 182)',
        security: bearer,
        params: z.object({ id: idParam }),
        body: changeBodySchema,
        response: { 201: bookingChangeSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.changes.request(currentUser(request), request.params.id, request.body)),
  );
}

/** An open change ends: the guide accepts or declines it, or the traveler withdraws it. */
function openChangeRoutes(app: AppInstance, service: BookingsService): void {
  app.post(
    '/api/v2/bookings/:id/changes/:changeId/accept',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The guide accepts a requested change: it applies now (409 slot_unavailable or day_unavailable when the days added were taken since, change_not_open)',
        security: bearer,
        params: changeParamsSchema,
        response: { 200: bookingChangeSchema, ...refusals },
      },
    },
    async (request) => service.changes.accept(currentUser(request), request.params.id, request.params.changeId),
  );

  app.post(
    '/api/v2/bookings/:id/changes/:changeId/decline',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The guide declines a requested change with a reason; the booking stays as it was and a paid difference is refunded in full',
        security: bearer,
        params: changeParamsSchema,
        body: changeDeclineBodySchema,
        response: { 200: bookingChangeSchema, ...refusals },
      },
    },
    async (request) =>
      service.changes.decline(currentUser(request), request.params.id, request.params.changeId, request.body.reason),
  );

  app.post(
    '/api/v2/bookings/:id/changes/:changeId/withdraw',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The traveler withdraws an open change; a paid difference is refunded in full',
        security: bearer,
        params: changeParamsSchema,
        response: { 200: bookingChangeSchema, ...refusals },
      },
    },
    async (request) => service.changes.withdraw(currentUser(request), request.params.id, request.params.changeId),
  );
}
