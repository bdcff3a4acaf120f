import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { imagesSuite, multipart, PNG } from './test-helpers';

/**
 * A user's avatar and background image (`/api/me/avatar`, `/api/me/background-image`): what is stored, served
 * and refused; a malformed multipart body is apart (malformed-uploads.test.ts).
 */
const suite = imagesSuite();
const { me } = suite;
let t: TestApp;
let dataDir: string;
beforeAll(() => {
  ({ t, dataDir } = suite.fixture);
});

/** Real, decodable images of the other three types (the server re-encodes every upload, so fakes are refused). */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } });
let JPEG: Buffer;
let GIF: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [JPEG, GIF, WEBP] = await Promise.all([
    solid(3, 2).jpeg().toBuffer(),
    solid(3, 2).gif().toBuffer(),
    solid(3, 2).webp().toBuffer(),
  ]);
});

// Each upload from its own address, so the per-address upload limit (30 in 10 minutes) never trips.
const upload = (token: string, url: string, data: Buffer, filename?: string, type?: string) => {
  const m = multipart(data, filename, type);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...bearer(token) },
    remoteAddress: nextAddress(),
  });
};

describe('avatar and background image', () => {
  /** Fetches a stored upload back through its public URL, with what sharp reads from it. */
  async function served(url: string) {
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode, url).toBe(200);
    return { file, bytes: file.rawPayload, meta: await sharp(file.rawPayload).metadata() };
  }

  it.each([
    ['PNG', () => PNG],
    ['JPEG', () => JPEG],
    ['GIF', () => GIF],
    ['WEBP', () => WEBP],
  ])('stores a %s avatar re-encoded as WebP and serves it back', async (_name, bytes) => {
    const a = await signUp(t);
    const res = await upload(a.token, '/api/me/avatar', bytes(), 'me.img');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profilePicture;
    expect(url).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    const { file, meta } = await served(url);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(meta.format).toBe('webp');
    // Small images are never enlarged.
    expect([meta.width, meta.height]).toEqual(bytes() === PNG ? [1, 1] : [3, 2]);
  });

  it('publishes no EXIF, XMP or GPS position of a photo, and turns it upright by its EXIF orientation', async () => {
    const a = await signUp(t);
    const photo = await solid(64, 32)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'TabiCam', Model: 'HomeSweetHome' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 39/1 2964/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 44/1 2844/100',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="35,39.494N"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    // The input really carries all of it: the EXIF GPS IFD pointer (tag 0x8825), the camera, the XMP position.
    const before = await sharp(photo).metadata();
    expect(
      before.exif &&
        (before.exif.includes(Buffer.from([0x88, 0x25])) || before.exif.includes(Buffer.from([0x25, 0x88]))),
    ).toBe(true);
    expect(before.orientation).toBe(6);
    expect(photo.includes('TabiCam')).toBe(true);
    expect(photo.includes('35,39.494N')).toBe(true);

    for (const [route, column] of [
      ['/api/me/avatar', 'profilePicture'],
      ['/api/me/background-image', 'backgroundImage'],
    ] as const) {
      const res = await upload(a.token, route, photo, 'IMG_0001.jpg', 'image/jpeg');
      expect(res.statusCode, route).toBe(200);
      const { bytes, meta } = await served(res.json()[column]);
      expect(meta.format).toBe('webp');
      expect(meta.exif, route).toBeUndefined();
      expect(meta.xmp, route).toBeUndefined();
      expect(meta.iptc, route).toBeUndefined();
      expect(
        bytes.includes('TabiCam') ||
          bytes.includes('HomeSweetHome') ||
          bytes.includes('35,39.494N') ||
          bytes.includes('Exif'),
      ).toBe(false);
      // Rotated by the orientation tag (64×32 with orientation 6 is a 32×64 portrait), then the tag is gone.
      expect([meta.width, meta.height, meta.orientation]).toEqual([32, 64, undefined]);
    }
  });

  it('scales a large image down within the caps (avatar 1024×1024, background 2400 wide), keeping its proportions', async () => {
    const a = await signUp(t);
    const big = await solid(4000, 3000).jpeg().toBuffer();
    const avatar = await upload(a.token, '/api/me/avatar', big, 'big.jpg', 'image/jpeg');
    expect(avatar.statusCode).toBe(200);
    const av = (await served(avatar.json().profilePicture)).meta;
    expect([av.width, av.height]).toEqual([1024, 768]);
    const background = await upload(a.token, '/api/me/background-image', big, 'big.jpg', 'image/jpeg');
    expect(background.statusCode).toBe(200);
    const bg = (await served(background.json().backgroundImage)).meta;
    expect([bg.width, bg.height]).toEqual([2400, 1800]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const a = await signUp(t);
    const frames = await Promise.all(
      ['#dc2626', '#16a34a', '#2563eb'].map((background) =>
        sharp({ create: { width: 16, height: 16, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const res = await upload(a.token, '/api/me/avatar', animated, 'spin.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const { meta } = await served(res.json().profilePicture);
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', 16, 16, 1]);
  });

  it.each([
    [
      'a PNG with HTML after IEND',
      () => Buffer.concat([PNG, Buffer.from('<html><script>alert("tabi-polyglot")</script></html>')]),
    ],
    [
      'a GIF with JavaScript after its trailer',
      () => Buffer.concat([GIF, Buffer.from('\n;alert("tabi-polyglot");//')]),
    ],
    ['a GIF header followed by JavaScript', () => Buffer.from('GIF89a=1;alert("tabi-polyglot");//', 'latin1')],
  ])('never serves the payload of a polyglot: %s', async (_name, bytes) => {
    const a = await signUp(t);
    const res = await upload(a.token, '/api/me/avatar', bytes(), 'x.png');
    if (res.statusCode === 200) {
      // Accepted only as a re-encoded image: the appended bytes are gone.
      const { bytes: out, meta } = await served(res.json().profilePicture);
      expect(meta.format).toBe('webp');
      expect(out.includes('tabi-polyglot')).toBe(false);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_file_type');
    }
  });

  it.each([
    ['a PNG signature followed by garbage', () => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(200, 0x41)])],
    [
      'a JPEG start followed by garbage',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]),
    ],
    [
      'a WEBP header with no picture',
      () =>
        Buffer.concat([
          Buffer.from('RIFF', 'latin1'),
          Buffer.from([0x24, 0, 0, 0]),
          Buffer.from('WEBPVP8 ', 'latin1'),
          Buffer.alloc(32, 0),
        ]),
    ],
  ])('refuses %s with 400 invalid_file_type', async (_name, bytes) => {
    const a = await signUp(t);
    const res = await upload(a.token, '/api/me/avatar', bytes());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file_type');
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });

  it('refuses a tiny file that claims a gigantic canvas (decompression bomb) with 400', async () => {
    const a = await signUp(t);
    // A 65-byte PNG claiming 50000 × 50000 pixels (2.5 gigapixels): signature, IHDR, an IDAT holding an empty zlib
    // stream, IEND.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(50_000, 0);
    ihdr.writeUInt32BE(50_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      PNG.subarray(0, 8),
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.from('789c030000000001', 'hex')),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBe(65);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const res = await upload(a.token, '/api/me/avatar', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.file' }] });
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });

  it('judges the type by content, not by name: a script named .png is refused', async () => {
    const a = await signUp(t);
    const res = await upload(
      a.token,
      '/api/me/avatar',
      Buffer.from('<script>alert(1)</script>'),
      'evil.png',
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file_type');
    const pdf = await upload(a.token, '/api/me/avatar', Buffer.from('%PDF-1.7 hello'), 'doc.pdf', 'application/pdf');
    expect(pdf.json().code).toBe('invalid_file_type');
    const svg = await upload(
      a.token,
      '/api/me/avatar',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.json().code).toBe('invalid_file_type');
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });

  it('refuses an image over 5 MB with 413', async () => {
    const a = await signUp(t);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(a.token, '/api/me/avatar', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('refuses a JSON body and an upload without a token', async () => {
    const a = await signUp(t);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: { file: 'x' },
      headers: bearer(a.token),
    });
    expect(json.statusCode).toBe(415);
    const m = multipart(PNG);
    const anon = await t.app.inject({ method: 'POST', url: '/api/me/avatar', payload: m.payload, headers: m.headers });
    expect(anon.statusCode).toBe(401);
  });

  it('a new avatar replaces the old file; a background image has its own slot; both can be removed', async () => {
    const a = await signUp(t);
    const first = (await upload(a.token, '/api/me/avatar', PNG)).json().profilePicture;
    const second = (await upload(a.token, '/api/me/avatar', JPEG, 'b.jpg')).json().profilePicture;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const bg = await upload(a.token, '/api/me/background-image', PNG);
    expect(bg.json()).toMatchObject({
      profilePicture: second,
      backgroundImage: expect.stringMatching(/^\/uploads\/backgrounds\//),
    });
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: bearer(a.token) });
    expect(removed.json().profilePicture).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('never serves files outside the uploads folder', async () => {
    writeFileSync(path.join(dataDir, 'private.txt'), 'top-secret-content');
    mkdirSync(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    for (const url of [
      '/uploads/../private.txt',
      '/uploads/avatars/..%2F..%2Fprivate.txt',
      '/uploads/avatars/%2e%2e/%2e%2e/private.txt',
      '/uploads/avatars/nothing.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('top-secret-content');
    }
  });
});
