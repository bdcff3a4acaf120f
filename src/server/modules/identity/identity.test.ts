import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '../../../shared/schemas/identity';
import { identityVerifications } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';
import { IDENTITY_UPLOAD_LIMIT } from './identity.routes';
import { identitySuite, PDF } from './test-helpers';

/**
 * A user's own identity verification through the API: status, uploads, submission (the admin's review:
 * identity-review.test.ts).
 */
const suite = identitySuite();
const { upload, identityUser, status, submit, me, both, submitted } = suite;
let t: TestApp;
let PNG: Buffer;
let JPEG: Buffer;
beforeAll(() => {
  ({ t, PNG, JPEG } = suite.fixture);
});

describe('status and uploads', () => {
  it("starts at 'none', needs a session, and reports identityVerified like /api/me", async () => {
    const p = await identityUser();
    expect((await status(p)).json()).toMatchObject({
      id: null,
      status: 'none',
      document: null,
      selfie: null,
      editable: true,
      identityVerified: false,
      maxBytes: 10 * 1024 * 1024,
    });
    expect((await t.app.inject({ url: '/api/v2/identity-verification' })).statusCode).toBe(401);
    expect((await upload(undefined, both())).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/identity-verification/submit', payload: {} })).statusCode,
    ).toBe(401);
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
    expect(body).toMatchObject({
      status: 'draft',
      documentKind: 'residence_card',
      editable: true,
      document: { kind: 'document', contentType: 'image/webp' },
      selfie: { kind: 'selfie', contentType: 'image/webp' },
    });
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
    expect(
      (await t.app.inject({ url: '/api/v2/identity-verification/files/selfie', headers: auth(other.token) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/v2/identity-verification/files/selfie' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v2/identity-verification/files/passport', headers: auth(p.token) })).statusCode,
    ).toBe(400);
    // Never through the public uploads route.
    const [row] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, p.id));
    expect(row!.selfieKey).toMatch(/^private-identity\//);
    expect((await t.app.inject({ url: `/uploads/${row!.selfieKey}` })).statusCode).toBe(404);
  });

  it('one file at a time replaces only that file (the old file is deleted); a PDF document is kept as a PDF attachment', async () => {
    const p = await identityUser();
    expect((await upload(p, [{ field: 'selfie', data: PNG }])).statusCode).toBe(200);
    const first = await upload(p, [{ field: 'document', data: PDF, name: 'id.pdf', type: 'application/pdf' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      documentKind: null,
      document: { contentType: 'application/pdf' },
      selfie: { contentType: 'image/webp' },
    });
    const [before] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, p.id));
    const pdf = await t.app.inject({ url: '/api/v2/identity-verification/files/document', headers: auth(p.token) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="identity-document\.pdf"/);

    const second = await upload(p, [{ field: 'document', data: PNG }]);
    expect(second.json().document.contentType).toBe('image/webp');
    const [after] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, p.id));
    expect(after!.documentKey).not.toBe(before!.documentKey);
    expect(after!.selfieKey).toBe(before!.selfieKey);
    expect(await t.app.storage.get(before!.documentKey!)).toBeUndefined();
  });

  it('types files by content: a text file named .png, a PNG header on garbage and an HTML file are refused', async () => {
    const p = await identityUser();
    const cases: [string, Buffer, string, string][] = [
      ['text named .png', Buffer.from('just some text, not an image at all'), 'photo.png', 'image/png'],
      [
        'PNG header on garbage',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
        'a.png',
        'image/png',
      ],
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
    expect(res.json()).toMatchObject({
      code: 'invalid_file_type',
      message: IDENTITY_MESSAGES.selfieImageOnly,
      fields: [{ path: 'body.selfie' }],
    });
    const active = Buffer.from(
      PDF.toString('latin1').replace(
        '/Pages 2 0 R',
        '/Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      ),
      'latin1',
    );
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
    const kind = await upload(p, [
      { field: 'documentKind', value: 'library_card' },
      { field: 'selfie', data: PNG },
    ]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields[0].path).toBe('body.documentKind');
    // The My Number Card (its front) is a document of people who live in Japan.
    const myNumber = await upload(p, [{ field: 'documentKind', value: 'my_number_card' }]);
    expect(myNumber.statusCode, myNumber.body).toBe(200);
    expect(myNumber.json().documentKind).toBe('my_number_card');
    const empty = await upload(p, [{ field: 'document', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2/identity-verification',
      headers: auth(p.token),
      payload: { document: 'x' },
      remoteAddress: nextAddress(),
    });
    expect(json.statusCode).toBe(415);
    const big = await upload(p, [
      {
        field: 'document',
        data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]),
        name: 'big.pdf',
        type: 'application/pdf',
      },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    expect((await status(p)).json().document).toBeNull();
  });

  it(`limits uploads to ${IDENTITY_UPLOAD_LIMIT} per address per 10 minutes`, async () => {
    const p = await identityUser();
    const address = nextAddress();
    for (let i = 0; i < IDENTITY_UPLOAD_LIMIT; i++)
      expect((await upload(p, [{ field: 'documentKind', value: 'passport' }], address)).statusCode).toBe(200);
    expect((await upload(p, [{ field: 'documentKind', value: 'passport' }], address)).statusCode).toBe(429);
  });
});

describe('submission', () => {
  it('needs a document kind and both files; fields name what is missing', async () => {
    const p = await identityUser();
    const nothing = await submit(p);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'validation_failed', message: IDENTITY_MESSAGES.incomplete });
    expect(nothing.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.documentKind',
      'document',
      'selfie',
    ]);
    await upload(p, [{ field: 'document', data: PNG }]);
    expect((await submit(p, { documentKind: 'passport' })).json().fields.map((f: { path: string }) => f.path)).toEqual([
      'selfie',
    ]);
    expect((await submit(p, { documentKind: 'library_card' })).statusCode).toBe(400);
    await upload(p, [{ field: 'selfie', data: PNG }]);
    const ok = await submit(p, { documentKind: 'drivers_license' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'submitted',
      documentKind: 'drivers_license',
      editable: false,
      identityVerified: false,
    });
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
