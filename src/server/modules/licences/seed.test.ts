import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { protectedTitlesIn } from '../../../shared/protected-titles';
import { guides, serviceSubcategories } from '../../db/schema/index';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The demo data has licensed guides in three cities (decision 105), and no other guide claims a protected title. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t?.close());

describe('demo licence', () => {
  it('licensed guides in Kyoto, Osaka and Hiroshima (none in Tokyo), found by the filter; the Kyoto one offers 寺庙神社 as her Chinese bio says; card photos the admin can open', async () => {
    const licensed = (await t.app.inject({ url: '/api/v2/guides?licensed=true&limit=50' })).json();
    expect(licensed.data.map((g: { serviceCity: string }) => g.serviceCity).sort()).toEqual([
      'hiroshima',
      'kyoto',
      'osaka',
    ]);
    for (const g of licensed.data) expect(g).toMatchObject({ licence: { kind: 'national', region: null } });
    const card = licensed.data.find((g: { serviceCity: string }) => g.serviceCity === 'kyoto');
    const detail = (await t.app.inject({ url: `/api/v2/guides/${card.id}?lang=zh` })).json();
    expect(detail.licenceDetails).toMatchObject({
      kind: 'national',
      prefecture: 'kyoto',
      registrationNumber: expect.stringContaining('京都府'),
    });
    expect(detail.bio).toContain('全国通訳案内士');
    expect(detail.bio).toContain('寺庙神社');
    const [temples] = await t.database.db
      .select({ id: serviceSubcategories.id })
      .from(serviceSubcategories)
      .where(eq(serviceSubcategories.slug, 'temples-shrines'));
    const templesId = temples!.id;
    const found = (
      await t.app.inject({ url: `/api/v2/guides?city=kyoto&licensed=true&services=${templesId}&limit=50` })
    ).json();
    expect(found.data.map((g: { id: number }) => g.id)).toEqual([card.id]);

    const admin = await sessionFor(t, 'admin');
    const list = (
      await t.app.inject({ url: '/api/admin/credentials?status=verified', headers: auth(admin.token) })
    ).json();
    expect(list.data).toHaveLength(3);
    expect(list.data.find((c: { guideId: number }) => c.guideId === card.id)).toMatchObject({
      status: 'verified',
      licenceKind: 'national',
    });
    const file = await t.app.inject({ url: list.data[0].file.fileUrl, headers: auth(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('no unlicensed demo guide uses a protected title in any text', async () => {
    const rows = await t.database.db
      .select({
        id: guides.id,
        bio: guides.bio,
        texts: guides.texts,
        qualifications: guides.qualifications,
        licence: guides.licenceKind,
      })
      .from(guides);
    const offenders = rows.filter((g) => {
      const texts = [
        g.bio,
        ...Object.values(g.texts).flatMap((f) => Object.values(f ?? {}) as string[]),
        ...g.qualifications.map((q) => q.description),
      ];
      return protectedTitlesIn(texts, g.licence).length > 0;
    });
    expect(offenders.map((g) => g.id)).toEqual([]);
  });
});
