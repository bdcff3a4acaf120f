import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { statementCounter } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide, openChat, say, traveler } from '../messaging/test-helpers';

/**
 * Translation adds one statement to a reply however many texts it holds, and none to a search page
 * once its cards are kept (decision 145). PostgreSQL only (the driver is where statements are
 * counted); on PGlite the file is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)(
  "statements of machine translation (counted on PostgreSQL only: skipped on PGlite; CI's PostgreSQL pass runs it)",
  () => {
    let deepl: TestDeepL;
    let t: TestApp;
    const counter = statementCounter();
    const translationReads = () =>
      counter.seen.filter((s) => !s.background && s.sql.includes('translation_cache')).length;
    const jobWrites = () => counter.seen.filter((s) => !s.background && /insert into "jobs"/i.test(s.sql)).length;
    const counted = async <T>(work: () => Promise<T>) => {
      counter.seen.length = 0;
      counter.on = true;
      try {
        return await work();
      } finally {
        counter.on = false;
      }
    };
    beforeAll(async () => {
      deepl = await startTestDeepL();
      t = await createTestApp({ env: deepl.env });
      counter.install();
    });
    afterAll(async () => {
      counter.uninstall();
      await t?.close();
      await deepl?.close();
    });

    it('a page of twelve messages: one cache read, one insert of the misses, then the read alone', async () => {
      const g = await guide(t);
      const tr = await traveler(t);
      const conv = await openChat(t, tr, g.guideId);
      for (let i = 1; i <= 12; i++) await say(t, g, conv, `${i} 番目のメッセージです`);
      const read = () =>
        t.app.inject({
          method: 'GET',
          url: `/api/conversations/${conv}/messages`,
          headers: { authorization: `Bearer ${tr.token}`, 'accept-language': 'zh-CN' },
        });
      await counted(read);
      expect([translationReads(), jobWrites()]).toEqual([1, 1]);
      await t.app.jobs.settled();
      const res = await counted(read);
      expect(res.json().data.every((m: { translated: unknown }) => m.translated)).toBe(true);
      expect([translationReads(), jobWrites()]).toEqual([1, 0]);
    });

    it('the inbox: one cache read for every preview however many conversations, one insert of the misses, then the read alone', async () => {
      const tr = await traveler(t);
      for (let i = 1; i <= 6; i++) {
        const g = await guide(t);
        await say(t, g, await openChat(t, tr, g.guideId), `${i} 番目の会話です`);
      }
      const inbox = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/conversations',
          headers: { authorization: `Bearer ${tr.token}`, 'accept-language': 'zh-CN' },
        });
      await counted(inbox);
      expect([translationReads(), jobWrites()]).toEqual([1, 1]);
      await t.app.jobs.settled();
      const res = await counted(inbox);
      expect(res.json().data.filter((c: { lastMessageTranslated: unknown }) => c.lastMessageTranslated)).toHaveLength(
        6,
      );
      expect([translationReads(), jobWrites()]).toEqual([1, 0]);
    });

    it('a profile: one cache read for all its texts; a search page: none once its cards are kept', async () => {
      const g = await guide(t);
      await t.database.db
        .update(guides)
        .set({
          bio: '東京を案内します',
          originalLanguage: 'ja',
          texts: { ja: { bio: '東京を案内します', ethicsDescription: '正直です' } },
        })
        .where(eq(guides.id, g.guideId));
      await t.app.guideSearch.sync();
      await counted(() => t.app.inject({ method: 'GET', url: `/api/v2/guides/${g.guideId}?lang=zh-CN` }));
      expect(translationReads()).toBe(1);
      await t.app.jobs.settled();
      await t.app.guideSearch.sync();
      const search = () => t.app.inject({ method: 'GET', url: '/api/v2/guides?lang=zh-CN&limit=50' });
      await search();
      await t.app.jobs.settled();
      await t.app.guideSearch.sync();
      await search();
      await counted(search);
      expect(translationReads()).toBe(0);
    });
  },
);
