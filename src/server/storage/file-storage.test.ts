import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestS3, type TestS3 } from '../test/s3-server';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';
import { copyLocalFiles } from './migrate';
import { S3FileStorage } from './s3-storage';
import { storageFor } from './index';

let s3: TestS3;
let dir: string;
const stores: Record<'local' | 's3', FileStorage> = {} as never;

beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(path.join(tmpdir(), 'tabi-storage-'));
  stores.local = storageFor(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
  stores.s3 = storageFor(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...s3.env }));
});
afterAll(async () => {
  (stores.s3 as S3FileStorage).close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const newKey = (folder = 'avatars', ext = 'webp') => `${folder}/${randomBytes(18).toString('base64url')}.${ext}`;

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('settings choose the store', () => {
  it('is the local folder by default and the bucket with S3_BUCKET', () => {
    expect(stores.local).toBeInstanceOf(LocalFileStorage);
    expect(stores.s3).toBeInstanceOf(S3FileStorage);
  });

  it('refuses half-set S3 settings at start-up', () => {
    expect(() => loadConfig({ S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required/);
  });
});

describe.each(['local', 's3'] as const)('%s storage contract', (kind) => {
  const store = () => stores[kind];

  it('puts a file and gets the same bytes back, with its size and type', async () => {
    const key = newKey();
    // Larger than one stream chunk, so framing or truncation would show.
    const data = randomBytes(200_000);
    await store().put(key, data, 'image/webp');
    const file = await store().get(key);
    expect(file).toMatchObject({ size: data.length, contentType: 'image/webp' });
    expect((await read(file!.stream())).equals(data)).toBe(true);
  });

  it('keeps a PDF as application/pdf', async () => {
    const key = newKey('private-proofs', 'pdf');
    await store().put(key, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect((await store().get(key))?.contentType).toBe('application/pdf');
    await store().delete(key);
  });

  it('tells whether a file exists, and deletes it (deleting again is no error)', async () => {
    const key = newKey();
    expect(await store().exists(key)).toBe(false);
    await store().put(key, Buffer.from('x'), 'image/webp');
    expect(await store().exists(key)).toBe(true);
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    expect(await store().get(key)).toBeUndefined();
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  it('answers a missing key with not found, and a key this app never makes likewise (never an error)', async () => {
    expect(await store().get(newKey())).toBeUndefined();
    for (const bad of ['../config.ts', 'avatars/../../etc/passwd', 'avatars/short.webp', '']) {
      expect(await store().get(bad)).toBeUndefined();
      expect(await store().exists(bad)).toBe(false);
    }
    await expect(store().put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('storage:migrate (copyLocalFiles)', () => {
  it('copies every stored local file into the bucket under its key, once; other files are left out', async () => {
    const local = new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'tabi-migrate-')));
    const avatar = newKey('avatars');
    const proof = newKey('private-payment-proofs', 'pdf');
    await local.put(avatar, randomBytes(5000));
    await local.put(proof, Buffer.from('%PDF-1.4\n%%EOF\n'));
    writeFileSync(path.join(local.root, 'notes.txt'), 'not a stored file');

    const lines: string[] = [];
    const first = await copyLocalFiles(local, stores.s3, (l) => lines.push(l));
    expect(first.copied.sort()).toEqual([avatar, proof].sort());
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain(`copied ${avatar} (5000 bytes)`);
    const copied = await stores.s3.get(proof);
    expect(copied?.contentType).toBe('application/pdf');
    expect((await read(copied!.stream())).equals(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe(true);

    // Again: nothing to copy. A file added since is the only one copied.
    const later = newKey('backgrounds');
    await local.put(later, Buffer.from('y'));
    const second = await copyLocalFiles(local, stores.s3);
    expect(second).toEqual({ copied: [later], present: [avatar, proof].sort() });
    rmSync(local.root, { recursive: true, force: true });
  });
});
