import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guides, reviews, users } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect;

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

export function reviewsOfBooking(db: Database, bookingId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.bookingId, bookingId)).orderBy(reviews.id);
}

export async function insertReview(tx: Database, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  return row!;
}

/**
 * Publishes the booking's unpublished reviews (all of them, or only those written before
 * `writtenBefore`) and returns them.
 */
export function publishReviews(tx: Database, bookingId: number, at: Date, writtenBefore?: Date): Promise<ReviewRow[]> {
  return tx
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.bookingId, bookingId), isNull(reviews.publishedAt), writtenBefore ? lte(reviews.submittedAt, writtenBefore) : undefined))
    .returning();
}

/**
 * Recomputes a guide's rating and count from their published traveler reviews. The guides trigger
 * announces the change on 'guide_search', so search shows it as soon as this commits.
 */
export async function refreshGuideRating(tx: Database, guideId: number): Promise<void> {
  await tx.execute(sql`
    update guides g set rating = coalesce(r.avg, 0), review_count = coalesce(r.n, 0)
    from (select avg(rating)::float8 as avg, count(*)::int as n from reviews
          where guide_id = ${guideId} and type = 'traveler_to_guide' and published_at is not null) r
    where g.id = ${guideId}`);
}
