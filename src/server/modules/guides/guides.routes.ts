import { toMajor } from '../../../shared/currency';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  guideDetailSchema,
  guideListReplySchema,
  guidePricingSchema,
  itinerarySchema,
  listingStatusSchema,
} from '../../../shared/schemas/guides';
import {
  guideSearchQuerySchema,
  priceBoundsQuerySchema,
  priceBoundsReplySchema,
} from '../../../shared/schemas/guide-search';
import { serviceCategorySchema } from '../../../shared/schemas/catalog';
import { pickItineraryLanguage } from '../../../shared/guide-texts';
import { readerLangSchema } from '../../../shared/schemas/guides';
import { quoteQuerySchema, quoteReplySchema } from '../../../shared/schemas/quote';
import { readerLocale, readerTextLanguage } from '../../lib/request-language';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { Translations } from '../translation/index';
import { avatarSvg } from './avatar';
import type { CurrentRate } from '../fx/index';
import { quoteTour, type PaymentRates } from './quote';

/**
 * Sends JSON already serialized to the route's reply schema: Fastify sends a Buffer as it is. The
 * untyped reply is the point: the typed one takes only the schema's object, not its bytes.
 */
function sendSerialized(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
import { GuideSearch } from './guide-search';
import { announceGuide } from './guide-search.repository';
import { findItinerary, guideChoices, guidePricing } from './guides.repository';
import {
  assertListedGuide,
  getGuide,
  getMyGuide,
  listingStatus,
  searchReply,
  withItineraryTranslations,
} from './guides.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The public guide search and profiles; returns the search index the modules that change a listing keep in step
 * (compose.ts).
 */
export function guidesRoutes(
  app: AppInstance,
  needs: { translations: Translations; rates: PaymentRates; fx: CurrentRate },
): GuideSearch {
  const db = () => app.ctx.database.db;
  const { translations } = needs;
  const guideSearch = new GuideSearch(app.ctx.database, translations, needs.fx);
  // A bio or description just translated: every instance drops the guide's kept cards (decision 145).
  translations.onTranslated((guideId) => announceGuide(db(), guideId));
  app.decorate('guideSearch', guideSearch);
  app.addHook('onReady', () => guideSearch.start());
  app.addHook('onClose', () => guideSearch.stop());

  const context = { db, guideSearch, translations, needs };
  searchRoutes(app, context);
  profileRoutes(app, context);
  offerRoutes(app, context);
  itineraryRoutes(app, context);
  return guideSearch;
}

/** What the guides' route groups share: the database, the search index, the translations and the rates. */
interface GuidesRoutesContext {
  db: () => AppInstance['ctx']['database']['db'];
  guideSearch: GuideSearch;
  translations: Translations;
  needs: { translations: Translations; rates: PaymentRates; fx: CurrentRate };
}

/** The search and its price band, and a guide's own listing status. */
function searchRoutes(app: AppInstance, { db, guideSearch }: GuidesRoutesContext): void {
  app.get(
    '/api/v2/guides',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary:
          'Search guides (city, language, services, date, travelers, days or hours, price band in yuan or yen, licensed, instant confirmation, paging, sort)',
        description:
          "The price band (minPrice, maxPrice) and the price sorts are in `currency` (default CNY): each guide's hourly price, in yen or yuan, is converted at the current rate (GET /api/v2/fx/rate) before it is compared (decision 168). The cards keep the guide's own price and currency. A search that names a group prices each card for it (`groupQuote`) for the searched `days` (each of `durationHours`, else the guide's usual day) or `durationHours`, else the guide's shortest tour, per day and for the trip, in the guide's currency and in `chargeCurrency` (default `currency`), as the quote answers the same question; a guide who does not sell that length has `groupQuoteRefusal` instead (decision 176).",
        querystring: guideSearchQuerySchema,
        response: { 200: guideListReplySchema },
      },
    },
    async (request, reply) => {
      const json = await searchReply(guideSearch, db(), request.query, request.user, readerTextLanguage(request));
      // The hottest route: the reply is joined from each card's kept JSON, already the schema's
      // (the tests parse it with guideListReplySchema), and Fastify sends a Buffer as it is.
      return sendSerialized(reply, json);
    },
  );

  app.get(
    '/api/v2/guides/price-bounds',
    {
      schema: {
        tags: ['guides'],
        summary:
          'Lowest and highest hourly price of listed guides, whole yuan or yen (`currency`, default CNY) at the current rate',
        querystring: priceBoundsQuerySchema,
        response: { 200: priceBoundsReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return guideSearch.priceBounds(request.query.currency);
    },
  );

  app.get(
    '/api/v2/guide/listing-status',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guides'],
        summary:
          'What the caller still lacks to be listed in search (approved application, verified identity, open times in the next 60 days)',
        description:
          'The checklist of the guide dashboard (decision 091). Any signed-in user may ask: without an approved application, `application` is missing too.',
        security: bearer,
        response: { 200: listingStatusSchema, 404: errorBodySchema },
      },
    },
    async (request) => listingStatus(db(), currentUser(request).id),
  );
}

/** A guide's profile and quote, and the guide's own profile. */
function profileRoutes(app: AppInstance, { db, translations, needs }: GuidesRoutesContext): void {
  app.get(
    '/api/v2/guides/:id',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary: "A guide profile; texts in the reader's language when written, else the original (with its language)",
        params: z.object({ id: idParam }),
        querystring: z.object({ lang: readerLangSchema }),
        response: { 200: guideDetailSchema },
      },
    },
    async (request) => getGuide(db(), request.params.id, request.user, readerTextLanguage(request), translations),
  );

  app.get(
    '/api/v2/guides/:id/quote',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary:
          "A group's price for a tour with this guide, as a booking is charged: total, deposit online, the rest in person, and the lines in the reader's language",
        description:
          "Either durationHours or days (each of the guide's day hours, or of `dayHours`: the day rate's or a length the guide sells, decision 176; one day's price beside the trip's). Children are 3–11, infants under 3; everyone counts toward the group size (decision 151). 400 group_size_out_of_range, duration_out_of_range, service_not_offered, total_too_large (past the total’s bound, decision 182), validation_failed; 404 for a guide who is not listed.",
        params: z.object({ id: idParam }),
        querystring: quoteQuerySchema,
        response: { 200: quoteReplySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      quoteTour(db(), request.params.id, request.query, request.user, readerLocale(request), needs.rates, needs.fx),
  );

  app.get(
    '/api/guides/me',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['guides'],
        summary: "The caller's own guide profile (404 without one)",
        security: bearer,
        querystring: z.object({ lang: readerLangSchema }),
        response: { 200: guideDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => getMyGuide(db(), currentUser(request), readerTextLanguage(request), translations),
  );
}

/** What a listed guide offers and at what price. */
function offerRoutes(app: AppInstance, { db }: GuidesRoutesContext): void {
  app.get(
    '/api/v2/service-categories/guides/:guideId/choices/with-subcategories',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary: "A guide's chosen service categories with the chosen subcategories",
        params: z.object({ guideId: idParam }),
        response: { 200: z.object({ data: z.array(serviceCategorySchema) }) },
      },
    },
    async (request) => {
      await assertListedGuide(db(), request.params.guideId, request.user);
      return { data: await guideChoices(db(), request.params.guideId) };
    },
  );

  app.get(
    '/api/v2/service-categories/guides/:guideId/pricing',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary: "A guide's price per subcategory (cents per hour per person)",
        params: z.object({ guideId: idParam }),
        response: { 200: z.object({ data: z.array(guidePricingSchema) }) },
      },
    },
    async (request) => {
      await assertListedGuide(db(), request.params.guideId, request.user);
      return { data: await guidePricing(db(), request.params.guideId) };
    },
  );
}

/** An itinerary, and a guide's avatar. */
function itineraryRoutes(app: AppInstance, { db, translations }: GuidesRoutesContext): void {
  app.get(
    '/api/v2/itineraries/:id',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['guides'],
        summary:
          "An itinerary with its stops, in the reader's language when written, else the original (with its language)",
        params: z.object({ id: idParam }),
        querystring: z.object({ lang: readerLangSchema }),
        response: { 200: itinerarySchema },
      },
    },
    async (request) => {
      const row = await findItinerary(db(), request.params.id);
      if (!row || row.guideStatus !== 'active') throw notFound('Itinerary');
      const { itinerary: it, guide } = row;
      const reader = readerTextLanguage(request);
      const language = pickItineraryLanguage(it.texts, reader, it.originalLanguage);
      const t = language ? it.texts[language] : undefined;
      return withItineraryTranslations(
        translations,
        {
          id: it.id,
          guideId: it.guideId,
          title: t?.title ?? it.title,
          summary: t?.summary ?? it.summary,
          durationHours: it.durationHours,
          language: t ? language! : it.originalLanguage,
          stops: it.stops.map((s, i) => ({
            time: s.time,
            title: t?.stops[i]?.title ?? s.title,
            description: t?.stops[i]?.description ?? s.description,
          })),
          shopStops: it.shopStops,
          guide: { ...guide, hourlyRate: toMajor(guide.basicPricePerHourCents, guide.currency) },
        },
        reader,
      );
    },
  );

  app.get(
    '/api/v2/avatars/:file',
    {
      schema: {
        tags: ['guides'],
        summary: 'A generated illustrated portrait (SVG) for guides without an uploaded photo',
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/) }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const key = request.params.file.slice(0, -4);
      const sex = key.endsWith('-f') ? 'female' : key.endsWith('-m') ? 'male' : null;
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=604800, immutable')
        .send(avatarSvg(key.replace(/-[fm]$/, ''), sex));
    },
  );
}
