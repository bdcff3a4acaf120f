import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SubRatings } from '../../../shared/schemas/reviews';
import type { Database } from '../client';
import { guides, reviewPhotos, reviews, users } from '../schema/index';

const DAY = 86_400_000;

/** Per reviewing traveler of the demo guide's completed tours (demo-guide-earnings): what their review carries. */
const TRUST: Record<string, { sub: SubRatings; photos?: string[]; reply?: string }> = {
  traveler02: {
    sub: { knowledge: 5, communication: 5, punctuality: 5, value: 4 },
    photos: ['/cities/tokyo.svg', '/cities/yokohama.svg'],
  },
  traveler09: { sub: { knowledge: 4, communication: 5, punctuality: 4, value: 4 } },
  traveler12: {
    sub: { knowledge: 5, communication: 5, punctuality: 5, value: 5 },
    // The app's own city pictures stand in for travelers' photos: nothing is downloaded or generated.
    photos: ['/cities/tokyo.svg', '/cities/kyoto.svg', '/cities/nara.svg'],
    reply: '谢谢您的好评！很高兴第一次来东京就玩得安心。下次来可以试试谷中的夜间散步，我再给您带路。',
  },
  traveler17: { sub: { knowledge: 5, communication: 4, punctuality: 5, value: 5 } },
};

/**
 * Demo step (decision 134): the demo guide's reviews from completed tours get sub-ratings, two of them
 * photos, and one the guide's reply, so the profile shows all of it at once.
 */
export async function seedDemoReviewTrust(db: Database): Promise<void> {
  const rows = await db
    .select({ id: reviews.id, username: users.username, publishedAt: reviews.publishedAt })
    .from(reviews)
    .innerJoin(guides, eq(guides.id, reviews.guideId))
    .innerJoin(users, eq(users.id, reviews.fromUserId))
    .where(
      and(
        inArray(guides.userId, db.select({ id: users.id }).from(users).where(eq(users.username, 'guide'))),
        isNotNull(reviews.bookingId),
        eq(reviews.type, 'traveler_to_guide'),
      ),
    );
  for (const row of rows) {
    const plan = TRUST[row.username];
    if (!plan) continue;
    const { knowledge, communication, punctuality, value } = plan.sub;
    const repliedAt = row.publishedAt ? new Date(row.publishedAt.getTime() + DAY) : null;
    await db
      .update(reviews)
      .set({
        knowledgeRating: knowledge,
        communicationRating: communication,
        punctualityRating: punctuality,
        valueRating: value,
        ...(plan.reply && repliedAt ? { reply: plan.reply, repliedAt } : {}),
      })
      .where(eq(reviews.id, row.id));
    if (plan.photos)
      await db
        .insert(reviewPhotos)
        .values(plan.photos.map((url) => ({ reviewId: row.id, url, createdAt: row.publishedAt ?? new Date() })));
  }
}
