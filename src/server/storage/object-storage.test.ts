import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { identityVerifications } from '../db/schema/index';
import type { AppInstance } from '../lib/types';
import { person, type Person } from '../modules/bookings/test-helpers';
import { consentToSensitiveData, nextAddress } from '../test/accounts';
import { auth, TEST_SECRET } from '../test/guide-fixtures';
import { multipartBody, type Part } from '../test/multipart';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { S3FileStorage } from './s3-storage';

/**
 * With the S3_* settings, uploads live in the bucket, so an instance serves files another
 * instance stored. Instances A and B share one database and one bucket (s3rver) but each has its
 * own DATA_DIR; instance L is the old way (local folder), where a photo stored elsewhere is a 404.
 */
let s3: TestS3;
let t: TestApp;
let b: AppInstance;
let local: AppInstance;
let bucket: S3FileStorage;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tabi-instance-'));
  dirs.push(dir);
  return dir;
};
let PNG: Buffer;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Another instance on the same database, with its own DATA_DIR and these settings. */
async function instance(env: Record<string, string>): Promise<AppInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tempDir(), ...env });
  const app = await buildApp({ config, database: t.database, jwtSecret: TEST_SECRET }, { logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: { ...s3.env, DATA_DIR: tempDir() } });
  b = await instance(s3.env);
  local = await instance({});
  bucket = new S3FileStorage(s3.settings);
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  bucket?.close();
  await b?.close();
  await local?.close();
  await t?.close();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const upload = (app: AppInstance, who: Person, url: string, parts: Part[]) => {
  const { payload, headers } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...auth(who.token) },
    remoteAddress: nextAddress(),
  });
};

describe('files on object storage, served by every instance', () => {
  it('stores an avatar in the bucket through one instance and serves it through the other', async () => {
    const p = await person(t);
    const res = await upload(t.app, p, '/api/me/avatar', [{ field: 'file', data: PNG, name: 'me.png' }]);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().profilePicture;
    expect(url).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    const key = url.slice('/uploads/'.length);
    expect(await bucket.exists(key)).toBe(true);
    // Nothing in either instance's own folder.
    expect(dirs.some((d) => existsSync(path.join(d, 'uploads')))).toBe(false);

    const here = await t.app.inject({ url });
    const there = await b.inject({ url });
    for (const r of [here, there]) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    }
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    expect((await sharp(there.rawPayload).metadata()).format).toBe('webp');
    // The old way: an instance with its own folder does not have it.
    expect((await local.inject({ url })).statusCode).toBe(404);

    // A new avatar through B replaces the object; the old one is gone for both.
    const again = await upload(b, p, '/api/me/avatar', [{ field: 'file', data: PNG }]);
    expect(again.statusCode).toBe(200);
    expect(await bucket.exists(key)).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: again.json().profilePicture })).statusCode).toBe(200);
  });

  it('keeps a private identity document in the bucket, served only to its owner through the authorized route, on either instance', async () => {
    const p = await consentToSensitiveData(t, await person(t));
    const res = await upload(b, p, '/api/v2/identity-verification', [
      { field: 'documentKind', value: 'passport' },
      { field: 'document', data: PDF, name: 'passport.pdf', type: 'application/pdf' },
      { field: 'selfie', data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { document, selfie } = res.json();
    expect(document.contentType).toBe('application/pdf');

    for (const app of [t.app, b]) {
      const file = await app.inject({ url: document.fileUrl, headers: auth(p.token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      const photo = await app.inject({ url: selfie.fileUrl, headers: auth(p.token) });
      expect(photo.statusCode).toBe(200);
      expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
    }

    // Another user gets 404 (their own, absent, document), a visitor 401, and the public path never serves it.
    const other = await person(t);
    expect((await t.app.inject({ url: document.fileUrl, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: document.fileUrl })).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, p.id));
    const key = row!.documentKey!;
    expect(key).toMatch(/^private-identity\//);
    expect(await bucket.exists(key)).toBe(true);
    for (const app of [t.app, b]) expect((await app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
  });

  it('answers /uploads/ for a missing key, or one this app never makes, with 404', async () => {
    for (const url of [
      '/uploads/avatars/missing-but-well-formed-key.webp',
      '/uploads/../config.ts',
      '/uploads/avatars/x.webp',
    ]) {
      expect((await b.inject({ url })).statusCode).toBe(404);
    }
  });
});

describe('S3_PUBLIC_URL', () => {
  it('redirects public images to the public base URL (allowed as an image source), never a private document', async () => {
    const cdn = await instance({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/tabi/' });
    try {
      const res = await cdn.inject({ url: '/uploads/avatars/abcdefghijklmnopqrstuvwx.webp' });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://cdn.example.com/tabi/avatars/abcdefghijklmnopqrstuvwx.webp');
      expect(String(res.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      expect((await cdn.inject({ url: '/uploads/private-identity/abcdefghijklmnopqrstuvwx.pdf' })).statusCode).toBe(
        404,
      );
    } finally {
      await cdn.close();
    }
  });
});
