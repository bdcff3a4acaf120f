import {
  REVIEW_BLIND_DAYS,
  REVIEW_WINDOW_DAYS,
  type BookingReview,
  type CreateReviewReply,
  type EligibilityReason,
  type EligibilityReply,
  type ReviewType,
} from '../../../shared/schemas/reviews';
import type { z } from 'zod';
import type { createReviewBodySchema } from '../../../shared/schemas/reviews';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import { findBooking, guideUserIdOf, lockBooking, type BookingRow } from '../bookings/index';
import * as repo from './reviews.repository';
import type { ReviewRow } from './reviews.repository';

export const REVIEW_PUBLISH_JOB = 'review.publish';
const DAY_MS = 86_400_000;

type Side = 'traveler' | 'guide';
const typeOf = (side: Side): ReviewType => (side === 'traveler' ? 'traveler_to_guide' : 'guide_to_traveler');

const toReview = (r: ReviewRow): BookingReview => ({
  id: r.id,
  bookingId: r.bookingId!,
  type: r.type,
  fromUserId: r.fromUserId,
  toUserId: r.toUserId,
  rating: r.rating,
  content: r.content,
  submittedAt: r.submittedAt.toISOString(),
  publishedAt: r.publishedAt?.toISOString() ?? null,
});

/**
 * Reviews of completed bookings in both directions (decision 063). Dual-blind: a
 * review stays hidden from the other party until both have written theirs (then both are published
 * at once) or until REVIEW_BLIND_DAYS after it was written (a job publishes it). Publishing a
 * traveler's review recomputes the guide's rating and count in the same transaction.
 */
export class ReviewsService {
  /** The clock; tests replace it to move time. */
  now: () => Date = () => new Date();

  constructor(private readonly db: Database) {}

  /** The booking and the caller's side; 404 for anyone but its traveler and its guide. */
  private async party(db: Database, user: AuthUser, bookingId: number, lock = false) {
    const booking = lock ? await lockBooking(db, bookingId) : await findBooking(db, bookingId);
    if (!booking) throw notFound('Booking');
    const guideUserId = (await guideUserIdOf(db, booking.guideId))!;
    const side: Side | undefined = booking.travelerId === user.id ? 'traveler' : guideUserId === user.id ? 'guide' : undefined;
    if (!side) throw notFound('Booking');
    return { booking, guideUserId, side };
  }

  private decide(booking: BookingRow, guideUserId: number, side: Side, rows: ReviewRow[], now: Date): EligibilityReply {
    const type = typeOf(side);
    const mine = rows.find((r) => r.type === type);
    const theirs = rows.find((r) => r.type !== type);
    const completedAt = booking.completedAt ?? (booking.status === 'completed' ? booking.updatedAt : null);
    const reviewBy = completedAt ? new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) : null;
    let reason: EligibilityReason | null = null;
    if (booking.status === 'cancelled') reason = 'booking_cancelled';
    else if (!completedAt || (booking.status !== 'completed' && booking.status !== 'disputed')) reason = 'not_completed';
    else if (mine) reason = 'already_reviewed';
    else if (now > reviewBy! || theirs?.publishedAt) reason = 'review_period_ended';
    return {
      bookingId: booking.id,
      canReview: reason === null,
      reason,
      type,
      fromUserId: side === 'traveler' ? booking.travelerId : guideUserId,
      toUserId: side === 'traveler' ? guideUserId : booking.travelerId,
      reviewBy: reviewBy?.toISOString() ?? null,
      myReview: mine ? toReview(mine) : null,
      otherSubmitted: Boolean(theirs),
      otherReview: theirs?.publishedAt ? toReview(theirs) : null,
    };
  }

  async eligibility(user: AuthUser, bookingId: number): Promise<EligibilityReply> {
    const { booking, guideUserId, side } = await this.party(this.db, user, bookingId);
    return this.decide(booking, guideUserId, side, await repo.reviewsOfBooking(this.db, bookingId), this.now());
  }

  async create(user: AuthUser, body: z.output<typeof createReviewBodySchema>): Promise<CreateReviewReply> {
    const now = this.now();
    try {
      return await inTransaction(this.db, async (db) => {
        const { booking, guideUserId, side } = await this.party(db, user, body.bookingId, true);
        const rows = await repo.reviewsOfBooking(db, booking.id);
        const before = this.decide(booking, guideUserId, side, rows, now);
        if (body.type !== before.type) {
          throw new AppError('validation_failed', `As the ${side} of this booking you write a ${before.type} review`, [{ path: 'type', message: `must be ${before.type}` }]);
        }
        if (body.fromUserId !== undefined && body.fromUserId !== before.fromUserId) {
          throw new AppError('validation_failed', 'fromUserId must be you', [{ path: 'fromUserId', message: 'must be the signed-in user' }]);
        }
        if (body.toUserId !== undefined && body.toUserId !== before.toUserId) {
          throw new AppError('validation_failed', 'toUserId must be the other party of the booking', [{ path: 'toUserId', message: 'must be the other party' }]);
        }
        if (!before.canReview) throw new AppError('conflict', `This booking cannot be reviewed now (${before.reason})`, [{ path: 'bookingId', message: before.reason! }]);
        const review = await repo.insertReview(db, {
          bookingId: booking.id,
          type: before.type,
          fromUserId: before.fromUserId,
          toUserId: before.toUserId,
          guideId: before.type === 'traveler_to_guide' ? booking.guideId : null,
          rating: body.rating,
          content: body.content,
          submittedAt: now,
        });
        if (rows.length > 0) {
          // Both sides have written: publish both at once.
          await repo.publishReviews(db, booking.id, now);
          await repo.refreshGuideRating(db, booking.guideId);
        } else {
          await enqueueJob(db, {
            kind: REVIEW_PUBLISH_JOB,
            payload: { bookingId: booking.id },
            runAt: new Date(now.getTime() + REVIEW_BLIND_DAYS * DAY_MS),
            dedupeKey: `${REVIEW_PUBLISH_JOB}:${booking.id}`,
          });
        }
        const after = await repo.reviewsOfBooking(db, booking.id);
        const eligibility = this.decide(booking, guideUserId, side, after, now);
        return { review: toReview(after.find((r) => r.id === review.id)!), eligibility };
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new AppError('conflict', 'You have already reviewed this booking', [{ path: 'bookingId', message: 'already_reviewed' }]);
      throw err;
    }
  }

  /** Job: publishes the booking's reviews written REVIEW_BLIND_DAYS ago or more (a no-op once published). */
  async publishDue(job: ClaimedJob, now: Date): Promise<void> {
    const bookingId = Number(job.payload.bookingId);
    await inTransaction(this.db, async (db) => {
      const booking = await lockBooking(db, bookingId);
      if (!booking) return;
      const published = await repo.publishReviews(db, bookingId, now, new Date(now.getTime() - REVIEW_BLIND_DAYS * DAY_MS));
      if (published.some((r) => r.type === 'traveler_to_guide')) await repo.refreshGuideRating(db, booking.guideId);
    });
  }
}
