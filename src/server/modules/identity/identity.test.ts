import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '../../../shared/schemas/identity';
import { emailOutbox, identityVerifications, systemMessages, users } from '../../db/schema/index';
import { consentToSensitiveData, nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { multipartBody, type Part } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { IDENTITY_UPLOAD_LIMIT } from './identity.routes';

let t: TestApp;
let admin: Person;
let PNG: Buffer;
let JPEG: Buffer;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
  JPEG = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#a73' } })
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

function upload(p: Person | undefined, parts: Part[], address = nextAddress()) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/identity-verification',
    payload,
    remoteAddress: address,
    headers: { ...(p ? auth(p.token) : {}), ...headers },
  });
}

/** A user who has given the sensitive-data consent the uploads need (decision 131). */
const identityUser = async () => consentToSensitiveData(t, await person(t));
const status = (p: Person) => t.app.inject({ url: '/api/v2/identity-verification', headers: auth(p.token) });
const submit = (p: Person, body: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: '/api/v2/identity-verification/submit', headers: auth(p.token), payload: body });
const me = (p: Person) => t.app.inject({ url: '/api/me', headers: auth(p.token) });
const adminPost = (id: number, action: string, payload?: Record<string, unknown>, who: Person = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/identity/${id}/${action}`, headers: auth(who.token), ...(payload ? { payload } : {}) });

const both = (): Part[] => [
  { field: 'documentKind', value: 'passport' },
  { field: 'document', data: PDF, name: 'passport.pdf', type: 'application/pdf' },
  { field: 'selfie', data: PNG },
];

async function submitted(): Promise<{ p: Person; id: number }> {
  const p = await identityUser();
  expect((await upload(p, both())).statusCode).toBe(200);
  const res = await submit(p);
  expect(res.statusCode, res.body).toBe(200);
  return { p, id: res.json().id };
}

describe('status and uploads', () => {
  it("starts at 'none', needs a session, and reports identityVerified like /api/me", async () => {
    const p = await identityUser();
    expect((await status(p)).json()).toMatchObject({ id: null, status: 'none', document: null, selfie: null, editable: true, identityVerified: false, maxBytes: 10 * 1024 * 1024 });
    expect((await t.app.inject({ url: '/api/v2/identity-verification' })).statusCode).toBe(401);
    expect((await upload(undefined, both())).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/identity-verification/submit', payload: {} })).statusCode).toBe(401);
    expect((await me(p)).json().identityVerified).toBe(false);
  });

  it('uploads the document and the selfie together, re-encodes images without metadata, and serves them to the owner only', async () => {
    const p = await identityUser();
    const res = await upload(p, [
      { field: 'documentKind', value: 'residence_card' },
      { field: 'document', data: JPEG, name: 'card.jpg', type: 'image/jpeg' },
      { field: 'selfie', data: JPEG, name: 'me.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'draft', documentKind: 'residence_card', editable: true, document: { kind: 'document', contentType: 'image/webp' }, selfie: { kind: 'selfie', contentType: 'image/webp' } });
    expect(body.document.fileUrl).toMatch(/^\/api\/v2\/identity-verification\/files\/document\?v=\d+$/);

    const file = await t.app.inject({ url: body.selfie.fileUrl, headers: auth(p.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="identity-selfie\.webp"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // Another user reaches only their own (absent) files; a visitor nothing.
    const other = await identityUser();
    expect((await t.app.inject({ url: '/api/v2/identity-verification/files/selfie', headers: auth(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v2/identity-verification/files/selfie' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v2/identity-verification/files/passport', headers: auth(p.token) })).statusCode).toBe(400);
    // Never through the public uploads route.
    const [row] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, p.id));
    expect(row!.selfieKey).toMatch(/^private-identity\//);
    expect((await t.app.inject({ url: `/uploads/${row!.selfieKey}` })).statusCode).toBe(404);
  });

  it('one file at a time replaces only that file (the old file is deleted); a PDF document is kept as a PDF attachment', async () => {
    const p = await identityUser();
    expect((await upload(p, [{ field: 'selfie', data: PNG }])).statusCode).toBe(200);
    const first = await upload(p, [{ field: 'document', data: PDF, name: 'id.pdf', type: 'application/pdf' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ documentKind: null, document: { contentType: 'application/pdf' }, selfie: { contentType: 'image/webp' } });
    const [before] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, p.id));
    const pdf = await t.app.inject({ url: '/api/v2/identity-verification/files/document', headers: auth(p.token) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="identity-document\.pdf"/);

    const second = await upload(p, [{ field: 'document', data: PNG }]);
    expect(second.json().document.contentType).toBe('image/webp');
    const [after] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, p.id));
    expect(after!.documentKey).not.toBe(before!.documentKey);
    expect(after!.selfieKey).toBe(before!.selfieKey);
    expect(await t.app.storage.get(before!.documentKey!)).toBeUndefined();
  });

  it('types files by content: a text file named .png, a PNG header on garbage and an HTML file are refused', async () => {
    const p = await identityUser();
    const cases: [string, Buffer, string, string][] = [
      ['text named .png', Buffer.from('just some text, not an image at all'), 'photo.png', 'image/png'],
      ['PNG header on garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]), 'a.png', 'image/png'],
      ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg'],
    ];
    for (const [what, data, name, type] of cases) {
      for (const field of ['document', 'selfie']) {
        const res = await upload(p, [{ field, data, name, type }]);
        expect(res.statusCode, `${what} as ${field}`).toBe(400);
        expect(res.json().code).toBe('invalid_file_type');
        expect(res.json().fields[0].path).toBe(`body.${field}`);
      }
    }
    expect((await status(p)).json()).toMatchObject({ document: null, selfie: null });
  });

  it('the selfie must be an image (a PDF is refused); a PDF document with scripts is refused', async () => {
    const p = await identityUser();
    const res = await upload(p, [{ field: 'selfie', data: PDF, name: 'me.pdf', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_file_type', message: IDENTITY_MESSAGES.selfieImageOnly, fields: [{ path: 'body.selfie' }] });
    const active = Buffer.from(PDF.toString('latin1').replace('/Pages 2 0 R', '/Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'latin1');
    const scripted = await upload(p, [{ field: 'document', data: active, name: 'id.pdf', type: 'application/pdf' }]);
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json().code).toBe('invalid_file_type');
  });

  it('a bad selfie next to a good document stores neither', async () => {
    const p = await identityUser();
    const res = await upload(p, [
      { field: 'document', data: PNG },
      { field: 'selfie', data: Buffer.from('not a photo'), name: 'me.png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect((await status(p)).json()).toMatchObject({ document: null, selfie: null });
  });

  it('an empty upload, an unknown document kind and JSON are refused; over 10 MB is 413', async () => {
    const p = await identityUser();
    const none = await upload(p, [{ field: 'other', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('validation_failed');
    const kind = await upload(p, [{ field: 'documentKind', value: 'library_card' }, { field: 'selfie', data: PNG }]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields[0].path).toBe('body.documentKind');
    // The My Number Card (its front) is a document of people who live in Japan.
    const myNumber = await upload(p, [{ field: 'documentKind', value: 'my_number_card' }]);
    expect(myNumber.statusCode, myNumber.body).toBe(200);
    expect(myNumber.json().documentKind).toBe('my_number_card');
    const empty = await upload(p, [{ field: 'document', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v2/identity-verification', headers: auth(p.token), payload: { document: 'x' }, remoteAddress: nextAddress() });
    expect(json.statusCode).toBe(415);
    const big = await upload(p, [{ field: 'document', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]), name: 'big.pdf', type: 'application/pdf' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    expect((await status(p)).json().document).toBeNull();
  });

  it(`limits uploads to ${IDENTITY_UPLOAD_LIMIT} per address per 10 minutes`, async () => {
    const p = await identityUser();
    const address = nextAddress();
    for (let i = 0; i < IDENTITY_UPLOAD_LIMIT; i++) expect((await upload(p, [{ field: 'documentKind', value: 'passport' }], address)).statusCode).toBe(200);
    expect((await upload(p, [{ field: 'documentKind', value: 'passport' }], address)).statusCode).toBe(429);
  });
});

describe('submission', () => {
  it('needs a document kind and both files; fields name what is missing', async () => {
    const p = await identityUser();
    const nothing = await submit(p);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'validation_failed', message: IDENTITY_MESSAGES.incomplete });
    expect(nothing.json().fields.map((f: { path: string }) => f.path)).toEqual(['body.documentKind', 'document', 'selfie']);
    await upload(p, [{ field: 'document', data: PNG }]);
    expect((await submit(p, { documentKind: 'passport' })).json().fields.map((f: { path: string }) => f.path)).toEqual(['selfie']);
    expect((await submit(p, { documentKind: 'library_card' })).statusCode).toBe(400);
    await upload(p, [{ field: 'selfie', data: PNG }]);
    const ok = await submit(p, { documentKind: 'drivers_license' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'submitted', documentKind: 'drivers_license', editable: false, identityVerified: false });
    expect(ok.json().submittedAt).toBeTruthy();
  });

  it('while submitted, nothing can be uploaded or submitted again (409)', async () => {
    const { p } = await submitted();
    const res = await upload(p, [{ field: 'selfie', data: PNG }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_transition');
    expect((await submit(p)).statusCode).toBe(409);
  });
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
    const list = await t.app.inject({ url: '/api/admin/identity?status=submitted&limit=100', headers: auth(admin.token) });
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
    const [draft] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.userId, draftUser.id));
    expect((await t.app.inject({ url: `/api/admin/identity/${draft!.id}`, headers: auth(admin.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/identity/999999', headers: auth(admin.token) })).statusCode).toBe(404);
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
    expect((await t.app.inject({ url: '/api/v2/identity-verification/files/document', headers: auth(p.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/identity/${id}/files/selfie`, headers: auth(admin.token) })).statusCode).toBe(404);

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
    expect(msg!.texts).toMatchObject({ en: { title: 'Your identity verification was not approved' }, 'zh-CN': { title: '您的身份验证未通过' } });
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
    expect(msg!.texts).toMatchObject({ en: { title: 'Your identity verification was not approved' }, ja: { title: '本人確認が承認されませんでした' } });
  });

  it('reject needs a reason; the user sees it, the files are removed, the user uploads both again and resubmits', async () => {
    const { p, id } = await submitted();
    const [before] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
    expect((await adminPost(id, 'reject', { reason: '' })).statusCode).toBe(400);
    expect((await adminPost(id, 'reject', {})).statusCode).toBe(400);
    const res = await adminPost(id, 'reject', { reason: 'The photo of the passport is blurred' });
    expect(res.statusCode).toBe(200);
    expect((await status(p)).json()).toMatchObject({ status: 'rejected', reviewNote: 'The photo of the passport is blurred', editable: true, identityVerified: false });
    expect((await me(p)).json().identityVerified).toBe(false);
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    const msg = msgs.find((m) => m.type === 'approval');
    expect(msg?.message).toContain('The photo of the passport is blurred');
    expect(msg?.showContactSupport).toBe(true);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u!.email!));
    expect(mails.find((m) => m.template === 'identity_rejected')?.textBody).toContain('The photo of the passport is blurred');

    // A decision removes the images (decision 136): a resubmission needs both again.
    expect((await status(p)).json()).toMatchObject({ document: null, selfie: null });
    for (const key of [before!.documentKey!, before!.selfieKey!]) expect(await t.app.storage.get(key)).toBeUndefined();
    expect((await upload(p, [{ field: 'document', data: PNG }])).json()).toMatchObject({ status: 'rejected', reviewNote: 'The photo of the passport is blurred' });
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
    expect((await status(p)).json()).toMatchObject({ status: 'changes_requested', reviewNote: 'Please take the selfie holding the passport', editable: true });
    await t.app.jobs.settled(); // notices are created after the commit (decision 085)
    const msgs = await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, p.id));
    expect(msgs.find((m) => m.type === 'approval')?.message).toContain('Please take the selfie holding the passport');
    expect((await adminPost(id, 'approve')).statusCode).toBe(409);
    expect((await upload(p, [{ field: 'selfie', data: JPEG, name: 'me.jpg', type: 'image/jpeg' }])).statusCode).toBe(200);
    expect((await submit(p)).json().status).toBe('submitted');
  });
});

describe('OpenAPI', () => {
  it('documents the user and admin routes from their schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/identity-verification',
        '/api/v2/identity-verification/submit',
        '/api/v2/identity-verification/files/{kind}',
        '/api/admin/identity',
        '/api/admin/identity/{id}',
        '/api/admin/identity/{id}/files/{kind}',
        '/api/admin/identity/{id}/approve',
        '/api/admin/identity/{id}/reject',
        '/api/admin/identity/{id}/request-changes',
      ]),
    );
    expect(doc.paths['/api/v2/identity-verification'].post.description).toContain('multipart/form-data');
  });
});
