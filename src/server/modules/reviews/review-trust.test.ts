import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '../../../shared/schemas/guides';
import { bookings } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { bookingIn } from './test-helpers';

let t: TestApp;
let traveler: Person;
let stranger: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
let day = 40;
const nextDay = () => daysAhead(day++);
const SUB = { knowledge: 5, communication: 4, punctuality: 3, value: 5 };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  guide = await guidePerson(t, { city: 'kobe', priceRmb: 300, maxPeople: 4, name: 'Trusted Guide' });
  otherGuide = await guidePerson(t, { city: 'kobe', priceRmb: 300, maxPeople: 4, name: 'Other Guide' });
});
afterAll(() => t.close());

const review = (who: Person, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/reviews', headers: auth(who.token), payload });
const photo = (who: Person, id: number, data: Buffer) => {
  const { payload, headers } = multipartBody([{ field: 'file', data, name: 'IMG_0001.jpg', type: 'image/jpeg' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/reviews/${id}/photos`,
    headers: { ...headers, ...auth(who.token) },
    payload,
  });
};
const reply = (who: Person, id: number, text: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v2/reviews/${id}/reply`, headers: auth(who.token), payload: { text } });
const jpeg = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#2b6cd9' } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'TabiCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2964/100' } })
    .toBuffer();
/** A published traveler review of `g` (the guide writes theirs too, so both publish at once). */
async function published(g: typeof guide, body: Record<string, unknown> = {}) {
  const id = await bookingIn(t, traveler, g, nextDay(), 'completed');
  const mine = await review(traveler, {
    bookingId: id,
    type: 'traveler_to_guide',
    rating: 5,
    content: 'Wonderful day',
    ...body,
  });
  expect(mine.statusCode).toBe(201);
  expect((await review(g, { bookingId: id, type: 'guide_to_traveler', rating: 5 })).statusCode).toBe(201);
  return mine.json().review.id as number;
}

describe('sub-ratings', () => {
  it('takes all four whole stars or none; anything else is 400 with the field', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    for (const subRatings of [
      { knowledge: 5 },
      { ...SUB, value: 0 },
      { ...SUB, value: 6 },
      { ...SUB, value: 4.5 },
      { ...SUB, extra: 3 },
    ]) {
      const bad = await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating: 4, subRatings });
      expect(bad.statusCode, JSON.stringify(subRatings)).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
      expect(JSON.stringify(bad.json().fields)).toContain('subRatings');
    }
    // A guide's review of a traveler has no sub-ratings.
    const guideSide = await review(guide, { bookingId: id, type: 'guide_to_traveler', rating: 4, subRatings: SUB });
    expect(guideSide.statusCode).toBe(400);
    const ok = await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating: 4, subRatings: SUB });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().review).toMatchObject({ subRatings: SUB, photos: [], reply: null, touredWithGuide: true });
    const none = await published(guide);
    const list = (await t.app.inject({ url: `/api/v2/reviews/guides/${guide.guideId}` })).json() as {
      id: number;
      subRatings: unknown;
    }[];
    expect(list.find((r) => r.id === none)!.subRatings).toBeNull();
  });
});

describe('photos', () => {
  it('re-encodes each photo (WebP, no EXIF), only for the author, at most 6, within the hour', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    const created = await review(traveler, { bookingId: id, type: 'traveler_to_guide', rating: 5, subRatings: SUB });
    const reviewId = created.json().review.id as number;
    const input = await jpeg();
    expect(input.includes('TabiCam')).toBe(true);

    // Nobody but the author: the guide, a stranger, a visitor.
    expect((await photo(guide, reviewId, input)).statusCode).toBe(404);
    expect((await photo(stranger, reviewId, input)).statusCode).toBe(404);
    expect((await photo(traveler, 999_999, input)).statusCode).toBe(404);
    const { payload, headers } = multipartBody([{ field: 'file', data: input }]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/reviews/${reviewId}/photos`, headers, payload })).statusCode,
    ).toBe(401);
    const notImage = await photo(traveler, reviewId, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('invalid_file_type');

    const first = await photo(traveler, reviewId, input);
    expect(first.statusCode).toBe(201);
    const url = first.json().photos[0].url as string;
    expect(url).toMatch(/^\/uploads\/review-photos\/[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('TabiCam')).toBe(false);

    for (let n = 2; n <= 6; n++) expect((await photo(traveler, reviewId, input)).statusCode).toBe(201);
    const seventh = await photo(traveler, reviewId, input);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json().fields).toEqual([{ path: 'body.file', message: 'limit reached' }]);
    const mine = (
      await t.app.inject({ url: `/api/v2/reviews/bookings/${id}/eligibility`, headers: auth(traveler.token) })
    ).json();
    expect(mine.myReview.photos).toHaveLength(6);

    // An hour after submitting, the review is fixed.
    const later = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    const late = (await review(traveler, { bookingId: later, type: 'traveler_to_guide', rating: 4 })).json().review
      .id as number;
    t.app.reviews.now = () => new Date(Date.now() + 61 * 60_000);
    try {
      const closed = await photo(traveler, late, input);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().fields).toEqual([{ path: 'id', message: 'photo_window_closed' }]);
    } finally {
      t.app.reviews.now = () => new Date();
    }
  });
});

describe('the guide', () => {
  it('replies once to a published review of them; nobody else can; the text is a display text', async () => {
    const hidden = await bookingIn(t, traveler, guide, nextDay(), 'completed');
    const blind = (await review(traveler, { bookingId: hidden, type: 'traveler_to_guide', rating: 3 })).json().review
      .id as number;
    // Still dual-blind: the guide cannot know it, let alone answer it.
    expect((await reply(guide, blind, 'Thanks')).statusCode).toBe(404);

    const id = await published(guide);
    expect((await reply(otherGuide, id, 'Not mine')).statusCode).toBe(404);
    expect((await reply(traveler, id, 'Self reply')).statusCode).toBe(404);
    expect((await reply(stranger, id, 'Hi')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/reviews/${id}/reply`, payload: { text: 'x' } })).statusCode,
    ).toBe(401);
    for (const text of ['', '   \u200b ', 'x'.repeat(1001), 42]) {
      const bad = await reply(guide, id, text);
      expect(bad.statusCode, String(text)).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    const titled = await reply(guide, id, 'Thanks from your certified guide!');
    expect(titled.statusCode).toBe(400);
    expect(titled.json().code).toBe('protected_title');

    const ok = await reply(guide, id, '  谢谢\u200b您的好评！  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().reply).toMatchObject({ text: '谢谢您的好评！' });
    const again = await reply(guide, id, 'Changed my mind');
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual([{ path: 'id', message: 'already_replied' }]);
    const list = (await t.app.inject({ url: `/api/v2/reviews/guides/${guide.guideId}` })).json() as {
      id: number;
      reply: { text: string } | null;
      touredWithGuide: boolean;
    }[];
    expect(list.find((r) => r.id === id)).toMatchObject({ reply: { text: '谢谢您的好评！' }, touredWithGuide: true });
  });

  it('has no way to edit, remove or add to a traveler review', async () => {
    const id = await published(guide, { content: 'Keep me as I am' });
    for (const [method, url] of [
      ['PATCH', `/api/v2/reviews/${id}`],
      ['PUT', `/api/v2/reviews/${id}`],
      ['DELETE', `/api/v2/reviews/${id}`],
      ['DELETE', `/api/v2/reviews/${id}/reply`],
      ['PATCH', `/api/v2/reviews/${id}/reply`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: auth(guide.token),
        payload: method === 'DELETE' ? undefined : { content: 'Rewritten', rating: 5 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await photo(guide, id, await jpeg())).statusCode).toBe(404);
    const list = (await t.app.inject({ url: `/api/v2/reviews/guides/${guide.guideId}` })).json() as {
      id: number;
      content: string;
    }[];
    expect(list.find((r) => r.id === id)!.content).toBe('Keep me as I am');
  });
});

describe('profile figures', () => {
  it('counts completed tours, the guide’s cancellations of the last 12 months, and shows the photos of published reviews', async () => {
    const g = await guidePerson(t, { city: 'kobe', priceRmb: 250, maxPeople: 4, name: 'Counted Guide' });
    const detail = async () =>
      guideDetailSchema.parse((await t.app.inject({ url: `/api/v2/guides/${g.guideId}` })).json()).trackRecord;
    expect(await detail()).toEqual({ completedTours: 0, guideCancellations12Months: 0, photos: [] });

    const a = await bookingIn(t, traveler, g, nextDay(), 'completed');
    await bookingIn(t, traveler, g, nextDay(), 'completed');
    // Cancellations: by the guide now, by the guide 13 months ago, by the traveler (only the first counts).
    const cancelled = [
      await confirmedBooking(t, traveler, g.guideId, nextDay()),
      await confirmedBooking(t, traveler, g.guideId, nextDay()),
      await confirmedBooking(t, traveler, g.guideId, nextDay()),
    ];
    const db = t.database.db;
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'guide', cancelledAt: new Date() })
      .where(eq(bookings.id, cancelled[0]!));
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'guide', cancelledAt: new Date(Date.now() - 396 * 86_400_000) })
      .where(eq(bookings.id, cancelled[1]!));
    await db
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'traveler', cancelledAt: new Date() })
      .where(eq(bookings.id, cancelled[2]!));

    // A photo on a review still hidden is not in the gallery; once published it is.
    const mine = (await review(traveler, { bookingId: a, type: 'traveler_to_guide', rating: 5 })).json().review
      .id as number;
    const added = await photo(traveler, mine, await jpeg());
    expect(added.statusCode).toBe(201);
    expect((await detail()).photos).toEqual([]);
    expect((await review(g, { bookingId: a, type: 'guide_to_traveler', rating: 5 })).statusCode).toBe(201);
    const record = await detail();
    expect(record).toMatchObject({ completedTours: 2, guideCancellations12Months: 1 });
    expect(record.photos).toEqual([
      {
        id: added.json().photos[0].id,
        url: added.json().photos[0].url,
        reviewId: mine,
        reviewerName: expect.any(String),
      },
    ]);
  });
});
