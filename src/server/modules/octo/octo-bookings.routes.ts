import {
  octoBookingParamsSchema,
  octoBookingSchema,
  octoBookingsQuerySchema,
  octoCancelBodySchema,
  octoConfirmBodySchema,
  octoExtendBodySchema,
  octoReserveBodySchema,
  octoUpdateBodySchema,
} from '../../../shared/schemas/octo-bookings';
import { z } from 'zod';
import type { AppInstance } from '../../lib/types';
import { octoErrorReplies } from './octo-errors';
import { askOf, callerOf, config, security, tags } from './octo-http';
import type { OctoReservations } from './octo-reservations';

const reply = (description: string) => ({ 200: octoBookingSchema.describe(description), ...octoErrorReplies });
const params = octoBookingParamsSchema;

/**
 * OCTO's bookings (decision 202): reserve, extend, confirm, change, cancel, read and list a reseller's own bookings.
 * Every reply is OCTO's Booking; prices with `Octo-Capabilities: octo/pricing`.
 */
export function octoBookingRoutes(octo: AppInstance, service: OctoReservations): void {
  laterRoutes(octo, service);
  octo.post(
    '/bookings',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO: reserve a start (ON_HOLD, 30 minutes unless expirationMinutes says up to 60); the same uuid again answers the same booking',
        body: octoReserveBodySchema,
        response: reply('The reservation, holding the guide’s time until utcExpiresAt'),
      },
    },
    async (request) => service.reserve(callerOf(request), request.body, askOf(request).pricing),
  );
  octo.post(
    '/bookings/:uuid/extend',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: hold a reservation longer (up to 60 minutes from now)',
        params,
        body: octoExtendBodySchema.nullish(),
        response: reply('The reservation with its new utcExpiresAt'),
      },
    },
    async (request) =>
      service.extend(callerOf(request), request.params.uuid, request.body?.expirationMinutes, askOf(request).pricing),
  );
  octo.post(
    '/bookings/:uuid/confirm',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO: confirm a reservation with the traveler’s contact: CONFIRMED for an instant-booking guide, else PENDING until she answers',
        params,
        body: octoConfirmBodySchema,
        response: reply('The booking, CONFIRMED or PENDING, with supplierReference our booking number'),
      },
    },
    async (request) => service.confirm(callerOf(request), request.params.uuid, request.body, askOf(request).pricing),
  );
}

/** The steps after a reservation's: change, cancel, read and list. */
function laterRoutes(octo: AppInstance, service: OctoReservations): void {
  octo.patch(
    '/bookings/:uuid',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: change the contact, notes or reference of a booking before its start',
        params,
        body: octoUpdateBodySchema,
        response: reply('The booking as changed'),
      },
    },
    async (request) => service.update(callerOf(request), request.params.uuid, request.body, askOf(request).pricing),
  );
  octo.post(
    '/bookings/:uuid/cancel',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: cancel a reservation, or a booking until 24 hours before its start; the time is free at once',
        params,
        body: octoCancelBodySchema.nullish(),
        response: reply('The booking, CANCELLED'),
      },
    },
    async (request) =>
      service.cancel(callerOf(request), request.params.uuid, request.body?.reason ?? null, askOf(request).pricing),
  );
  octo.get(
    '/bookings/:uuid',
    {
      config,
      schema: { tags, security, summary: 'OCTO: one of your bookings', params, response: reply('The booking') },
    },
    async (request) => service.get(callerOf(request), request.params.uuid, askOf(request).pricing),
  );
  octo.get(
    '/bookings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: your bookings by resellerReference or supplierReference (our booking number)',
        querystring: octoBookingsQuerySchema,
        response: { 200: z.array(octoBookingSchema), ...octoErrorReplies },
      },
    },
    async (request) => service.list(callerOf(request), request.query, askOf(request).pricing),
  );
}
