import { eq } from 'drizzle-orm';
import { guides } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';

/** Test-only helpers for the DeepL suites (translation.test.ts, translation-stopped.test.ts). */

/** Who reads: a session's token. Not messaging's Who: importing it is a folder loop (no-cycle, eslint.config.js). */
type Who = { token: string };

/** Gives a guide a bio and an ethics description written in Japanese only. */
export async function japaneseTexts(t: TestApp, guideId: number, bio: string) {
  await t.database.db
    .update(guides)
    .set({
      bio,
      ethicsDescription: '約束は必ず守ります',
      originalLanguage: 'ja',
      texts: { ja: { bio, ethicsDescription: '約束は必ず守ります' } },
    })
    .where(eq(guides.id, guideId));
  await t.app.guideSearch.sync();
}

export const profile = (t: TestApp, guideId: number, lang: string, who: Who | null = null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/guides/${guideId}`,
    headers: { 'accept-language': lang, ...(who && { authorization: `Bearer ${who.token}` }) },
  });
export const messages = (t: TestApp, who: Who, conversationId: number, lang: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { authorization: `Bearer ${who.token}`, 'accept-language': lang },
  });

/** Runs the translation jobs the reads just queued, and lets the search hear what they announced. */
export async function translateNow(t: TestApp) {
  await t.app.jobs.settled();
  await t.app.jobs.tick(new Date());
  await t.app.guideSearch.sync();
}
