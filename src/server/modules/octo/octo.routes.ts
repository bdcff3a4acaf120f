import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  octoAvailabilityBodySchema,
  octoAvailabilitySchema,
  octoCalendarBodySchema,
  octoCalendarDaySchema,
  octoProductParamsSchema,
  octoProductSchema,
  octoSupplierSchema,
} from '../../../shared/schemas/octo';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { Channels } from './channels.service';
import { answerOctoError, octoErrorReplies } from './octo-errors';
import type { OctoService } from './octo.service';
import { octoBookingRoutes } from './octo-bookings.routes';
import { askOf, BEARER, callerOf, callers, config, security, tags } from './octo-http';
import type { OctoReservations } from './octo-reservations';

/**
 * The OCTO supplier API under /api/octo (decision 201), in a scope of its own: its key check, and its error
 * handler answering OCTO's `{ error, errorMessage }` for every failure here (the product's shape elsewhere).
 */
export async function octoRoutes(
  app: AppInstance,
  deps: {
    channels: Channels;
    octo: OctoService;
    reservations: OctoReservations;
    /** The routes of the OCTO API's other parts, declared in this scope (webhooks.routes.ts). */
    more?: (octo: AppInstance) => void;
  },
): Promise<void> {
  await app.register(
    async (octo: AppInstance) => {
      octo.setErrorHandler(answerOctoError);
      const none = (request: FastifyRequest, reply: FastifyReply) =>
        reply.status(404).send({ error: 'NOT_FOUND', errorMessage: `There is no ${request.method} ${request.url}` });
      octo.setNotFoundHandler(none);
      octo.addHook('onRequest', async (request) => {
        const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
        const channel = key ? await deps.channels.byKey(key) : undefined;
        if (!channel)
          throw new AppError('unauthorized', 'Send a valid reseller API key as Authorization: Bearer <apiKey>');
        callers.set(request, channel);
      });
      supplierRoutes(octo, deps.octo);
      availabilityRoutes(octo, deps.octo);
      octoBookingRoutes(octo, deps.reservations);
      deps.more?.(octo);
      // With a build the web app's catch-all GET route (`/*`) would take an unknown path here and hand it to the
      // root's not-found handler, in the product's shape: this scope's own catch-all keeps OCTO's.
      octo.all('/*', { schema: { hide: true } }, none);
    },
    { prefix: '/api/octo' },
  );
}

function supplierRoutes(octo: AppInstance, service: OctoService): void {
  octo.get(
    '/supplier',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: the supplier, the operator named in the commerce disclosure, and this API’s base URL',
        response: { 200: octoSupplierSchema, ...octoErrorReplies },
      },
    },
    async () => service.supplier(),
  );
  octo.get(
    '/products',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO: every guide sold through resellers, one product each; prices with Octo-Capabilities: octo/pricing, texts with octo/content in Accept-Language',
        response: { 200: z.array(octoProductSchema), ...octoErrorReplies },
      },
    },
    async (request) => service.products(askOf(request), callerOf(request)),
  );
  octo.get(
    '/products/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: one product; 400 INVALID_PRODUCT_ID when it is not sold through resellers',
        params: octoProductParamsSchema,
        response: { 200: octoProductSchema, ...octoErrorReplies },
      },
    },
    async (request) => service.product(request.params.id, askOf(request), callerOf(request)),
  );
}

function availabilityRoutes(octo: AppInstance, service: OctoService): void {
  octo.post(
    '/availability/calendar',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO: each day of 1–90 of an option: AVAILABLE, SOLD_OUT or CLOSED, with its opening hours',
        body: octoCalendarBodySchema,
        response: { 200: z.array(octoCalendarDaySchema), ...octoErrorReplies },
      },
    },
    async (request) => service.calendar(request.body, askOf(request), callerOf(request)),
  );
  octo.post(
    '/availability',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO: the free start times of an option over 1–90 days, or of the availability ids named (the checkout’s own slots)',
        body: octoAvailabilityBodySchema,
        response: { 200: z.array(octoAvailabilitySchema), ...octoErrorReplies },
      },
    },
    async (request) => service.availability(request.body, askOf(request), callerOf(request)),
  );
}
