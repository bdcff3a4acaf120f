import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { reviewSchema, reviewsQuerySchema } from '../../../shared/schemas/guides';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { guideForReviews, publishedReviews } from './reviews.repository';

/**
 * GET /api/v2/reviews/guides/{guideId}: the guide's published traveler reviews, newest first, as an
 * array (SPEC §7). Dual-blind: unpublished reviews never leave the server. The total is in the
 * `x-total-count` header.
 */
export function reviewsRoutes(app: AppInstance): void {
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
}
