import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guides, reviews, users } from '../../db/schema/index';

export async function guideForReviews(db: Database, guideId: number) {
  const [guide] = await db.select({ status: guides.status, reviewCount: guides.reviewCount }).from(guides).where(eq(guides.id, guideId));
  return guide;
}

/** A guide's published traveler_to_guide reviews, newest first (dual-blind: unpublished ones never leave). */
export function publishedReviews(db: Database, guideId: number, page: number, limit: number) {
  return db
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
}
