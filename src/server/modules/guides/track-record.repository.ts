import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PROFILE_GALLERY_PHOTOS } from '../../../shared/schemas/reviews';
import type { TrackRecord } from '../../../shared/schemas/guides';
import type { Database } from '../../db/client';
import { bookings, reviewPhotos, reviews, users } from '../../db/schema/index';

/**
 * A guide's record on the profile (decision 134), in two statements: completed tours and the guide's
 * own cancellations of the last 12 months (one pass over the guide's bookings and their replacements), and the latest
 * photos of published traveler reviews.
 */
export async function trackRecord(db: Database, guideId: number, now: Date = new Date()): Promise<TrackRecord> {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const [counts, photos] = await Promise.all([
    db
      .select({
        completed: sql<number>`(count(*) filter (where ${bookings.status} = 'completed'))::int`,
        // A cancellation that offered a replacement (decision 137) counts once, by its row, whatever came of
        // it: the booking may now be another guide's, or refunded and back under this guide's id.
        cancelled: sql<number>`((count(*) filter (where ${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'guide' and ${bookings.cancelledAt} >= ${since.toISOString()}::timestamptz
            and not exists (select 1 from booking_replacements r where r.booking_id = ${bookings.id} and r.from_guide_id = ${bookings.guideId})))
          + (select count(*) from booking_replacements r where r.from_guide_id = ${guideId} and r.created_at >= ${since.toISOString()}::timestamptz))::int`,
      })
      .from(bookings)
      .where(eq(bookings.guideId, guideId)),
    db
      .select({
        id: reviewPhotos.id,
        url: reviewPhotos.url,
        reviewId: reviewPhotos.reviewId,
        reviewerName: users.fullName,
      })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
      .innerJoin(users, eq(users.id, reviews.fromUserId))
      .where(and(eq(reviews.guideId, guideId), eq(reviews.type, 'traveler_to_guide'), isNotNull(reviews.publishedAt)))
      .orderBy(desc(reviews.publishedAt), desc(reviewPhotos.id))
      .limit(PROFILE_GALLERY_PHOTOS),
  ]);
  return {
    completedTours: Number(counts[0]?.completed ?? 0),
    guideCancellations12Months: Number(counts[0]?.cancelled ?? 0),
    photos,
  };
}
