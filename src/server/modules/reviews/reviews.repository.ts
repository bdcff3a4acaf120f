import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ReviewPhoto } from '../../../shared/schemas/reviews';
import type { Database } from '../../db/client';
import { guides, reviewPhotos, reviews, users } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect;

/** The review's photos, by review id, oldest first (one statement for any number of reviews). */
export async function photosOf(db: Database, reviewIds: readonly number[]): Promise<Map<number, ReviewPhoto[]>> {
  const out = new Map<number, ReviewPhoto[]>();
  if (reviewIds.length === 0) return out;
  const rows = await db
    .select({ id: reviewPhotos.id, reviewId: reviewPhotos.reviewId, url: reviewPhotos.url })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.id));
  for (const { reviewId, ...photo } of rows) out.set(reviewId, [...(out.get(reviewId) ?? []), photo]);
  return out;
}

export async function findReview(db: Database, id: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/** The review row locked for the rest of the transaction (photo count, reply). */
export async function lockReview(tx: Database, id: number): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

/** The account's language, for what it is told of its own upload. */
export async function localeOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

export async function countPhotos(db: Database, reviewId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
  return Number(row?.n ?? 0);
}

export async function insertPhoto(tx: Database, reviewId: number, url: string, at: Date): Promise<void> {
  await tx.insert(reviewPhotos).values({ reviewId, url, createdAt: at });
}

/** Sets the reply only when there is none yet: undefined when one was already written. */
export async function setReply(tx: Database, id: number, text: string, at: Date): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .update(reviews)
    .set({ reply: text, repliedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.reply)))
    .returning();
  return row;
}

/**
 * The guide's status and review count, with their account language: the writer of every reply on the page
 * (decision 146).
 */
export async function guideForReviews(db: Database, guideId: number) {
  const [guide] = await db
    .select({ status: guides.status, reviewCount: guides.reviewCount, locale: users.locale })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.id, guideId));
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
      // The reviewer's account language, for a kanji-only text's language (decision 146); not part of the reply.
      reviewerLocale: users.locale,
      publishedAt: reviews.publishedAt,
      bookingId: reviews.bookingId,
      knowledgeRating: reviews.knowledgeRating,
      communicationRating: reviews.communicationRating,
      punctualityRating: reviews.punctualityRating,
      valueRating: reviews.valueRating,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
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
    .where(
      and(
        eq(reviews.bookingId, bookingId),
        isNull(reviews.publishedAt),
        writtenBefore ? lte(reviews.submittedAt, writtenBefore) : undefined,
      ),
    )
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
