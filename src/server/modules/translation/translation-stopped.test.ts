import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '../../../shared/schemas/guides';
import { jobs, systemMessages, users } from '../../db/schema/index';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { makeUser } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide, openChat, say, traveler } from '../messaging/test-helpers';
import { TRANSLATE_JOB } from './translations';
import { japaneseTexts, messages, profile, translateNow } from './test-helpers';

/**
 * When nothing is translated (decision 145): the month's character budget or DeepL's quota spent, or
 * no provider set; apart from translation.test.ts, as each needs an app of its own settings.
 */

describe('the monthly character budget and DeepL quota (decision 145)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  let admin: number;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    t = await createTestApp({ env: { ...deepl.env, TRANSLATION_MONTHLY_CHARACTERS: '30' } });
    admin = (await makeUser(t.database.db, { fullName: 'Admin' })).id;
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin));
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('over the budget nothing is sent, the readers get the original (unavailable) and every admin gets a notice', async () => {
    const g = await guide(t, 'Budget Guide');
    await japaneseTexts(
      t,
      g.guideId,
      'この文章は三十文字を超えるので今月の予算には収まりません。よろしくお願いします。',
    );
    await profile(t, g.guideId, 'zh-CN');
    await translateNow(t);
    await t.app.jobs.settled();
    expect(deepl.translatedTexts).not.toContain(
      'この文章は三十文字を超えるので今月の予算には収まりません。よろしくお願いします。',
    );
    const notices = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, admin));
    expect(notices.map((n) => n.dedupeKey)).toContain(`translation-stopped:${new Date().toISOString().slice(0, 7)}`);
    const after = guideDetailSchema.parse((await profile(t, g.guideId, 'zh-CN')).json());
    expect(after).toMatchObject({
      bio: 'この文章は三十文字を超えるので今月の予算には収まりません。よろしくお願いします。',
      bioTranslated: null,
      bioTranslation: { status: 'unavailable' },
    });
    // The stop holds for the month: a new text is not even queued.
    const queued = (await t.database.db.select().from(jobs).where(eq(jobs.kind, TRANSLATE_JOB))).length;
    await japaneseTexts(t, g.guideId, '短い文です');
    await profile(t, g.guideId, 'zh-CN');
    expect((await t.database.db.select().from(jobs).where(eq(jobs.kind, TRANSLATE_JOB))).length).toBe(queued);
  });
});

describe('DeepL answering 456 (its quota is spent)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    t = await createTestApp({ env: deepl.env });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('stops for the month with an admin notice; 429 before it is retried later', async () => {
    const admin = (await makeUser(t.database.db)).id;
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin));
    const g = await guide(t, 'Quota Guide');
    await japaneseTexts(t, g.guideId, '富士山の麓を歩きます');
    deepl.mode = 429;
    await profile(t, g.guideId, 'zh-CN');
    await translateNow(t);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.kind, TRANSLATE_JOB));
    expect(job).toMatchObject({ status: 'queued' });
    expect(job!.lastError).toMatch(/Too many requests/);

    deepl.mode = 456;
    await t.app.jobs.tick(new Date(Date.now() + 3_600_000));
    await t.app.jobs.settled();
    const notices = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, admin));
    expect(notices.some((n) => n.dedupeKey?.startsWith('translation-stopped:'))).toBe(true);
    expect((await profile(t, g.guideId, 'zh-CN')).json().bioTranslation).toEqual({ status: 'unavailable' });
  });
});

describe('TRANSLATION_PROVIDER=none (the default)', () => {
  let deepl: TestDeepL;
  let t: TestApp;
  beforeAll(async () => {
    deepl = await startTestDeepL();
    // The server's address and key are there, but the provider is off: nothing may call it.
    t = await createTestApp({
      env: { DEEPL_SERVER_URL: deepl.env.DEEPL_SERVER_URL!, DEEPL_AUTH_KEY: deepl.env.DEEPL_AUTH_KEY! },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('calls out to nobody and answers exactly as before: no translated values', async () => {
    const g = await guide(t, 'Plain Guide');
    await japaneseTexts(t, g.guideId, '奈良の鹿と歩きます');
    const tr = await traveler(t);
    const conv = await openChat(t, tr, g.guideId);
    await say(t, g, conv, 'よろしくお願いします');
    const page = (await profile(t, g.guideId, 'zh-CN')).json();
    const list = (await t.app.inject({ method: 'GET', url: '/api/v2/guides?lang=zh-CN&limit=50' })).json();
    const chat = (await messages(t, tr, conv, 'zh-CN')).json();
    const inbox = (
      await t.app.inject({
        method: 'GET',
        url: '/api/conversations',
        headers: { authorization: `Bearer ${tr.token}`, 'accept-language': 'zh-CN' },
      })
    ).json();
    await translateNow(t);
    expect(page).toMatchObject({ bio: '奈良の鹿と歩きます', bioLanguage: 'ja' });
    const keys = (o: object) => Object.keys(o).filter((k) => /Translat|translat|bodyLanguage/.test(k));
    expect(keys(page)).toEqual([]);
    expect(keys(list.data.find((c: { id: number }) => c.id === g.guideId))).toEqual([]);
    expect(keys(chat.data[0])).toEqual([]);
    expect(inbox.data[0].lastMessage).toBe('よろしくお願いします');
    expect(Object.keys(inbox.data[0]).filter((k) => /^lastMessage(Language|Translat)/.test(k))).toEqual([]);
    expect(deepl.received).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, TRANSLATE_JOB))).toEqual([]);
  });
});
