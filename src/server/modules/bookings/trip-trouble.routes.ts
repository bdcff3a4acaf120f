import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { bookingSchema } from '../../../shared/schemas/bookings';
import { statusReplySchema } from '../../../shared/schemas/booking-answers';
import {
  cancelForGuideBodySchema,
  chooseReplacementBodySchema,
  replacementsReplySchema,
  reportNoShowBodySchema,
  travelCreditsReplySchema,
} from '../../../shared/schemas/replacements';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { BookingsService } from './bookings.service';

const bearer = [{ bearerAuth: [] }];

/** When a trip goes wrong (decisions 137, 138, 158): the booking's traveler and guide only; 404 for anyone else. */
export function tripTroubleRoutes(app: AppInstance, service: BookingsService): void {
  replacementRoutes(app, service);
  missedTourRoutes(app, service);
}

/** A replacement guide: the offers, and the traveler's choice. */
function replacementRoutes(app: AppInstance, service: BookingsService): void {
  app.get(
    '/api/v2/bookings/:id/replacements',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'After the guide cancelled a paid booking: up to three listed guides free at its date and time, in its city, speaking the traveler’s language and offering its service, best match first, each with what the traveler would pay (never more than booked; the platform covers a higher price up to REPLACEMENT_COVER_RATE). The traveler only',
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: replacementsReplySchema },
      },
    },
    async (request) => service.replacement.list(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/replacements',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The traveler chooses a replacement guide: the booking moves to that guide as a paid request (the deposit paid stays; nothing is charged again), who accepts or declines within 12 hours and at the latest 2 hours before the start; a decline returns to the choice. 409 replacement_unavailable when the guide was taken meanwhile, 409 replacement_closed when the choice is no longer open',
        security: bearer,
        params: z.object({ id: idParam }),
        body: chooseReplacementBodySchema,
        response: { 200: bookingSchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      service.replacement.choose(currentUser(request), request.params.id, request.body.guideId, request.body.startsAt),
  );
}

/** A no-show reported, the traveler's credits, and the admin cancelling for a guide. */
function missedTourRoutes(app: AppInstance, service: BookingsService): void {
  app.post(
    '/api/v2/bookings/:id/report-no-show',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'From 20 minutes after the start, while the other side has not confirmed the start: report that they did not come. The booking is cancelled: a guide reported absent refunds the traveler in full at once; a traveler reported absent forfeits the deposit (no-show tier). The side reported may contest with a dispute within 48 hours. 409 too_early before then. A traveler may send `replacement: true` to choose another guide later the same day instead of the refund now (the booking goes to `awaiting_replacement`, with GET /replacements listing each guide at their own time); with nobody free that day, 409 no_replacement_today and nothing changes. On a later day of a booking of several days (decision 158), either side reports the other absent from 20 minutes after that day’s start until its date ends, whatever was confirmed on the first day (409 too_early before, 409 invalid_transition after the last date): the deposit is shared by day, the days given are the guide’s earnings less the commission, the days not given come back to the traveler when the guide was absent (with an extension asked on that day) or are kept by the no-show tier when the traveler was; `replacement: true` is then 409 no_replacement_today',
        security: bearer,
        params: z.object({ id: idParam }),
        body: reportNoShowBodySchema,
        response: { 200: statusReplySchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      service.lifecycle.reportNoShow(
        currentUser(request),
        request.params.id,
        request.body.note,
        request.body.replacement === true,
      ),
  );

  app.get(
    '/api/me/travel-credits',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The caller’s credits for a next booking, given when a guide’s cancellation or absence ended a paid booking: `available` is the one the next checkout takes off the total (at most half of it), spent whole; a cancelled booking gives its credit back',
        security: bearer,
        response: { 200: travelCreditsReplySchema },
      },
    },
    async (request) => service.travelCredits(currentUser(request)),
  );

  app.post(
    '/api/admin/bookings/:id/cancel-for-guide',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Cancel an accepted booking on the guide’s behalf (the guide cannot be reached, their listing was stopped), exactly as the guide’s own cancellation: the traveler is offered a replacement guide, or refunded in full. The reply is the booking as its traveler sees it',
        security: bearer,
        params: z.object({ id: idParam }),
        body: cancelForGuideBodySchema,
        response: { 200: statusReplySchema, 409: errorBodySchema },
      },
    },
    async (request) => service.lifecycle.cancelForGuide(currentUser(request), request.params.id, request.body.reason),
  );
}
