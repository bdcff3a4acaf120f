import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../shared/availability';
import { users } from '../db/schema/index';
import { call, cid, guide, offerBody, openChat, traveler, type Who } from '../modules/messaging/test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Decision 205: the public texts added to the rule (a traveler's profile fields, tour requests, offers) refuse
 * contact details in disguise, with the field and what it holds named in the writer's account language;
 * ordinary texts with numbers pass.
 */
let t: TestApp;
let zh: Who;
let ja: Awaited<ReturnType<typeof guide>>;
beforeAll(async () => {
  t = await createTestApp();
  zh = await traveler(t, 'Wang Fang');
  ja = await guide(t, 'Sato Kana');
  await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, zh.id));
  await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, ja.id));
});
afterAll(() => t.close());

const refused = (res: Awaited<ReturnType<typeof call>>, path: string, words: RegExp) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('contact_details_not_allowed');
  expect(body.fields).toEqual([{ path, message: expect.stringMatching(words) }]);
  expect(body.message).toMatch(words);
};
const day = () => addDays(todayInZone('Asia/Tokyo'), 25);

describe('public texts refuse contact details in disguise (decision 205)', () => {
  it("a traveler's bio with a WeChat id written as v❤ is refused in Chinese; a bio with numbers is saved", async () => {
    refused(await call(t, zh, 'PATCH', '/api/me', { bio: '喜欢旅行，v❤：wang_fang' }), 'bio', /“个人简介”中含有微信号/);
    refused(
      await call(t, zh, 'PATCH', '/api/me', { nickname: '芳 幺三八幺二三四五六七八' }),
      'nickname',
      /“昵称”中含有电话号码/,
    );
    const ok = await call(t, zh, 'PATCH', '/api/me', { bio: '2026年11月去京都，两个人，预算每小时300元' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bio).toBe('2026年11月去京都，两个人，预算每小时300元');
  });

  it('a tour request with an e-mail in brackets is refused, its field named; a plain one is sent', async () => {
    const c = await openChat(t, zh, ja.guideId);
    const request = (itinerary: string, groupComposition = '两个大人') => ({
      date: day(),
      startTime: '10:00',
      durationHours: 3,
      travelers: 2,
      meal: 'shared_meal',
      meals: 1,
      transport: 'nearby_city',
      tickets: 'pay_on_site_together',
      ticketCount: 2,
      itinerary,
      groupComposition,
      meetingAddress: '京都站中央口',
      meetingPostalCode: '6008216',
      subcategoryId: ja.services[0]!,
    });
    const send = (itinerary: string, note = '', group?: string) =>
      call(t, zh, 'POST', `/api/conversations/${c}/tour-requests`, {
        clientMessageId: cid(),
        request: request(itinerary, group),
        note,
      });
    refused(await send('伏见稻荷，然后祇园。邮箱 wangfang(at)qq(dot)com'), 'request.itinerary', /“行程”中含有邮箱地址/);
    refused(await send('伏见稻荷', '加我 VX → fang88'), 'note', /“留言”中含有微信号/);
    refused(
      await send('伏见稻荷', '', '两个大人 电话 一三八 一二三四 五六七八'),
      'request.groupComposition',
      /“同行人员”/,
    );
    const sent = await send('伏见稻荷 9:00，206路公交，祇园 12:00，每人 1,000 日元', '我们 2 个人，11/22 到');
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it("a guide's offer with a LINE id of three letters is refused in Japanese; a plain offer is sent", async () => {
    const c = await openChat(t, zh, ja.guideId);
    const offer = (extra: Record<string, unknown>) =>
      call(t, ja, 'POST', `/api/v2/conversations/${c}/offers`, offerBody(day(), extra));
    refused(await offer({ note: 'ご質問は LINE: abc へ' }), 'note', /「メッセージ」にLINE IDが含まれています/);
    refused(
      await offer({ itinerary: '築地 → 浜離宮。h t t p s : / / k a n a . j p' }),
      'itinerary',
      /「旅程」にリンクが含まれています/,
    );
    const ok = await offer({ note: '8 番出口で 10:00 に集合、〒104-0045', itinerary: '築地場外市場、浜離宮' });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
