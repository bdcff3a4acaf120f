import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectedTitlesIn } from '../../../shared/licences';
import { guides } from '../../db/schema/index';
import { sessionFor } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The demo data has one licensed guide (issue 26), and no other guide claims a protected title. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
}, 120_000);
afterAll(() => t?.close());

describe('demo licence', () => {
  it('one Kyoto guide with a verified 全国通訳案内士 licence, found by the filter, with a card photo the admin can open', async () => {
    const licensed = (await t.app.inject({ url: '/api/v2/guides?licensed=true&limit=50' })).json();
    expect(licensed.total).toBe(1);
    const card = licensed.data[0];
    expect(card).toMatchObject({ serviceCity: 'kyoto', licence: { kind: 'national', region: null } });
    const detail = (await t.app.inject({ url: `/api/v2/guides/${card.id}?lang=zh` })).json();
    expect(detail.licenceDetails).toMatchObject({ kind: 'national', prefecture: 'kyoto', registrationNumber: expect.stringContaining('京都府') });
    expect(detail.bio).toContain('全国通訳案内士');

    const admin = await sessionFor(t, 'admin');
    const list = (await t.app.inject({ url: '/api/admin/credentials?status=verified', headers: auth(admin.token) })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ guideId: card.id, status: 'verified', licenceKind: 'national' });
    const file = await t.app.inject({ url: list.data[0].file.fileUrl, headers: auth(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('no unlicensed demo guide uses a protected title in any text', async () => {
    const rows = await t.database.db.select({ id: guides.id, bio: guides.bio, texts: guides.texts, qualifications: guides.qualifications, licence: guides.licenceKind }).from(guides);
    const offenders = rows.filter((g) => {
      const texts = [g.bio, ...Object.values(g.texts).flatMap((f) => Object.values(f ?? {}) as string[]), ...g.qualifications.map((q) => q.description)];
      return protectedTitlesIn(texts, g.licence).length > 0;
    });
    expect(offenders.map((g) => g.id)).toEqual([]);
  });
});
