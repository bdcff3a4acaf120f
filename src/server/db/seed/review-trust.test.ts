import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema, reviewSchema } from '../../../shared/schemas/guides';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A newcomer sees at once reviews with photos, sub-ratings and the guide's reply on the demo guide's profile. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t.close());

describe('demo review trust', () => {
  it('gives the demo guide reviews with photos, sub-ratings, one reply and the toured mark, and a gallery', async () => {
    const me = await sessionFor(t, 'guide');
    const own = (await t.app.inject({ url: '/api/guides/me', headers: auth(me.token) })).json() as { id: number };
    const list = reviewSchema.array().parse((await t.app.inject({ url: `/api/v2/reviews/guides/${own.id}` })).json());
    // Every seeded review is of a completed tour (demo-reviewed-tours); four of them carry sub-ratings.
    expect(list.every((r) => r.touredWithGuide)).toBe(true);
    const toured = list.filter((r) => r.subRatings !== null);
    expect(toured).toHaveLength(4);
    expect(toured.map((r) => r.photos.length).sort()).toEqual([0, 0, 2, 3]);
    const replied = list.filter((r) => r.reply);
    expect(replied).toHaveLength(1);
    expect(replied[0]!.photos).toHaveLength(3);
    expect(replied[0]!.reply!.text).toContain('谢谢您的好评');
    // Every photo is one of the app's own public files (served with the web app).
    for (const p of toured.flatMap((r) => r.photos))
      expect(existsSync(path.join('src/web/public', p.url)), p.url).toBe(true);

    const detail = guideDetailSchema.parse((await t.app.inject({ url: `/api/v2/guides/${own.id}` })).json());
    expect(detail.trackRecord.photos).toHaveLength(5);
    expect(detail.trackRecord.completedTours).toBeGreaterThanOrEqual(4);
  });
});
