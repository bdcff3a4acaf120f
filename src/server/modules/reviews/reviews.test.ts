import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { bookingIn } from './test-helpers';

let t: TestApp;
let traveler: Person;
let stranger: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  guide = await guidePerson(t, { city: 'nara', priceRmb: 300, maxPeople: 4, name: 'Reviewed Guide' });
});
afterAll(() => t.close());

const eligibility = (id: number, who?: Person) =>
  t.app.inject({ url: `/api/v2/reviews/bookings/${id}/eligibility`, headers: who ? auth(who.token) : {} });
const review = (who: Person, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/reviews', headers: auth(who.token), payload });
const profileReviews = async () =>
  (await t.app.inject({ url: `/api/v2/reviews/guides/${guide.guideId}` })).json() as {
    content: string;
    rating: number;
  }[];
const profile = async () =>
  (await t.app.inject({ url: `/api/v2/guides/${guide.guideId}` })).json() as { rating: number; reviewCount: number };
const searchCard = async () => {
  await t.app.guideSearch.sync();
  const body = (await t.app.inject({ url: '/api/v2/guides?city=nara' })).json() as {
    data: { id: number; rating: number; reviewCount: number }[];
  };
  return body.data.find((g) => g.id === guide.guideId)!;
};

let day = 30;
const nextDay = () => daysAhead(day++);

describe('eligibility', () => {
  it('needs a completed booking of one’s own: 401 for visitors, 404 for strangers, reasons for the rest', async () => {
    const confirmed = await confirmedBooking(t, traveler, guide.guideId, nextDay());
    expect((await eligibility(confirmed)).statusCode).toBe(401);
    expect((await eligibility(confirmed, stranger)).statusCode).toBe(404);
    expect((await eligibility(999_999, traveler)).statusCode).toBe(404);
    expect((await eligibility(confirmed, traveler)).json()).toMatchObject({
      canReview: false,
      reason: 'not_completed',
      type: 'traveler_to_guide',
    });
    const refused = await review(traveler, { bookingId: confirmed, type: 'traveler_to_guide', rating: 5 });
    expect(refused.statusCode).toBe(409);

    const cancelled = await confirmedBooking(t, traveler, guide.guideId, nextDay());
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${cancelled}/status`,
      headers: auth(traveler.token),
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect((await eligibility(cancelled, traveler)).json()).toMatchObject({
      canReview: false,
      reason: 'booking_cancelled',
    });

    const done = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    expect((await eligibility(done, traveler)).json()).toMatchObject({
      canReview: true,
      reason: null,
      type: 'traveler_to_guide',
      fromUserId: traveler.id,
      toUserId: guide.id,
      myReview: null,
      otherSubmitted: false,
      otherReview: null,
    });
    expect((await eligibility(done, guide)).json()).toMatchObject({
      canReview: true,
      type: 'guide_to_traveler',
      fromUserId: guide.id,
      toUserId: traveler.id,
    });
  });

  it('closes 14 days after completion', async () => {
    const old = await bookingIn(t, traveler, guide, nextDay(), 'completed', new Date(Date.now() - 15 * DAY));
    expect((await eligibility(old, traveler)).json()).toMatchObject({
      canReview: false,
      reason: 'review_period_ended',
    });
  });
});

describe('submitting', () => {
  it('validates rating, text and direction with stable codes and the SPEC message', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    const missing = await review(traveler, { bookingId: id, type: 'traveler_to_guide', content: 'Great' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
    expect(JSON.stringify(missing.json().fields)).toContain('Please select a rating');
    for (const rating of [0, 6, 4.5]) {
      const bad = await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().fields)).toContain('Please select a rating');
    }
    const long = await review(traveler, {
      bookingId: id,
      type: 'traveler_to_guide',
      rating: 4,
      content: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toContain('content');
    const wrongType = await review(traveler, { bookingId: id, type: 'guide_to_traveler', rating: 4 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual([{ path: 'type', message: 'must be traveler_to_guide' }]);
    const wrongTo = await review(traveler, {
      bookingId: id,
      type: 'traveler_to_guide',
      rating: 4,
      toUserId: stranger.id,
    });
    expect(wrongTo.statusCode).toBe(400);
    expect((await review(stranger, { bookingId: id, type: 'traveler_to_guide', rating: 4 })).statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/v2/reviews',
      payload: { bookingId: id, type: 'traveler_to_guide', rating: 4 },
    });
    expect(visitor.statusCode).toBe(401);
    // 2000 characters after trimming is fine.
    const ok = await review(traveler, {
      bookingId: id,
      type: 'traveler_to_guide',
      rating: 4,
      content: `  ${'y'.repeat(2000)}  `,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().review.content).toHaveLength(2000);
    expect((await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating: 5 })).statusCode).toBe(409);
  });

  it('is dual-blind: hidden until both have reviewed, then both publish and the rating updates (profile and search)', async () => {
    const before = await profile();
    const id = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    const mine = await review(traveler, {
      bookingId: id,
      type: 'traveler_to_guide',
      fromUserId: traveler.id,
      toUserId: guide.id,
      rating: 5,
      content: '  太棒了，地陪很专业  ',
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().review).toMatchObject({ rating: 5, content: '太棒了，地陪很专业', publishedAt: null });
    expect(mine.json().eligibility).toMatchObject({
      canReview: false,
      reason: 'already_reviewed',
      otherSubmitted: false,
    });

    // The guide knows a review exists but cannot read it; the profile does not show it; the rating is unchanged.
    const guideView = (await eligibility(id, guide)).json();
    expect(guideView).toMatchObject({ canReview: true, otherSubmitted: true, otherReview: null });
    expect(JSON.stringify(guideView)).not.toContain('太棒了');
    expect((await profileReviews()).map((r) => r.content)).not.toContain('太棒了，地陪很专业');
    expect(await profile()).toMatchObject({ rating: before.rating, reviewCount: before.reviewCount });

    const theirs = await review(guide, {
      bookingId: id,
      type: 'guide_to_traveler',
      rating: 4,
      content: 'Punctual and kind',
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().review.publishedAt).not.toBeNull();
    expect(theirs.json().eligibility.otherReview).toMatchObject({ rating: 5, content: '太棒了，地陪很专业' });
    expect((await eligibility(id, traveler)).json().otherReview).toMatchObject({
      rating: 4,
      content: 'Punctual and kind',
    });

    // Only traveler reviews are on the guide's profile.
    const list = await profileReviews();
    expect(list.map((r) => r.content)).toContain('太棒了，地陪很专业');
    expect(list.map((r) => r.content)).not.toContain('Punctual and kind');
    const after = await profile();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    const card = await searchCard();
    expect(card.reviewCount).toBe(after.reviewCount);
    expect(card.rating).toBeCloseTo(after.rating);
  });

  it('publishes a lone review 7 days after it was written (the job), and then closes the other side', async () => {
    // A guide of its own: the job publishes every lone review that is due, other tests' included.
    const solo = await guidePerson(t, { city: 'nara', priceRmb: 200, maxPeople: 4, name: 'Solo Guide' });
    const id = await bookingIn(t, traveler, solo, nextDay(), 'completed');
    const soloProfile = async () =>
      (await t.app.inject({ url: `/api/v2/guides/${solo.guideId}` })).json() as { rating: number; reviewCount: number };
    const soloReviews = async () =>
      (await t.app.inject({ url: `/api/v2/reviews/guides/${solo.guideId}` })).json() as { content: string }[];
    expect((await soloProfile()).reviewCount).toBe(0);
    expect(
      (await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating: 2, content: 'Late twice' }))
        .statusCode,
    ).toBe(201);
    const now = Date.now();
    await t.app.jobs.tick(new Date(now + 6 * DAY)); // due jobs of other bookings run; this review's is not due
    expect((await eligibility(id, solo)).json()).toMatchObject({ canReview: true, otherReview: null });
    expect((await soloReviews()).map((r) => r.content)).not.toContain('Late twice');

    t.app.reviews.now = () => new Date(now + 7 * DAY + 60_000);
    try {
      expect(await t.app.jobs.tick(new Date(now + 7 * DAY + 60_000))).toBeGreaterThanOrEqual(1);
      expect((await soloReviews()).map((r) => r.content)).toContain('Late twice');
      expect(await soloProfile()).toMatchObject({ rating: 2, reviewCount: 1 });
      await t.app.guideSearch.sync();
      const cards = (await t.app.inject({ url: '/api/v2/guides?city=nara' })).json().data as {
        id: number;
        rating: number;
        reviewCount: number;
      }[];
      expect(cards.find((g) => g.id === solo.guideId)).toMatchObject({ rating: 2, reviewCount: 1 });
      const guideView = (await eligibility(id, solo)).json();
      expect(guideView).toMatchObject({
        canReview: false,
        reason: 'review_period_ended',
        otherReview: { content: 'Late twice' },
      });
      expect((await review(solo, { bookingId: id, type: 'guide_to_traveler', rating: 5 })).statusCode).toBe(409);
    } finally {
      t.app.reviews.now = () => new Date();
    }
  });
});

describe('demo seed', () => {
  it('keeps the seeded reviews published and counted', async () => {
    const d = await createTestApp({ seed: 'demo' });
    try {
      const list = (await d.app.inject({ url: '/api/v2/guides?limit=5' })).json() as {
        data: { id: number; reviewCount: number }[];
      };
      const reviewed = list.data.find((g) => g.reviewCount > 0)!;
      expect(reviewed).toBeDefined();
      const reviews = await d.app.inject({ url: `/api/v2/reviews/guides/${reviewed.id}` });
      expect(reviews.statusCode).toBe(200);
      expect(reviews.json()).toHaveLength(Math.min(20, reviewed.reviewCount));
    } finally {
      await d.close();
    }
  }, 60_000);
});
