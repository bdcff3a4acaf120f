import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { reviewSchema, reviewsQuerySchema } from '../../../shared/schemas/guides';
import { createReviewBodySchema, createReviewReplySchema, eligibilityReplySchema } from '../../../shared/schemas/reviews';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import { guideForReviews, publishedReviews } from './reviews.repository';
import type { ReviewsService } from './reviews.service';

const security = [{ bearerAuth: [] }];

/**
 * GET /api/v2/reviews/guides/{guideId}: the guide's published traveler reviews, newest first, as an
 * array. Dual-blind: unpublished reviews never leave the server. The total is in the
 * `x-total-count` header. Eligibility and submission for both directions (decision 063).
 */
export function reviewsRoutes(app: AppInstance, service?: ReviewsService): void {
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
      reply.header('x-total-count', String(guide.reviewCount));
      return rows.map((r) => ({ ...r, publishedAt: r.publishedAt!.toISOString() }));
    },
  );
  if (!service) return;

  app.get(
    '/api/v2/reviews/bookings/:id/eligibility',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['reviews'],
        summary: 'Whether the signed-in party of a booking may review it now (canReview, reason), with the reviews they may see',
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
        summary: 'Review the other party of a completed booking (traveler_to_guide or guide_to_traveler); hidden from them until both have reviewed or 7 days pass',
        security,
        body: createReviewBodySchema,
        response: { 201: createReviewReplySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );
}
