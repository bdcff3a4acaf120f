import { DEFAULT_LOCALE, matchLocale } from '../../../shared/locales';
import {
  REVIEW_BLIND_DAYS,
  REVIEW_PHOTO_MAX,
  REVIEW_PHOTO_WINDOW_MINUTES,
  REVIEW_WINDOW_DAYS,
  type ReviewPhoto,
  type BookingReview,
  type CreateReviewReply,
  type EligibilityReason,
  type EligibilityReply,
  type ReviewType,
} from '../../../shared/schemas/reviews';
import type { z } from 'zod';
import type { createReviewBodySchema, replyBodySchema } from '../../../shared/schemas/reviews';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import { publicUrl, storeImage, type FileStorage, type ImageBox } from '../../storage/index';
import { findBooking, guideUserIdOf, lockBooking, type BookingRow } from '../bookings/index';
import { assertPublicTexts } from '../licences/index';
import { trustOf } from './review-view';
import * as repo from './reviews.repository';
import type { ReviewRow } from './reviews.repository';

/** Review photos are shown at most about 1000 px wide when enlarged: 2048 px covers 2× screens. */
export const REVIEW_PHOTO_BOX: ImageBox = { width: 2048, height: 2048 };
const PHOTO_FOLDER = 'review-photos';
type Photos = Map<number, ReviewPhoto[]>;

export const REVIEW_PUBLISH_JOB = 'review.publish';
const DAY_MS = 86_400_000;

type Side = 'traveler' | 'guide';
const typeOf = (side: Side): ReviewType => (side === 'traveler' ? 'traveler_to_guide' : 'guide_to_traveler');

const toReview = (r: ReviewRow, photos: Photos): BookingReview => ({
  id: r.id,
  bookingId: r.bookingId!,
  type: r.type,
  fromUserId: r.fromUserId,
  toUserId: r.toUserId,
  rating: r.rating,
  content: r.content,
  submittedAt: r.submittedAt.toISOString(),
  publishedAt: r.publishedAt?.toISOString() ?? null,
  ...trustOf(r, photos.get(r.id)),
});

const replied = () =>
  new AppError('conflict', 'This review already has your reply; it cannot be changed', [
    { path: 'id', message: 'already_replied' },
  ]);

/**
 * Reviews of completed bookings in both directions (decision 063). Dual-blind: a
 * review stays hidden from the other party until both have written theirs (then both are published
 * at once) or until REVIEW_BLIND_DAYS after it was written (a job publishes it). Publishing a
 * traveler's review recomputes the guide's rating and count in the same transaction.
 */
export class ReviewsService {
  /** The clock; tests replace it to move time. */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
  ) {}

  /** The booking and the caller's side; 404 for anyone but its traveler and its guide. */
  private async party(db: Database, user: AuthUser, bookingId: number, lock = false) {
    const booking = lock ? await lockBooking(db, bookingId) : await findBooking(db, bookingId);
    if (!booking) throw notFound('Booking');
    const guideUserId = (await guideUserIdOf(db, booking.guideId))!;
    const side: Side | undefined =
      booking.travelerId === user.id ? 'traveler' : guideUserId === user.id ? 'guide' : undefined;
    if (!side) throw notFound('Booking');
    return { booking, guideUserId, side };
  }

  private decide(
    booking: BookingRow,
    guideUserId: number,
    side: Side,
    rows: ReviewRow[],
    now: Date,
    photos: Photos,
  ): EligibilityReply {
    const type = typeOf(side);
    const mine = rows.find((r) => r.type === type);
    const theirs = rows.find((r) => r.type !== type);
    const completedAt = booking.completedAt ?? (booking.status === 'completed' ? booking.updatedAt : null);
    const reviewBy = completedAt ? new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) : null;
    let reason: EligibilityReason | null = null;
    if (booking.status === 'cancelled') reason = 'booking_cancelled';
    else if (!completedAt || (booking.status !== 'completed' && booking.status !== 'disputed'))
      reason = 'not_completed';
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
      myReview: mine ? toReview(mine, photos) : null,
      otherSubmitted: Boolean(theirs),
      otherReview: theirs?.publishedAt ? toReview(theirs, photos) : null,
    };
  }

  async eligibility(user: AuthUser, bookingId: number): Promise<EligibilityReply> {
    const { booking, guideUserId, side } = await this.party(this.db, user, bookingId);
    const rows = await repo.reviewsOfBooking(this.db, bookingId);
    return this.decide(
      booking,
      guideUserId,
      side,
      rows,
      this.now(),
      await repo.photosOf(
        this.db,
        rows.map((r) => r.id),
      ),
    );
  }

  async create(user: AuthUser, body: z.output<typeof createReviewBodySchema>): Promise<CreateReviewReply> {
    const now = this.now();
    try {
      return await inTransaction(this.db, async (db) => {
        const { booking, guideUserId, side } = await this.party(db, user, body.bookingId, true);
        const rows = await repo.reviewsOfBooking(db, booking.id);
        const before = this.decide(booking, guideUserId, side, rows, now, new Map());
        if (body.type !== before.type) {
          throw new AppError('validation_failed', `As the ${side} of this booking you write a ${before.type} review`, [
            { path: 'type', message: `must be ${before.type}` },
          ]);
        }
        if (body.fromUserId !== undefined && body.fromUserId !== before.fromUserId) {
          throw new AppError('validation_failed', 'fromUserId must be you', [
            { path: 'fromUserId', message: 'must be the signed-in user' },
          ]);
        }
        if (body.toUserId !== undefined && body.toUserId !== before.toUserId) {
          throw new AppError('validation_failed', 'toUserId must be the other party of the booking', [
            { path: 'toUserId', message: 'must be the other party' },
          ]);
        }
        if (body.subRatings && before.type !== 'traveler_to_guide') {
          throw new AppError('validation_failed', 'Sub-ratings are for reviews of a guide', [
            { path: 'subRatings', message: 'only for traveler_to_guide' },
          ]);
        }
        if (!before.canReview)
          throw new AppError('conflict', `This booking cannot be reviewed now (${before.reason})`, [
            { path: 'bookingId', message: before.reason! },
          ]);
        await assertPublicTexts(db, user.id, [{ path: 'content', text: body.content }], { titles: false });
        const review = await repo.insertReview(db, {
          bookingId: booking.id,
          type: before.type,
          fromUserId: before.fromUserId,
          toUserId: before.toUserId,
          guideId: before.type === 'traveler_to_guide' ? booking.guideId : null,
          rating: body.rating,
          content: body.content,
          knowledgeRating: body.subRatings?.knowledge ?? null,
          communicationRating: body.subRatings?.communication ?? null,
          punctualityRating: body.subRatings?.punctuality ?? null,
          valueRating: body.subRatings?.value ?? null,
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
        const photos = await repo.photosOf(
          db,
          after.map((r) => r.id),
        );
        const eligibility = this.decide(booking, guideUserId, side, after, now, photos);
        return {
          review: toReview(
            after.find((r) => r.id === review.id)!,
            photos,
          ),
          eligibility,
        };
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505')
        throw new AppError('conflict', 'You have already reviewed this booking', [
          { path: 'bookingId', message: 'already_reviewed' },
        ]);
      throw err;
    }
  }

  /**
   * Attaches one photo to the caller's review of a guide (decision 134): only its author, only within
   * REVIEW_PHOTO_WINDOW_MINUTES of submitting (reviews are not edited later, decision 063), at most
   * REVIEW_PHOTO_MAX. Who may upload is settled before the body is read. The image is re-encoded by the
   * one upload path (storeImage) and public, as the review is once published.
   */
  async addPhoto(user: AuthUser, reviewId: number, read: () => Promise<{ data: Buffer }>): Promise<BookingReview> {
    const review = await repo.findReview(this.db, reviewId);
    if (!review || review.fromUserId !== user.id) throw notFound('Review');
    if (review.type !== 'traveler_to_guide')
      throw new AppError('conflict', 'Photos are for reviews of a guide', [
        { path: 'id', message: 'not_a_guide_review' },
      ]);
    const closesAt = review.submittedAt.getTime() + REVIEW_PHOTO_WINDOW_MINUTES * 60_000;
    if (this.now().getTime() > closesAt) {
      throw new AppError(
        'conflict',
        `Photos can be added within ${REVIEW_PHOTO_WINDOW_MINUTES} minutes of submitting the review`,
        [{ path: 'id', message: 'photo_window_closed' }],
      );
    }
    const full = () =>
      new AppError('conflict', `At most ${REVIEW_PHOTO_MAX} photos per review`, [
        { path: 'body.file', message: 'limit reached' },
      ]);
    if ((await repo.countPhotos(this.db, reviewId)) >= REVIEW_PHOTO_MAX) throw full();
    // Public once the review is: no QR code in it (decision 205), said in the author's language.
    const locale = matchLocale(await repo.localeOf(this.db, user.id)) ?? DEFAULT_LOCALE;
    const { key } = await storeImage(this.storage, PHOTO_FOLDER, (await read()).data, REVIEW_PHOTO_BOX, locale);
    // Counted again under the review's lock: parallel uploads cannot pass the limit together.
    const row = await inTransaction(this.db, async (db) => {
      const locked = await repo.lockReview(db, reviewId);
      if (!locked) return 'gone' as const;
      if ((await repo.countPhotos(db, reviewId)) >= REVIEW_PHOTO_MAX) return 'full' as const;
      await repo.insertPhoto(db, reviewId, publicUrl(key), this.now());
      return locked;
    });
    if (typeof row === 'string') {
      await this.storage.delete(key);
      throw row === 'gone' ? notFound('Review') : full();
    }
    return toReview(row, await repo.photosOf(this.db, [reviewId]));
  }

  /**
   * The reviewed guide's one public reply to a published review of them (decision 134): anyone else,
   * or a review still hidden from the guide, is 404; a second reply is 409. The text is shown about a
   * person, so the protected-title rule applies (decision 099).
   */
  async reply(user: AuthUser, reviewId: number, body: z.output<typeof replyBodySchema>): Promise<BookingReview> {
    const review = await repo.findReview(this.db, reviewId);
    if (!review || review.type !== 'traveler_to_guide' || review.toUserId !== user.id || !review.publishedAt)
      throw notFound('Review');
    if (review.reply !== null) throw replied();
    await assertPublicTexts(this.db, user.id, [{ path: 'text', text: body.text }]);
    const row = await repo.setReply(this.db, reviewId, body.text, this.now());
    if (!row) throw replied();
    return toReview(row, await repo.photosOf(this.db, [reviewId]));
  }

  /** Job: publishes the booking's reviews written REVIEW_BLIND_DAYS ago or more (a no-op once published). */
  async publishDue(job: ClaimedJob, now: Date): Promise<void> {
    const bookingId = Number(job.payload.bookingId);
    await inTransaction(this.db, async (db) => {
      const booking = await lockBooking(db, bookingId);
      if (!booking) return;
      const published = await repo.publishReviews(
        db,
        bookingId,
        now,
        new Date(now.getTime() - REVIEW_BLIND_DAYS * DAY_MS),
      );
      if (published.some((r) => r.type === 'traveler_to_guide')) await repo.refreshGuideRating(db, booking.guideId);
    });
  }
}
