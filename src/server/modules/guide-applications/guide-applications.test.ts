import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_MESSAGES, DOCUMENT_MAX_FILES, type ApplicationData } from '../../../shared/schemas/guide-applications';
import { emailOutbox, guides, serviceSubcategories, systemMessages, users } from '../../db/schema/index';
import { auth, makeGuide, tokenFor } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { complete, PDF, uploadDocument } from './test-helpers';

let t: TestApp;
let admin: Person;
let PNG: Buffer;
let subcategoryId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
  const [sub] = await t.database.db.select({ id: serviceSubcategories.id }).from(serviceSubcategories).limit(1);
  subcategoryId = sub!.id;
});
afterAll(() => t.close());


const save = (p: Person, data: ApplicationData) => t.app.inject({ method: 'PUT', url: '/api/v2/guide-applications/draft', headers: auth(p.token), payload: { data } });
const submit = (p: Person, declaration = true) => t.app.inject({ method: 'POST', url: '/api/v2/guide-applications/submit', headers: auth(p.token), payload: { declaration } });
const status = (p: Person) => t.app.inject({ url: '/api/v2/guide-applications/status', headers: auth(p.token) });

const upload = (p: Person, file: Buffer, name: string, type: string, description?: string) => uploadDocument(t, p, file, name, type, description);

async function submitted(data = complete()): Promise<{ p: Person; id: number }> {
  const p = await person(t);
  expect((await save(p, { ...data, subcategoryIds: [subcategoryId] })).statusCode).toBe(200);
  expect((await upload(p, PDF, 'license.pdf', 'application/pdf')).statusCode).toBe(201);
  const res = await submit(p);
  expect(res.statusCode, res.body).toBe(200);
  return { p, id: res.json().id };
}

describe('drafts', () => {
  it('saves a partial draft on the server and loads it again (another device sees it)', async () => {
    const p = await person(t);
    const empty = await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) });
    expect(empty.json()).toMatchObject({ id: null, status: 'draft', data: {}, documents: [], maxDocuments: DOCUMENT_MAX_FILES, editable: true });
    expect((await save(p, { name: 'Li', age: 30, ethicsScore: 7, serviceCities: ['kyoto'] })).statusCode).toBe(200);
    const loaded = await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) });
    expect(loaded.json().data).toEqual({ name: 'Li', age: 30, ethicsScore: 7, serviceCities: ['kyoto'] });
    expect((await status(p)).json()).toMatchObject({ status: 'draft', guideStatus: { shouldShowBecomeGuideButton: true, shouldShowViewApplicationButton: false } });
  });

  it('refuses out-of-range scores, unknown cities and bad postal codes, and visitors', async () => {
    const p = await person(t);
    for (const data of [{ ethicsScore: 0 }, { boundaryScore: 10 }, { serviceCities: ['paris'] }, { residenceZipcode: '12345' }, { unknownField: 1 }]) {
      const res = await save(p, data as ApplicationData);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await t.app.inject({ url: '/api/v2/guide-applications/draft' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v2/guide-applications/status' })).statusCode).toBe(401);
  });
});

describe('documents', () => {
  it('refuses a NUL, a control character or a bidi override in the description with 400, storing no file', async () => {
    const p = await person(t);
    const put = vi.spyOn(t.app.storage, 'put');
    try {
      for (const description of ['a\u0000b', 'a\u0001b', 'abc\u202Egnp.exe']) {
        const res = await upload(p, PDF, 'license.pdf', 'application/pdf', description);
        expect(res.statusCode, JSON.stringify(description)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.description' }] });
      }
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    expect((await status(p)).json().documents ?? []).toHaveLength(0);
  });

  it('accepts images (re-encoded to WebP) and PDFs by content, refuses a disguised file with the SPEC message, and caps the count', async () => {
    const p = await person(t);
    const img = await upload(p, PNG, 'photo.png', 'image/png');
    expect(img.statusCode, img.body).toBe(201);
    expect(img.json().documents[0]).toMatchObject({ contentType: 'image/webp', description: 'First-aid certificate', fileName: 'photo.png' });
    const bad = await upload(p, Buffer.from('<html><script>alert(1)</script></html>'), 'fake.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_file_type', message: APPLICATION_MESSAGES.invalidFileType });
    const fakePdf = await upload(p, Buffer.from('%PDF-1.4 not really'), 'x.pdf', 'application/pdf');
    expect(fakePdf.json().code).toBe('invalid_file_type');
    for (let i = 1; i < DOCUMENT_MAX_FILES; i++) expect((await upload(p, PDF, `c${i}.pdf`, 'application/pdf')).statusCode).toBe(201);
    const over = await upload(p, PDF, 'one-too-many.pdf', 'application/pdf');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('too_many_files');

    const doc = img.json().documents[0];
    const file = await t.app.inject({ url: doc.fileUrl, headers: auth(p.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ url: doc.fileUrl, headers: auth(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: doc.fileUrl })).statusCode).toBe(401);
  });

  it('refuses a file over 10 MB with 413, and a guide may not apply', async () => {
    const p = await person(t);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await upload(p, big, 'big.pdf', 'application/pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    const g = await makeGuide(t.database.db);
    const guide = { id: g.user.id, token: await tokenFor(t.database.db, g.user.id) };
    expect((await save(guide, { name: 'x' })).statusCode).toBe(409);
    expect((await status(guide)).json().guideStatus).toEqual({ shouldShowRoleSwitch: true, shouldShowBecomeGuideButton: false, shouldShowViewApplicationButton: false });
  });

  it("hides another user's document: 404 to read, describe or delete", async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const id = (await upload(owner, PDF, 'a.pdf', 'application/pdf')).json().documents[0].id as number;
    const url = `/api/v2/guide-applications/documents/${id}`;
    expect((await t.app.inject({ url: `${url}/file`, headers: auth(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url, headers: auth(stranger.token), payload: { description: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(stranger.token) })).statusCode).toBe(404);
    const patched = await t.app.inject({ method: 'PATCH', url, headers: auth(owner.token), payload: { description: 'JNTO licence' } });
    expect(patched.json().documents[0].description).toBe('JNTO licence');
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: auth(owner.token) });
    expect(deleted.json().documents).toEqual([]);
    expect((await t.app.inject({ url: `${url}/file`, headers: auth(owner.token) })).statusCode).toBe(404);
  });
});

describe('submit', () => {
  it('needs the declaration, then every required field, with the documented messages', async () => {
    const p = await person(t);
    await save(p, { name: 'Only a name' });
    const noDecl = await submit(p, false);
    expect(noDecl.statusCode).toBe(400);
    expect(noDecl.json()).toMatchObject({ code: 'declaration_required', message: 'Please confirm declaration' });
    const incomplete = await submit(p);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'application_incomplete', message: 'Please complete the following required fields' });
    const paths = incomplete.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toContain('data.age');
    expect(paths).toContain('data.ethicsScore');
    expect(paths).not.toContain('data.name');
    expect(paths).not.toContain('data.mbti');
  });

  it('refuses an applicant under 18', async () => {
    const p = await person(t);
    await save(p, { ...complete(), age: 17, subcategoryIds: [subcategoryId] });
    const res = await submit(p);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'age_below_minimum', fields: [{ path: 'data.age', message: APPLICATION_MESSAGES.minAge }] });
  });

  it('submits a complete application; it is then locked and the header shows View Application Status', async () => {
    const { p } = await submitted();
    expect((await status(p)).json()).toMatchObject({
      status: 'submitted',
      guideStatus: { shouldShowBecomeGuideButton: false, shouldShowViewApplicationButton: true, shouldShowRoleSwitch: false },
    });
    const me = await t.app.inject({ url: '/api/me', headers: auth(p.token) });
    expect(me.json().guideStatus).toEqual({ shouldShowRoleSwitch: false, shouldShowBecomeGuideButton: false, shouldShowViewApplicationButton: true });
    const locked = await save(p, { name: 'Changed' });
    expect(locked.statusCode).toBe(409);
    expect((await submit(p)).statusCode).toBe(409);
  });
});

describe('admin review', () => {
  it('is invisible to non-admins', async () => {
    const { p, id } = await submitted();
    expect((await t.app.inject({ url: '/api/admin/applications', headers: auth(p.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(p.token) })).statusCode).toBe(404);
  });

  it('approve: the user becomes a guide (not in search before identity and open times), gets a system message and an e-mail', async () => {
    const { p, id } = await submitted();
    const list = await t.app.inject({ url: '/api/admin/applications?status=submitted', headers: auth(admin.token) });
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(id);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/review`, headers: auth(admin.token) })).json().status).toBe('under_review');
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const guideId = res.json().guideId as number;
    expect(res.json().status).toBe('approved');

    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(u!.isGuide).toBe(true);
    const [g] = await t.database.db.select().from(guides).where(eq(guides.id, guideId));
    expect(g).toMatchObject({ userId: p.id, serviceCity: 'sapporo', basicPricePerHourCents: 27_700, ethicsScore: 8, maxPeople: 5, serviceIds: [subcategoryId] });
    expect(g!.qualifications).toEqual([{ description: 'First-aid certificate' }]);

    const search = await t.app.inject({ url: '/api/v2/guides?city=sapporo' });
    expect(search.json().data.map((c: { id: number }) => c.id)).not.toContain(guideId); // decision 091: listing.test.ts

    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.some((m) => m.type === 'approval' && m.title === 'Your guide application was approved')).toBe(true);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mails.map((m) => m.template)).toContain('guide_application_approved');

    const st = (await status(p)).json();
    expect(st).toMatchObject({ status: 'approved', isGuide: true, guideStatus: { shouldShowRoleSwitch: true, shouldShowBecomeGuideButton: false } });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) })).statusCode).toBe(409);
  });

  it('tells an applicant whose stored locale is ja of the approval in Japanese, in the app and by e-mail', async () => {
    const { p, id } = await submitted();
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, p.id));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) })).statusCode).toBe(200);
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')).toMatchObject({ title: 'ガイドの申請が承認されました', actionLabel: 'ガイドダッシュボードを開く' });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    const mail = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!))).find((m) => m.template === 'guide_application_approved');
    expect(mail?.subject).toBe('ガイドの申請が承認されました');
    expect(mail?.textBody).toContain(`${u!.fullName} 様`);
  });

  it("a kanji-only bio is in the applicant's account language: Japanese from a ja account, Chinese from any other (decision 146)", async () => {
    const kanjiOnly = { ...complete(), bio: '京都案内歴十年。寺社仏閣専門', ethicsDescription: '料金明朗', boundaryDescription: '時間厳守', supportiveDescription: '家族旅行歓迎' };
    const approved = async (locale: string) => {
      const { p, id } = await submitted(kanjiOnly);
      await t.database.db.update(users).set({ locale }).where(eq(users.id, p.id));
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) });
      expect(res.statusCode, res.body).toBe(200);
      // What the guide's profile editor reads: the original language and the one version written in it.
      const own = await t.app.inject({ url: '/api/v2/guides/me/profile', headers: auth(p.token) });
      expect(own.statusCode, own.body).toBe(200);
      return own.json() as { originalLanguage: string; texts: Record<string, Record<string, string>> };
    };
    const ja = await approved('ja');
    expect(ja.originalLanguage).toBe('ja');
    expect(ja.texts).toEqual({ ja: { bio: '京都案内歴十年。寺社仏閣専門', ethicsDescription: '料金明朗', boundaryDescription: '時間厳守', supportiveDescription: '家族旅行歓迎' } });
    const zh = await approved('zh-CN');
    expect(zh.originalLanguage).toBe('zh');
    expect(Object.keys(zh.texts)).toEqual(['zh']);
    // Kana says Japanese whoever writes it, as before.
    const { p, id } = await submitted({ ...complete(), bio: '京都の路地をご案内します' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/approve`, headers: auth(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v2/guides/me/profile', headers: auth(p.token) })).json().originalLanguage).toBe('ja');
  });

  it('reject with a reason: the applicant sees it and may edit and submit again', async () => {
    const { p, id } = await submitted();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/reject`, headers: auth(admin.token), payload: { reason: '' } })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/reject`, headers: auth(admin.token), payload: { reason: 'Photos of the licence are unreadable' } });
    expect(res.statusCode).toBe(200);
    expect((await status(p)).json()).toMatchObject({ status: 'rejected', reviewNote: 'Photos of the licence are unreadable', guideStatus: { shouldShowViewApplicationButton: true } });
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')?.message).toContain('Photos of the licence are unreadable');
    const [u] = await t.database.db.select({ isGuide: users.isGuide }).from(users).where(eq(users.id, p.id));
    expect(u!.isGuide).toBe(false);
    expect((await save(p, complete())).json().status).toBe('draft');
  });

  it('request changes: the applicant edits and submits again', async () => {
    const { p, id } = await submitted();
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/request-changes`, headers: auth(admin.token), payload: { message: 'Add your licence number' } });
    expect(res.json()).toMatchObject({ status: 'changes_requested', reviewNote: 'Add your licence number' });
    const draft = (await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) })).json();
    expect(draft).toMatchObject({ status: 'changes_requested', editable: true, reviewNote: 'Add your licence number' });
    expect((await save(p, { ...draft.data, bio: 'Licence 12345. ' + draft.data.bio })).statusCode).toBe(200);
    expect((await submit(p)).json().status).toBe('submitted');
    expect((await t.app.inject({ url: '/api/admin/applications/999999', headers: auth(admin.token) })).statusCode).toBe(404);
  });
});
