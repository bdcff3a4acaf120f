/**
 * The file store failing (decision 101), with an s3rver in a process of its own made to hang
 * (SIGSTOP) or refuse (SIGKILL): an upload answers 503 `storage_unavailable` with Retry-After within
 * a few seconds, nothing in the database names a file that was never stored, and once the store is
 * back the next upload works.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityVerifications, users } from '../db/schema/index';
import type { AppInstance } from '../lib/types';
import { person, type Person } from '../modules/bookings/test-helpers';
import { consentToSensitiveData, nextAddress } from '../test/accounts';
import { auth } from '../test/guide-fixtures';
import { multipartBody, type Part } from '../test/multipart';
import { startS3Process, type ServiceProcess } from '../test/processes';
import type { TestS3 } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { S3FileStorage } from './s3-storage';

/**
 * "Within a few seconds": a connection and an idle limit, one retry (S3_TIMEOUTS, about 4 s), and room for a loaded
 * machine.
 */
const PROMPT_MS = 6_500;

let s3: ServiceProcess & Pick<TestS3, 'env' | 'settings'>;
let t: TestApp;
let bucket: S3FileStorage;
let PNG: Buffer;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  s3 = await startS3Process();
  t = await createTestApp({ env: s3.env });
  bucket = new S3FileStorage(s3.settings);
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#37a' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  s3?.resume();
  bucket?.close();
  await t?.close();
  await s3?.close();
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
const avatar = (who: Person) => upload(t.app, who, '/api/me/avatar', [{ field: 'file', data: PNG, name: 'me.png' }]);
const identityDocument = (who: Person) =>
  upload(t.app, who, '/api/v2/identity-verification', [
    { field: 'documentKind', value: 'passport' },
    { field: 'document', data: PDF, name: 'passport.pdf', type: 'application/pdf' },
  ]);
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
};
const profilePicture = async (who: Person) =>
  (await t.database.db.select({ url: users.profilePicture }).from(users).where(eq(users.id, who.id)))[0]!.url;
const documentKey = async (who: Person) =>
  (
    await t.database.db
      .select({ key: identityVerifications.documentKey })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, who.id))
  )[0]?.key ?? null;

/** The refusal a client sees: 503, the stable code, and when to try again. */
function expectRefused(res: Awaited<ReturnType<typeof avatar>>, ms: number) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toMatchObject({ code: 'storage_unavailable', retryAfter: 30 });
  expect(Number(res.headers['retry-after'])).toBe(30);
  expect(ms).toBeLessThan(PROMPT_MS);
}

describe('the file store hanging or refusing', () => {
  it('hanging (SIGSTOP): uploads answer 503 with Retry-After in seconds and store nothing; after SIGCONT the next upload works', async () => {
    const p = await consentToSensitiveData(t, await person(t));
    const first = await avatar(p);
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json().profilePicture as string;

    s3.hang();
    const [[pictureRes, pictureMs], [documentRes, documentMs]] = await Promise.all([
      timed(() => avatar(p)),
      timed(() => identityDocument(p)),
    ]);
    expectRefused(pictureRes, pictureMs);
    expectRefused(documentRes, documentMs);
    // The database still names the avatar that is stored, and no identity document.
    expect(await profilePicture(p)).toBe(before);
    expect(await documentKey(p)).toBeNull();

    s3.resume();
    const again = await avatar(p);
    expect(again.statusCode, again.body).toBe(200);
    const url = again.json().profilePicture as string;
    expect(await profilePicture(p)).toBe(url);
    expect(await bucket.exists(url.slice('/uploads/'.length))).toBe(true);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const doc = await identityDocument(p);
    expect(doc.statusCode, doc.body).toBe(200);
    expect(await bucket.exists((await documentKey(p))!)).toBe(true);
  });

  it('refusing (killed): an upload answers 503 at once and stores nothing; started again, the next upload works', async () => {
    const p = await person(t);
    await s3.kill();
    const [res, ms] = await timed(() => avatar(p));
    expectRefused(res, ms);
    expect(ms).toBeLessThan(2_000);
    expect(await profilePicture(p)).toBeNull();

    await s3.restart();
    const again = await avatar(p);
    expect(again.statusCode, again.body).toBe(200);
    expect(await bucket.exists((again.json().profilePicture as string).slice('/uploads/'.length))).toBe(true);
  });
});
