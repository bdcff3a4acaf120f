import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_MESSAGES,
  DOCUMENT_MAX_FILES,
  type ApplicationData,
} from '../../../shared/schemas/guide-applications';
import { auth, makeGuide, tokenFor } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import { person, type Person } from '../bookings/test-helpers';
import { applicationSuite, complete, PDF } from './test-helpers';

/**
 * The applicant's side of a guide application: drafts, documents and submitting (the admin's review:
 * application-review.test.ts).
 */
const { suite, save, submit, status, upload, submitted } = applicationSuite();
let t: TestApp;
let admin: Person;
let PNG: Buffer;
let subcategoryId: number;

beforeAll(async () => {
  ({ t, admin, subcategoryId } = suite);
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

describe('drafts', () => {
  it('saves a partial draft on the server and loads it again (another device sees it)', async () => {
    const p = await person(t);
    const empty = await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) });
    expect(empty.json()).toMatchObject({
      id: null,
      status: 'draft',
      data: {},
      documents: [],
      maxDocuments: DOCUMENT_MAX_FILES,
      editable: true,
    });
    expect((await save(p, { name: 'Li', age: 30, ethicsScore: 7, serviceCities: ['kyoto'] })).statusCode).toBe(200);
    const loaded = await t.app.inject({ url: '/api/v2/guide-applications/draft', headers: auth(p.token) });
    expect(loaded.json().data).toEqual({ name: 'Li', age: 30, ethicsScore: 7, serviceCities: ['kyoto'] });
    expect((await status(p)).json()).toMatchObject({
      status: 'draft',
      guideStatus: { shouldShowBecomeGuideButton: true, shouldShowViewApplicationButton: false },
    });
  });

  it('refuses out-of-range scores, unknown cities and bad postal codes, and visitors', async () => {
    const p = await person(t);
    for (const data of [
      { ethicsScore: 0 },
      { boundaryScore: 10 },
      { serviceCities: ['paris'] },
      { residenceZipcode: '12345' },
      { unknownField: 1 },
    ]) {
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
    expect(img.json().documents[0]).toMatchObject({
      contentType: 'image/webp',
      description: 'First-aid certificate',
      fileName: 'photo.png',
    });
    const bad = await upload(p, Buffer.from('<html><script>alert(1)</script></html>'), 'fake.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_file_type', message: APPLICATION_MESSAGES.invalidFileType });
    const fakePdf = await upload(p, Buffer.from('%PDF-1.4 not really'), 'x.pdf', 'application/pdf');
    expect(fakePdf.json().code).toBe('invalid_file_type');
    for (let i = 1; i < DOCUMENT_MAX_FILES; i++)
      expect((await upload(p, PDF, `c${i}.pdf`, 'application/pdf')).statusCode).toBe(201);
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
    expect((await status(guide)).json().guideStatus).toEqual({
      shouldShowRoleSwitch: true,
      shouldShowBecomeGuideButton: false,
      shouldShowViewApplicationButton: false,
    });
  });

  it("hides another user's document: 404 to read, describe or delete", async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const id = (await upload(owner, PDF, 'a.pdf', 'application/pdf')).json().documents[0].id as number;
    const url = `/api/v2/guide-applications/documents/${id}`;
    expect((await t.app.inject({ url: `${url}/file`, headers: auth(stranger.token) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: auth(stranger.token), payload: { description: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(stranger.token) })).statusCode).toBe(404);
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth(owner.token),
      payload: { description: 'JNTO licence' },
    });
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
    expect(incomplete.json()).toMatchObject({
      code: 'application_incomplete',
      message: 'Please complete the following required fields',
    });
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
    expect(res.json()).toMatchObject({
      code: 'age_below_minimum',
      fields: [{ path: 'data.age', message: APPLICATION_MESSAGES.minAge }],
    });
  });

  it('submits a complete application; it is then locked and the header shows View Application Status', async () => {
    const { p } = await submitted();
    expect((await status(p)).json()).toMatchObject({
      status: 'submitted',
      guideStatus: {
        shouldShowBecomeGuideButton: false,
        shouldShowViewApplicationButton: true,
        shouldShowRoleSwitch: false,
      },
    });
    const me = await t.app.inject({ url: '/api/me', headers: auth(p.token) });
    expect(me.json().guideStatus).toEqual({
      shouldShowRoleSwitch: false,
      shouldShowBecomeGuideButton: false,
      shouldShowViewApplicationButton: true,
    });
    const locked = await save(p, { name: 'Changed' });
    expect(locked.statusCode).toBe(409);
    expect((await submit(p)).statusCode).toBe(409);
  });
});
