import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, identityVerifications, systemMessages, users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import type { Person } from '../bookings/test-helpers';
import { identitySuite } from './test-helpers';

/**
 * The admin's review of a submitted identity verification, through the API: apart from the user's own
 * steps (identity.test.ts), as identity-review.service.ts is apart from identity.service.ts.
 */
const suite = identitySuite();
const { upload, identityUser, status, submit, me, adminPost, submitted } = suite;
let t: TestApp;
let admin: Person;
let PNG: Buffer;
let JPEG: Buffer;
beforeAll(() => {
  ({ t, admin, PNG, JPEG } = suite.fixture);
});

describe('admin review', () => {
  it('is invisible to non-admins (404) and needs a session (401)', async () => {
    const { p, id } = await submitted();
    for (const [method, url] of [
      ['GET', '/api/admin/identity'],
      ['GET', `/api/admin/identity/${id}`],
      ['GET', `/api/admin/identity/${id}/files/document`],
      ['POST', `/api/admin/identity/${id}/approve`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: auth(p.token) })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('lists submitted verifications (filter by status, paginated) with admin file URLs that work for admins', async () => {
    const { p, id } = await submitted();
    const draftUser = await identityUser();
    await upload(draftUser, [{ field: 'selfie', data: PNG }]);
    const list = await t.app.inject({
      url: '/api/admin/identity?status=submitted&limit=100',
      headers: auth(admin.token),
    });
    expect(list.statusCode).toBe(200);
    const entry = list.json().data.find((v: { id: number }) => v.id === id);
    expect(entry).toMatchObject({ userId: p.id, status: 'submitted', documentKind: 'passport' });
    expect(list.json().data.every((v: { status: string }) => v.status === 'submitted')).toBe(true);
    const all = await t.app.inject({ url: '/api/admin/identity?limit=100', headers: auth(admin.token) });
    expect(all.json().data.some((v: { userId: number }) => v.userId === draftUser.id)).toBe(false);
    const page = await t.app.inject({ url: '/api/admin/identity?limit=1&page=1', headers: auth(admin.token) });
    expect(page.json()).toMatchObject({ page: 1, limit: 1 });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(1);

    const one = await t.app.inject({ url: `/api/admin/identity/${id}`, headers: auth(admin.token) });
    expect(one.statusCode).toBe(200);
    expect(one.json().document.fileUrl).toBe(`/api/admin/identity/${id}/files/document`);
    const doc = await t.app.inject({ url: one.json().document.fileUrl, headers: auth(admin.token) });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    const selfie = await t.app.inject({ url: one.json().selfie.fileUrl, headers: auth(admin.token) });
    expect(selfie.headers['content-type']).toBe('image/webp');
    // A draft stays private.
    const [draft] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, draftUser.id));
    expect(
      (await t.app.inject({ url: `/api/admin/identity/${draft!.id}`, headers: auth(admin.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/identity/999999', headers: auth(admin.token) })).statusCode).toBe(
      404,
    );
  });

  it('approve: users.identity_verified, /api/me, a system message and an e-mail; nothing can be changed afterwards', async () => {
    const { p, id } = await submitted();
    const [before] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
    const res = await adminPost(id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', identityVerified: true, reviewNote: null });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(u!.identityVerified).toBe(true);
    expect((await me(p)).json().identityVerified).toBe(true);
    expect((await status(p)).json()).toMatchObject({ status: 'approved', identityVerified: true, editable: false });

    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    const msg = msgs.find((m) => m.type === 'approval');
    expect(msg).toMatchObject({ title: 'Your identity is verified', actionUrl: '/verify-identity' });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mails.map((m) => m.template)).toContain('identity_approved');
    // The result is kept, the images are not (decision 136): gone from the row, from storage and from both file routes.
    expect((await status(p)).json()).toMatchObject({ document: null, selfie: null });
    for (const key of [before!.documentKey!, before!.selfieKey!]) expect(await t.app.storage.get(key)).toBeUndefined();
    expect(
      (await t.app.inject({ url: '/api/v2/identity-verification/files/document', headers: auth(p.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/admin/identity/${id}/files/selfie`, headers: auth(admin.token) })).statusCode,
    ).toBe(404);

    expect((await adminPost(id, 'approve')).statusCode).toBe(409);
    expect((await adminPost(id, 'reject', { reason: 'x' })).statusCode).toBe(409);
    const again = await upload(p, [{ field: 'selfie', data: PNG }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
  });

  it("the system message carries both languages; the e-mail is in the user's language (Chinese)", async () => {
    const { p, id } = await submitted();
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, p.id));
    await adminPost(id, 'reject', { reason: '照片模糊' });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    const mail = mails.find((m) => m.template === 'identity_rejected');
    expect(mail?.subject).toBe('您的身份验证未通过');
    expect(mail?.textBody).toContain('照片模糊');
    const [msg] = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msg!.texts).toMatchObject({
      en: { title: 'Your identity verification was not approved' },
      'zh-CN': { title: '您的身份验证未通过' },
    });
  });

  it('writes the system message and the e-mail in Japanese for a user whose stored locale is ja', async () => {
    const { p, id } = await submitted();
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, p.id));
    await adminPost(id, 'reject', { reason: '写真がぼやけています' });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    const mail = mails.find((m) => m.template === 'identity_rejected');
    expect(mail?.subject).toBe('本人確認が承認されませんでした');
    expect(mail?.textBody).toContain('理由：写真がぼやけています。');
    expect(mail?.textBody).toContain(`${u!.fullName} 様`);
    const [msg] = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msg).toMatchObject({ title: '本人確認が承認されませんでした', actionLabel: 'もう一度本人確認する' });
    expect(msg!.texts).toMatchObject({
      en: { title: 'Your identity verification was not approved' },
      ja: { title: '本人確認が承認されませんでした' },
    });
  });

  it('reject needs a reason; the user sees it, the files are removed, the user uploads both again and resubmits', async () => {
    const { p, id } = await submitted();
    const [before] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
    expect((await adminPost(id, 'reject', { reason: '' })).statusCode).toBe(400);
    expect((await adminPost(id, 'reject', {})).statusCode).toBe(400);
    const res = await adminPost(id, 'reject', { reason: 'The photo of the passport is blurred' });
    expect(res.statusCode).toBe(200);
    expect((await status(p)).json()).toMatchObject({
      status: 'rejected',
      reviewNote: 'The photo of the passport is blurred',
      editable: true,
      identityVerified: false,
    });
    expect((await me(p)).json().identityVerified).toBe(false);
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    const msg = msgs.find((m) => m.type === 'approval');
    expect(msg?.message).toContain('The photo of the passport is blurred');
    expect(msg?.showContactSupport).toBe(true);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mails.find((m) => m.template === 'identity_rejected')?.textBody).toContain(
      'The photo of the passport is blurred',
    );

    // A decision removes the images (decision 136): a resubmission needs both again.
    expect((await status(p)).json()).toMatchObject({ document: null, selfie: null });
    for (const key of [before!.documentKey!, before!.selfieKey!]) expect(await t.app.storage.get(key)).toBeUndefined();
    expect((await upload(p, [{ field: 'document', data: PNG }])).json()).toMatchObject({
      status: 'rejected',
      reviewNote: 'The photo of the passport is blurred',
    });
    expect((await submit(p)).json().code).toBe('validation_failed');
    expect((await upload(p, [{ field: 'selfie', data: PNG }])).statusCode).toBe(200);
    const again = await submit(p);
    expect(again.json()).toMatchObject({ status: 'submitted', reviewNote: null });
    expect((await adminPost(id, 'approve')).json().status).toBe('approved');
  });

  it('request changes with a note: the user sees the note and a system message, then resubmits', async () => {
    const { p, id } = await submitted();
    expect((await adminPost(id, 'request-changes', { note: '  ' })).statusCode).toBe(400);
    const res = await adminPost(id, 'request-changes', { note: 'Please take the selfie holding the passport' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('changes_requested');
    expect((await status(p)).json()).toMatchObject({
      status: 'changes_requested',
      reviewNote: 'Please take the selfie holding the passport',
      editable: true,
    });
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')?.message).toContain('Please take the selfie holding the passport');
    expect((await adminPost(id, 'approve')).statusCode).toBe(409);
    expect((await upload(p, [{ field: 'selfie', data: JPEG, name: 'me.jpg', type: 'image/jpeg' }])).statusCode).toBe(
      200,
    );
    expect((await submit(p)).json().status).toBe('submitted');
  });
});
