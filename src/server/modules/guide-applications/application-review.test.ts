import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, guides, systemMessages, users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import type { Person } from '../bookings/test-helpers';
import { applicationSuite, complete } from './test-helpers';

/**
 * The admin's review of a submitted guide application: approve, reject, ask for changes, and what the applicant is
 * told; apart from applying (guide-applications.test.ts).
 */
const { suite, save, submit, status, submitted } = applicationSuite();
let t: TestApp;
let admin: Person;
let subcategoryId: number;

beforeAll(async () => {
  ({ t, admin, subcategoryId } = suite);
});

describe('admin review', () => {
  it('is invisible to non-admins', async () => {
    const { p, id } = await submitted();
    expect((await t.app.inject({ url: '/api/admin/applications', headers: auth(p.token) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(p.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('approve: the user becomes a guide (not in search before identity and open times), gets a system message and an e-mail', async () => {
    const { p, id } = await submitted();
    const list = await t.app.inject({ url: '/api/admin/applications?status=submitted', headers: auth(admin.token) });
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(id);
    expect(
      (
        await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, headers: auth(admin.token) })
      ).json().status,
    ).toBe('under_review');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/approve`,
      headers: auth(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const guideId = res.json().guideId as number;
    expect(res.json().status).toBe('approved');

    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(u!.isGuide).toBe(true);
    const [g] = await t.database.db.select().from(guides).where(eq(guides.id, guideId));
    expect(g).toMatchObject({
      userId: p.id,
      serviceCity: 'sapporo',
      basicPricePerHourCents: 27_700,
      ethicsScore: 8,
      maxPeople: 5,
      serviceIds: [subcategoryId],
    });
    expect(g!.qualifications).toEqual([{ description: 'First-aid certificate' }]);

    const search = await t.app.inject({ url: '/api/v2/guides?city=sapporo' });
    expect(search.json().data.map((c: { id: number }) => c.id)).not.toContain(guideId); // decision 091: listing.test.ts

    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.some((m) => m.type === 'approval' && m.title === 'Your guide application was approved')).toBe(true);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mails.map((m) => m.template)).toContain('guide_application_approved');

    const st = (await status(p)).json();
    expect(st).toMatchObject({
      status: 'approved',
      isGuide: true,
      guideStatus: { shouldShowRoleSwitch: true, shouldShowBecomeGuideButton: false },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) }))
        .statusCode,
    ).toBe(409);
  });

  it('tells an applicant whose stored locale is ja of the approval in Japanese, in the app and by e-mail', async () => {
    const { p, id } = await submitted();
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, p.id));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) }))
        .statusCode,
    ).toBe(200);
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')).toMatchObject({
      title: 'ガイドの申請が承認されました',
      actionLabel: 'ガイドダッシュボードを開く',
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    const mail = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!))).find(
      (m) => m.template === 'guide_application_approved',
    );
    expect(mail?.subject).toBe('ガイドの申請が承認されました');
    expect(mail?.textBody).toContain(`${u!.fullName} 様`);
  });

  it("a kanji-only bio is in the applicant's account language: Japanese from a ja account, Chinese from any other (decision 146)", async () => {
    const kanjiOnly = {
      ...complete(),
      bio: '京都案内歴十年。寺社仏閣専門',
      ethicsDescription: '料金明朗',
      boundaryDescription: '時間厳守',
      supportiveDescription: '家族旅行歓迎',
    };
    const approved = async (locale: string) => {
      const { p, id } = await submitted(kanjiOnly);
      await t.database.db.update(users).set({ locale }).where(eq(users.id, p.id));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/applications/${id}/approve`,
        headers: auth(admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      // What the guide's profile editor reads: the original language and the one version written in it.
      const own = await t.app.inject({ url: '/api/v2/guides/me/profile', headers: auth(p.token) });
      expect(own.statusCode, own.body).toBe(200);
      return own.json() as { originalLanguage: string; texts: Record<string, Record<string, string>> };
    };
    const ja = await approved('ja');
    expect(ja.originalLanguage).toBe('ja');
    expect(ja.texts).toEqual({
      ja: {
        bio: '京都案内歴十年。寺社仏閣専門',
        ethicsDescription: '料金明朗',
        boundaryDescription: '時間厳守',
        supportiveDescription: '家族旅行歓迎',
      },
    });
    const zh = await approved('zh-CN');
    expect(zh.originalLanguage).toBe('zh');
    expect(Object.keys(zh.texts)).toEqual(['zh']);
    // Kana says Japanese whoever writes it, as before.
    const { p, id } = await submitted({ ...complete(), bio: '京都の路地をご案内します' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/v2/guides/me/profile', headers: auth(p.token) })).json().originalLanguage,
    ).toBe('ja');
  });

  it('reject with a reason: the applicant sees it and may edit and submit again', async () => {
    const { p, id } = await submitted();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/applications/${id}/reject`,
          headers: auth(admin.token),
          payload: { reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/reject`,
      headers: auth(admin.token),
      payload: { reason: 'Photos of the licence are unreadable' },
    });
    expect(res.statusCode).toBe(200);
    expect((await status(p)).json()).toMatchObject({
      status: 'rejected',
      reviewNote: 'Photos of the licence are unreadable',
      guideStatus: { shouldShowViewApplicationButton: true },
    });
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')?.message).toContain('Photos of the licence are unreadable');
    const [u] = await t.database.db.select({ isGuide: users.isGuide }).from(users).where(eq(users.id, p.id));
    expect(u!.isGuide).toBe(false);
    expect((await save(p, complete())).json().status).toBe('draft');
  });

  it('request changes: the applicant edits and submits again', async () => {
    const { p, id } = await submitted();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/request-changes`,
      headers: auth(admin.token),
      payload: { message: 'Add your licence number' },
    });
    expect(res.json()).toMatchObject({ status: 'changes_requested', reviewNote: 'Add your licence number' });
    const draft = (await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) })).json();
    expect(draft).toMatchObject({ status: 'changes_requested', editable: true, reviewNote: 'Add your licence number' });
    expect((await save(p, { ...draft.data, bio: 'Licence 12345. ' + draft.data.bio })).statusCode).toBe(200);
    expect((await submit(p)).json().status).toBe('submitted');
    expect((await t.app.inject({ url: '/api/admin/applications/999999', headers: auth(admin.token) })).statusCode).toBe(
      404,
    );
  });
});
