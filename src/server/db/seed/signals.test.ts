import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '../../../shared/schemas/guides';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rowsOf } from '../raw-row';
import { REVIEW_BANDS } from './guide-pools';

/**
 * Demo data obeys the rules real data does, on every seeded guide: a review exists only for a completed
 * booking with that guide and that traveler (decision 063), so a profile's completed tours are never
 * fewer than its reviews; a review's stars agree with its words; and the tours a guide says they have
 * guided are marked in the API as their own declaration, apart from the platform's count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

interface SeededReview {
  id: number;
  guide_id: number;
  rating: number;
  content: string | null;
  booking_status: string | null;
  booking_guide: number | null;
  booking_traveler: number | null;
  from_user_id: number;
  completed_at: string | null;
  submitted_at: string;
}

describe('demo data that agrees with itself', () => {
  it('every traveler review is of a completed tour with that guide, taken by its author before it was written', async () => {
    const list = rowsOf<SeededReview>(
      await t.database.db.execute(sql`
        select r.id, r.guide_id, r.rating, r.content, r.from_user_id, r.submitted_at, b.status as booking_status,
               b.guide_id as booking_guide, b.traveler_id as booking_traveler, b.completed_at
          from reviews r left join bookings b on b.id = r.booking_id
         where r.type = 'traveler_to_guide'`),
    );
    expect(list.length).toBeGreaterThan(100);
    for (const r of list) {
      expect({ review: r.id, status: r.booking_status }).toEqual({ review: r.id, status: 'completed' });
      expect(r.booking_guide).toBe(r.guide_id);
      expect(r.booking_traveler).toBe(r.from_user_id);
      expect(new Date(r.completed_at!).getTime()).toBeLessThan(new Date(r.submitted_at).getTime());
    }
  });

  it('on every guide profile, the tours completed are at least the reviews', async () => {
    const ids = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from guides order by id`)).map((g) =>
      Number(g.id),
    );
    expect(ids.length).toBeGreaterThanOrEqual(80);
    let reviewed = 0;
    for (const id of ids) {
      const res = await t.app.inject({ url: `/api/v2/guides/${id}` });
      expect(res.statusCode).toBe(200);
      const g = guideDetailSchema.parse(res.json());
      expect({ guide: g.user.fullName, completed: g.trackRecord.completedTours >= g.reviewCount }).toEqual({
        guide: g.user.fullName,
        completed: true,
      });
      if (g.reviewCount > 0) reviewed++;
    }
    expect(reviewed).toBeGreaterThan(40);
  });

  it("every review's stars are within the band of its words", async () => {
    const list = rowsOf<{ id: number; rating: number; content: string | null }>(
      await t.database.db.execute(sql`select id, rating, content from reviews where type = 'traveler_to_guide'`),
    );
    const bandOf = new Map(REVIEW_BANDS.flatMap((b) => [...b.zh, ...b.en].map((text) => [text, b.stars] as const)));
    // Each text is in one band only, so its words name the stars it may carry.
    expect(bandOf.size).toBe(REVIEW_BANDS.reduce((n, b) => n + b.zh.length + b.en.length, 0));
    let banded = 0;
    for (const r of list) {
      const stars = bandOf.get(r.content ?? '');
      if (!stars) continue;
      banded++;
      expect({ text: r.content, stars: r.rating }).toEqual({
        text: r.content,
        stars: expect.toSatisfy((n: number) => stars.includes(n)),
      });
    }
    expect(banded).toBeGreaterThan(100);
    // The low bands are seeded too: a demo where every review glows is not one a traveler believes.
    expect(list.some((r) => r.rating <= 2)).toBe(true);
  });

  it("labels the tours a guide declares as declared, apart from the platform's completed tours", async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const detail = doc.paths['/api/v2/guides/{id}'].get.responses['200'].content['application/json'].schema;
    expect(detail.properties.sessionCount.description).toMatch(/self-declared/);
    expect(detail.properties.trackRecord.properties.completedTours.description).toMatch(/completed on this platform/);
  });
});
