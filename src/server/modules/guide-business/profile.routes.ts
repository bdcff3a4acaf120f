import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  itineraryBodySchema,
  ownItineraryListSchema,
  ownItinerarySchema,
  profileBodySchema,
  profileReplySchema,
} from '../../../shared/schemas/guide-business';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { GuideProfileService } from './profile.service';

const security = [{ bearerAuth: [] }];
const tags = ['guide-business'];
const errors = { 401: errorBodySchema, 403: errorBodySchema };
const writeLimit = { rateLimit: { max: 60, timeWindow: '10 minutes' } };
/** Public texts refuse contact details as the chat masks them before a booking (decision 181). */
const noContacts =
  'A text with a phone number, e-mail address, messenger id (WeChat, LINE, QQ, …), link or payment account number is 400 contact_details_not_allowed, fields naming each text and the kinds found.';

/**
 * The guide's own profile (profile fields) and sample itineraries, texts per language
 * (decision 070). Callers without a listing get 403 `not_a_guide`; another guide's itinerary is 404.
 */
export function guideProfileRoutes(app: AppInstance, service: GuideProfileService): void {
  profileFieldRoutes(app, service);
  itineraryRoutes(app, service);
}

/** The caller's profile fields: read them, replace them. */
function profileFieldRoutes(app: AppInstance, service: GuideProfileService): void {
  app.get(
    '/api/v2/guides/me/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's profile fields, texts in every written language",
        security,
        response: { 200: profileReplySchema, ...errors },
      },
    },
    async (request) => service.profile(currentUser(request)),
  );

  app.put(
    '/api/v2/guides/me/profile',
    {
      onRequest: app.requireAuth,
      config: writeLimit,
      schema: {
        tags,
        summary:
          "Replace the caller's profile fields (prices and minimum hours are edited with /rates); search shows it at once",
        description: noContacts,
        security,
        body: profileBodySchema,
        response: { 200: profileReplySchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => service.setProfile(currentUser(request), request.body),
  );
}

/** The caller's sample itineraries: list, add, replace and delete one. */
function itineraryRoutes(app: AppInstance, service: GuideProfileService): void {
  app.get(
    '/api/v2/guides/me/itineraries',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's itineraries with every written language",
        security,
        response: { 200: ownItineraryListSchema, ...errors },
      },
    },
    async (request) => service.itineraries(currentUser(request)),
  );

  app.post(
    '/api/v2/guides/me/itineraries',
    {
      onRequest: app.requireAuth,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Add an itinerary (texts per language, the original required)',
        description: noContacts,
        security,
        body: itineraryBodySchema,
        response: { 201: ownItinerarySchema, 400: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createItinerary(currentUser(request), request.body)),
  );

  app.put(
    '/api/v2/guides/me/itineraries/:id',
    {
      onRequest: app.requireAuth,
      config: writeLimit,
      schema: {
        tags,
        summary: "Replace one of the caller's itineraries (another guide's is 404)",
        description: noContacts,
        security,
        params: z.object({ id: idParam }),
        body: itineraryBodySchema,
        response: { 200: ownItinerarySchema, 400: errorBodySchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => service.updateItinerary(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v2/guides/me/itineraries/:id',
    {
      onRequest: app.requireAuth,
      config: writeLimit,
      schema: {
        tags,
        summary: "Delete one of the caller's itineraries (another guide's is 404)",
        security,
        params: z.object({ id: idParam }),
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteItinerary(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
