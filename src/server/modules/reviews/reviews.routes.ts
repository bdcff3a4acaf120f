import multipart from '@fastify/multipart';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { reviewSchema, reviewsQuerySchema } from '../../../shared/schemas/guides';
import {
  bookingReviewSchema,
  createReviewBodySchema,
  createReviewReplySchema,
  eligibilityReplySchema,
  replyBodySchema,
  REVIEW_PHOTO_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_WINDOW_MINUTES,
} from '../../../shared/schemas/reviews';
import { writerTextLanguage } from '../../../shared/guide-texts';
import { readerTextLanguage } from '../../lib/request-language';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { readSingleUpload } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { Translations } from '../translation/index';
import { trustOf, withReviewTranslations } from './review-view';
import { guideForReviews, photosOf, publishedReviews } from './reviews.repository';
import type { ReviewsService } from './reviews.service';

const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** A public text refuses contact details as the chat masks them before a booking (decisions 181, 205). */
const noContacts = (field: string) =>
  `${field} with a phone number, e-mail address, messenger id (WeChat, LINE, QQ, …), link or payment account number, in any disguise, is 400 contact_details_not_allowed (fields name the text and what it holds in the writer's language).`;

/**
 * GET /api/v2/reviews/guides/{guideId}: the guide's published traveler reviews, newest first, as an
 * array. Dual-blind: unpublished reviews never leave the server. The total is in the
 * `x-total-count` header. Eligibility and submission for both directions (decision 063).
 */
export async function reviewsRoutes(
  app: AppInstance,
  service?: ReviewsService,
  translations?: Pick<Translations, 'read' | 'enabled'>,
): Promise<void> {
  reviewReadRoutes(app, translations);
  if (!service) return;
  reviewWriteRoutes(app, service);
  await app.register(async (scope: AppInstance) => {
    // Multipart parsing only inside this scope: other routes keep JSON-only bodies.
    await scope.register(multipart, { limits: { fileSize: REVIEW_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.post(
      '/api/v2/reviews/:id/photos',
      {
        onRequest: app.requireAuth,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['reviews'],
          summary: 'Add a photo to your review of a guide',
          description:
            `multipart/form-data with one field "file": JPEG, PNG, GIF or WEBP, checked by content, at most 5 MB; re-encoded to WebP without metadata (no EXIF or GPS position). ` +
            `Only the review's author, within ${REVIEW_PHOTO_WINDOW_MINUTES} minutes of submitting it, at most ${REVIEW_PHOTO_MAX} photos (409). Photos are public with the review.` +
            " A picture holding a QR code is 400 qr_code_not_allowed, said in the uploader's language (decision 205).",
          consumes: ['multipart/form-data'],
          security,
          params: idParams,
          response: { 201: bookingReviewSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.addPhoto(currentUser(request), request.params.id, () =>
              readSingleUpload(request, REVIEW_PHOTO_MAX_BYTES),
            ),
          ),
    );
  });
}

/** A guide's published reviews, with their translations for the reader. */
function reviewReadRoutes(app: AppInstance, translations?: Pick<Translations, 'read' | 'enabled'>): void {
  app.get(
    '/api/v2/reviews/guides/:guideId',
    {
      schema: {
        tags: ['reviews'],
        summary: "A guide's published reviews (newest first)",
        params: z.object({ guideId: idParam }),
        querystring: reviewsQuerySchema,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request, reply) => {
      const db = app.ctx.database.db;
      const { guideId } = request.params;
      const { page, limit } = request.query;
      const guide = await guideForReviews(db, guideId);
      if (!guide || guide.status !== 'active') throw notFound('Guide');
      const rows = await publishedReviews(db, guideId, page, limit);
      const photos = await photosOf(
        db,
        rows.map((r) => r.id),
      );
      reply.header('x-total-count', String(guide.reviewCount));
      const reviews = rows.map(
        ({
          bookingId,
          knowledgeRating,
          communicationRating,
          punctualityRating,
          valueRating,
          reply: text,
          repliedAt,
          reviewerLocale: _,
          ...r
        }) => ({
          ...r,
          publishedAt: r.publishedAt!.toISOString(),
          ...trustOf(
            { bookingId, knowledgeRating, communicationRating, punctualityRating, valueRating, reply: text, repliedAt },
            photos.get(r.id),
          ),
        }),
      );
      const writers = {
        reviewers: rows.map((r) => writerTextLanguage(r.reviewerLocale)),
        guide: writerTextLanguage(guide.locale),
      };
      return withReviewTranslations(translations, reviews, readerTextLanguage(request), writers);
    },
  );
}

/** Whether a booking can be reviewed, a review written, and the guide's reply. */
function reviewWriteRoutes(app: AppInstance, service: ReviewsService): void {
  app.get(
    '/api/v2/reviews/bookings/:id/eligibility',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['reviews'],
        summary:
          'Whether the signed-in party of a booking may review it now (canReview, reason), with the reviews they may see',
        security,
        params: z.object({ id: idParam }),
        response: { 200: eligibilityReplySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.eligibility(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/reviews',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['reviews'],
        summary:
          'Review the other party of a completed booking (traveler_to_guide or guide_to_traveler); hidden from them until both have reviewed or 7 days pass',
        description: noContacts('content'),
        security,
        body: createReviewBodySchema,
        response: {
          201: createReviewReplySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.post(
    '/api/v2/reviews/:id/reply',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['reviews'],
        summary: "The reviewed guide's one public reply to a published review (a second is 409; it cannot be edited)",
        description: noContacts('text'),
        security,
        params: idParams,
        body: replyBodySchema,
        response: { 200: bookingReviewSchema, ...errors },
      },
    },
    async (request) => service.reply(currentUser(request), request.params.id, request.body),
  );
}
