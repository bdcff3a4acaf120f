import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { reviewSchema, reviewsQuerySchema } from '../../../shared/schemas/guides';
import { guides, reviews, users } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';

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
      const [guide] = await db.select({ status: guides.status, reviewCount: guides.reviewCount }).from(guides).where(eq(guides.id, guideId));
      if (!guide || guide.status !== 'active') throw notFound('Guide');
      const rows = await db
        .select({
          id: reviews.id,
          type: reviews.type,
          rating: reviews.rating,
          content: reviews.content,
          fromUserId: reviews.fromUserId,
          toUserId: reviews.toUserId,
          reviewerName: users.fullName,
          reviewerPicture: users.profilePicture,
          publishedAt: reviews.publishedAt,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.fromUserId))
        .where(and(eq(reviews.guideId, guideId), eq(reviews.type, 'traveler_to_guide'), isNotNull(reviews.publishedAt)))
        .orderBy(desc(reviews.publishedAt), desc(reviews.id))
        .limit(limit)
        .offset((page - 1) * limit);
      reply.header('x-total-count', String(guide.reviewCount));
      return rows.map((r) => ({ ...r, publishedAt: r.publishedAt!.toISOString() }));
    },
  );
}
