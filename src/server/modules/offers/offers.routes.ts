import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  createOfferBodySchema,
  declineOfferBodySchema,
  offerQuoteQuerySchema,
  offerQuoteSchema,
  offerReplySchema,
  openOffersReplySchema,
} from '../../../shared/schemas/offers';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { OffersService } from './offers.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['offers'];
const conversationParams = z.object({ conversationId: idParam });
const offerParams = z.object({ offerId: idParam });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Offers (decision 078). Anyone but the offer's traveler and guide gets 404. */
export function offersRoutes(app: AppInstance, service: OffersService): void {
  offerMakingRoutes(app, service);
  offerAnswerRoutes(app, service);
}

/** A guide's offer in a conversation, and the price it would quote. */
function offerMakingRoutes(app: AppInstance, service: OffersService): void {
  app.post(
    '/api/v2/conversations/:conversationId/offers',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Make an offer in a conversation (its guide only): date, start, duration, group, the fee in fen, meeting point, itinerary, extras in yen paid on site (409 too_short_notice, buffer_conflict or slot_unavailable by the guide's notice, buffer and tours; decision 153)",
        description:
          'The fee may not be below half the rate-based price (400 price_below_floor), nor past its currency’s total bound (400 total_too_large, decision 182). With requestMessageId it answers that tour request (prefilled extras, the request marked offered; an open earlier offer on it is withdrawn). Idempotent per clientMessageId (a repeat answers 200 with the same offer). Expires after validHours (default 48), never after its start. ' +
          "The itinerary, note and shop names refuse contact details in any disguise: 400 contact_details_not_allowed, each field named in the writer's language (decision 205).",
        security: bearer,
        params: conversationParams,
        body: createOfferBodySchema,
        response: { 200: offerReplySchema, 201: offerReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { data, created } = await service.create(currentUser(request), request.params.conversationId, request.body);
      return reply.status(created ? 201 : 200).send({ data });
    },
  );

  app.get(
    '/api/v2/conversations/:conversationId/offer-quote',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary:
          "The rate-based price of a tour in this conversation and the floor and ceiling of a fee for it (the conversation's guide only)",
        security: bearer,
        params: conversationParams,
        querystring: offerQuoteQuerySchema,
        response: { 200: offerQuoteSchema, ...errors },
      },
    },
    async (request) => service.quote(currentUser(request), request.params.conversationId, request.query),
  );
}

/** A traveler's open offers, one offer, and its decline or withdrawal. */
function offerAnswerRoutes(app: AppInstance, service: OffersService): void {
  app.get(
    '/api/me/open-offers',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "Guides' offers waiting for the caller (their traveler) to book or decline, the closest expiry first",
        security: bearer,
        response: { 200: openOffersReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.openOffers(currentUser(request)) }),
  );

  app.get(
    '/api/v2/offers/:offerId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'An offer, for its traveler or its guide',
        security: bearer,
        params: offerParams,
        response: { 200: offerReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.offerId) }),
  );

  app.post(
    '/api/v2/offers/:offerId/decline',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Decline an open offer (its traveler), with an optional reason',
        security: bearer,
        params: offerParams,
        body: declineOfferBodySchema.nullish(),
        response: { 200: offerReplySchema, ...errors },
      },
    },
    async (request) => ({
      data: await service.decline(currentUser(request), request.params.offerId, request.body?.reason),
    }),
  );

  app.post(
    '/api/v2/offers/:offerId/withdraw',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Withdraw an open offer (its guide)',
        security: bearer,
        params: offerParams,
        response: { 200: offerReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await service.withdraw(currentUser(request), request.params.offerId) }),
  );
}
