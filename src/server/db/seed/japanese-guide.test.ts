import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTextLanguage } from '../../../shared/guide-texts';
import { guideDetailSchema, itinerarySchema } from '../../../shared/schemas/guides';
import { messagesPageSchema } from '../../../shared/schemas/messaging';
import { sessionFor } from '../../test/accounts';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guideItineraries, guides, users } from '../schema/index';
import { JAPANESE_GUIDE } from './japanese-guide';

/**
 * The demo's guide who writes only in Japanese (decision 145): a newcomer reading in Chinese sees
 * machine translation at work on his profile, his itineraries and his chat with the demo traveler.
 */
let deepl: TestDeepL;
let t: TestApp;
beforeAll(async () => {
  deepl = await startTestDeepL();
  t = await createTestApp({ seed: 'demo', env: deepl.env });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await deepl?.close();
});

async function theGuide() {
  const [row] = await t.database.db
    .select({ guide: guides, verified: users.identityVerified, fullName: users.fullName })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(users.username, JAPANESE_GUIDE.username));
  return row!;
}

/** Runs the translation jobs the reads just queued. */
async function translateNow() {
  await t.app.jobs.settled();
  await t.app.jobs.tick(new Date());
  await t.app.guideSearch.sync();
}

describe('the demo guide who writes only in Japanese', () => {
  it('is named, verified and listed, with bio, descriptions and itineraries in Japanese only', async () => {
    const { guide, verified, fullName } = await theGuide();
    expect({ fullName, verified, status: guide.status }).toEqual({
      fullName: JAPANESE_GUIDE.fullName,
      verified: true,
      status: 'active',
    });
    expect(guide.originalLanguage).toBe('ja');
    expect(Object.keys(guide.texts)).toEqual(['ja']);
    for (const text of [guide.bio, guide.ethicsDescription, guide.boundaryDescription, guide.supportiveDescription])
      expect(detectTextLanguage(text)).toBe('ja');
    const its = await t.database.db.select().from(guideItineraries).where(eq(guideItineraries.guideId, guide.id));
    expect(its.length).toBeGreaterThanOrEqual(1);
    for (const it of its) {
      expect(it.originalLanguage).toBe('ja');
      expect(Object.keys(it.texts)).toEqual(['ja']);
    }
    // Listed: found in his city's search.
    const search = await t.app.inject({ url: '/api/v2/guides?city=kyoto&limit=50&lang=ja' });
    expect(search.json().data.map((g: { id: number }) => g.id)).toContain(guide.id);
  });

  it('answers the demo traveler in Japanese, who writes in Chinese; the traveler reads him translated', async () => {
    const { guide } = await theGuide();
    const me = await sessionFor(t, 'traveler');
    const list = (await t.app.inject({ url: '/api/conversations', headers: auth(me.token) })).json().data;
    const chat = list.find((c: { conversation: { guideId: number } }) => c.conversation.guideId === guide.id);
    expect(chat).toBeTruthy();
    const read = async () =>
      messagesPageSchema.parse(
        (
          await t.app.inject({
            url: `/api/conversations/${chat.conversation.id}/messages`,
            headers: { ...auth(me.token), 'accept-language': 'zh-CN' },
          })
        ).json(),
      ).data;
    const first = await read();
    const his = first.filter((m) => m.senderId === guide.userId);
    const mine = first.filter((m) => m.senderId === me.id);
    expect(his.length).toBeGreaterThan(0);
    expect(mine.length).toBeGreaterThan(0);
    for (const m of his) expect(m.bodyLanguage).toBe('ja');
    for (const m of mine) expect(detectTextLanguage(m.body)).toBe('zh');
    await translateNow();
    const after = (await read()).filter((m) => m.senderId === guide.userId);
    for (const m of after)
      expect(m.translated).toEqual({ text: `[ZH-HANS] ${m.body}`, provider: 'DeepL', targetLang: 'zh' });
  });

  it('reads translated on his profile and itinerary for a Chinese reader, the Japanese original kept', async () => {
    const { guide } = await theGuide();
    const profile = async () =>
      guideDetailSchema.parse(
        (await t.app.inject({ url: `/api/v2/guides/${guide.id}`, headers: { 'accept-language': 'zh-CN' } })).json(),
      );
    await profile();
    await translateNow();
    const p = await profile();
    expect(p).toMatchObject({
      bio: guide.bio,
      bioLanguage: 'ja',
      bioTranslated: { text: `[ZH-HANS] ${guide.bio}`, provider: 'DeepL' },
    });
    expect(p.ethicsDescriptionTranslated?.text).toBe(`[ZH-HANS] ${guide.ethicsDescription}`);
    const it = p.itineraries[0]!;
    expect(it).toMatchObject({ language: 'ja', titleTranslated: { text: `[ZH-HANS] ${it.title}` } });
    const page = async () =>
      itinerarySchema.parse(
        (await t.app.inject({ url: `/api/v2/itineraries/${it.id}`, headers: { 'accept-language': 'zh-CN' } })).json(),
      );
    await page();
    await translateNow();
    const full = await page();
    expect(full.stops[0]!.descriptionTranslated?.text).toBe(`[ZH-HANS] ${full.stops[0]!.description}`);
  });
});
