import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, sessions, users } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-users-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const patch = (token: string, url: string, payload: object) => t.app.inject({ method: 'PATCH', url, payload, headers: bearer(token) });

// A 1×1 PNG whose compressed pixel data is damaged (libpng reports an error), which browsers and the server tolerate.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
/** Real, decodable images of the other three types (the server re-encodes every upload, so fakes are refused). */
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0392b' } });
let JPEG: Buffer;
let GIF: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [JPEG, GIF, WEBP] = await Promise.all([solid(3, 2).jpeg().toBuffer(), solid(3, 2).gif().toBuffer(), solid(3, 2).webp().toBuffer()]);
});

const multipart = (data: Buffer, filename = 'photo.png', contentType = 'image/png') => multipartBody([{ field: 'file', data, name: filename, type: contentType }]);
// Each upload from its own address, so the per-address upload limit (30 in 10 minutes) never trips.
const upload = (token: string, url: string, data: Buffer, filename?: string, type?: string) => {
  const m = multipart(data, filename, type);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...bearer(token) }, remoteAddress: nextAddress() });
};

describe('GET/PATCH /api/me', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('returns the caller, and only the caller', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await me(a.token)).json()).toMatchObject({ id: a.id, username: a.username, email: a.email });
    expect((await me(b.token)).json()).toMatchObject({ id: b.id, username: b.username });
    // `hasPassword` (decision 147) says only whether one is set; the hash itself never leaves.
    expect((await me(a.token)).body).not.toMatch(/scrypt|password_?hash/i);
    expect((await me(a.token)).json()).toMatchObject({ hasPassword: true, phone: null });
  });

  it('updates personal info and privacy; an id in the body cannot reach another user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await patch(a.token, '/api/me', {
      id: b.id,
      nickname: 'Mei',
      gender: 'female',
      age: 29,
      city: 'Shanghai',
      mbti: 'ENFP',
      bio: 'I love onsen.',
      readReceiptsEnabled: false,
      emailUpdates: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, nickname: 'Mei', gender: 'female', age: 29, city: 'Shanghai', mbti: 'ENFP', readReceiptsEnabled: false, emailUpdates: true });
    expect((await me(b.token)).json()).toMatchObject({ nickname: null, readReceiptsEnabled: true });
    // Empty text clears a field.
    expect((await patch(a.token, '/api/me', { nickname: '' })).json().nickname).toBeNull();
  });

  it('refuses invalid values and an e-mail someone else has', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (const body of [{ age: 7 }, { gender: 'robot' }, { mbti: 'ABCD' }, { email: 'nope' }, { fullName: '' }]) {
      const res = await patch(a.token, '/api/me', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await patch(a.token, '/api/me', { email: b.email.toUpperCase(), currentPassword: a.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    // The same address (in any case) is no change: no password needed.
    expect((await patch(a.token, '/api/me', { email: a.email.toUpperCase(), fullName: 'Same Mail' })).statusCode).toBe(200);
  });

  it('changes the e-mail only with the current password, and tells the old address', async () => {
    const a = await signUp(t);
    const next = `moved.${a.username}@example.com`;
    const missing = await patch(a.token, '/api/me', { email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.currentPassword' }] });
    const wrong = await patch(a.token, '/api/me', { email: next, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', fields: [{ path: 'body.currentPassword' }] });
    expect((await me(a.token)).json().email).toBe(a.email);

    const ok = await patch(a.token, '/api/me', { email: next, currentPassword: a.password, nickname: 'Moved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: next, nickname: 'Moved' });
    expect(ok.body).not.toContain('currentPassword');
    const notices = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.email))).filter((m) => m.template === 'email_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain(next);
    expect(notices[0]!.htmlBody).toContain('/help/contact');
    // Other fields never need the password.
    expect((await patch(a.token, '/api/me', { city: 'Chengdu' })).statusCode).toBe(200);
  });

  it('stores SQL and script payloads in every text field verbatim', async () => {
    const a = await signUp(t);
    const evil = `'; DELETE FROM users; -- <img src=x onerror=alert(1)><script>alert(1)</script>`;
    const res = await patch(a.token, '/api/me', { fullName: evil, nickname: evil.slice(0, 50), city: evil, bio: evil });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ fullName: evil, nickname: evil.slice(0, 50), city: evil, bio: evil });
    expect((await me(a.token)).json().bio).toBe(evil);
    expect((await t.database.db.select().from(users)).length).toBeGreaterThan(1);
  });
});

describe('PATCH /api/me/role', () => {
  it('refuses the guide view to a plain traveler', async () => {
    const a = await signUp(t);
    const res = await patch(a.token, '/api/me/role', { role: 'guide' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await me(a.token)).json().role).toBe('traveler');
  });

  it('accepts only traveler or guide', async () => {
    const a = await signUp(t);
    for (const role of ['admin', 'GUIDE', '', null]) expect((await patch(a.token, '/api/me/role', { role })).statusCode).toBe(400);
  });

  it('lets a guide switch to the guide view and back', async () => {
    const g = await signUp(t);
    await t.database.db.update(users).set({ isGuide: true }).where(eq(users.id, g.id));
    const toGuide = await patch(g.token, '/api/me/role', { role: 'guide' });
    expect(toGuide.statusCode).toBe(200);
    expect(toGuide.json()).toMatchObject({ role: 'guide', isGuide: true, guideStatus: { shouldShowRoleSwitch: true, shouldShowBecomeGuideButton: false } });
    const back = await patch(g.token, '/api/me/role', { role: 'traveler' });
    expect(back.json().role).toBe('traveler');
  });
});

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
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 2844/100' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="35,39.494N"/></rdf:RDF></x:xmpmeta>')
      .toBuffer();
    // The input really carries all of it: the EXIF GPS IFD pointer (tag 0x8825), the camera, the XMP position.
    const before = await sharp(photo).metadata();
    expect(before.exif && (before.exif.includes(Buffer.from([0x88, 0x25])) || before.exif.includes(Buffer.from([0x25, 0x88])))).toBe(true);
    expect(before.orientation).toBe(6);
    expect(photo.includes('TabiCam')).toBe(true);
    expect(photo.includes('35,39.494N')).toBe(true);

    for (const [route, column] of [['/api/me/avatar', 'profilePicture'], ['/api/me/background-image', 'backgroundImage']] as const) {
      const res = await upload(a.token, route, photo, 'IMG_0001.jpg', 'image/jpeg');
      expect(res.statusCode, route).toBe(200);
      const { bytes, meta } = await served(res.json()[column]);
      expect(meta.format).toBe('webp');
      expect(meta.exif, route).toBeUndefined();
      expect(meta.xmp, route).toBeUndefined();
      expect(meta.iptc, route).toBeUndefined();
      expect(bytes.includes('TabiCam') || bytes.includes('HomeSweetHome') || bytes.includes('35,39.494N') || bytes.includes('Exif')).toBe(false);
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
    const frames = await Promise.all(['#dc2626', '#16a34a', '#2563eb'].map((background) => sharp({ create: { width: 16, height: 16, channels: 4, background } }).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const res = await upload(a.token, '/api/me/avatar', animated, 'spin.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const { meta } = await served(res.json().profilePicture);
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', 16, 16, 1]);
  });

  it.each([
    ['a PNG with HTML after IEND', () => Buffer.concat([PNG, Buffer.from('<html><script>alert("tabi-polyglot")</script></html>')])],
    ['a GIF with JavaScript after its trailer', () => Buffer.concat([GIF, Buffer.from('\n;alert("tabi-polyglot");//')])],
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
    ['a JPEG start followed by garbage', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)])],
    ['a WEBP header with no picture', () => Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(32, 0)])],
  ])('refuses %s with 400 invalid_file_type', async (_name, bytes) => {
    const a = await signUp(t);
    const res = await upload(a.token, '/api/me/avatar', bytes());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file_type');
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });

  it('refuses a tiny file that claims a gigantic canvas (decompression bomb) with 400', async () => {
    const a = await signUp(t);
    // A 65-byte PNG claiming 50000 × 50000 pixels (2.5 gigapixels): signature, IHDR, an IDAT holding an empty zlib stream, IEND.
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
    const bomb = Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from('789c030000000001', 'hex')), chunk('IEND', Buffer.alloc(0))]);
    expect(bomb.length).toBe(65);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const res = await upload(a.token, '/api/me/avatar', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body.file' }] });
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });

  it('judges the type by content, not by name: a script named .png is refused', async () => {
    const a = await signUp(t);
    const res = await upload(a.token, '/api/me/avatar', Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file_type');
    const pdf = await upload(a.token, '/api/me/avatar', Buffer.from('%PDF-1.7 hello'), 'doc.pdf', 'application/pdf');
    expect(pdf.json().code).toBe('invalid_file_type');
    const svg = await upload(a.token, '/api/me/avatar', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'), 'a.svg', 'image/svg+xml');
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

  describe('a malformed multipart body is a 400 with a stable code, never a 500', () => {
    const good = () => multipart(PNG);
    const boundaryOf = (headers: { 'content-type': string }) => headers['content-type'].split('boundary=')[1]!;
    const cases: [string, () => { payload: Buffer; headers: Record<string, string> }][] = [
      ['no boundary in the Content-Type', () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data' } })],
      ['an empty boundary', () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data; boundary=' } })],
      ['a body cut short inside the file', () => {
        const m = good();
        return { payload: m.payload.subarray(0, m.payload.length - 40), headers: m.headers };
      }],
      ['a body cut short inside the part headers', () => {
        const m = good();
        return { payload: m.payload.subarray(0, 60), headers: m.headers };
      }],
      ['a boundary that never appears in the body', () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data; boundary=not-the-one-used' } })],
      ['an empty body', () => ({ payload: Buffer.alloc(0), headers: good().headers })],
      ['a closing boundary only', () => {
        const m = good();
        return { payload: Buffer.from(`--${boundaryOf(m.headers)}--\r\n`), headers: m.headers };
      }],
    ];
    for (const route of ['/api/me/avatar', '/api/me/background-image']) {
      it.each(cases)(`${route}: %s`, async (_name, make) => {
        const a = await signUp(t);
        const { payload, headers } = make();
        const res = await t.app.inject({ method: 'POST', url: route, payload, headers: { ...headers, ...bearer(a.token) }, remoteAddress: nextAddress() });
        expect(res.statusCode, res.body).toBe(400);
        expect(['bad_request', 'validation_failed']).toContain(res.json().code);
        expect(res.json().requestId).toBeTruthy();
        const user = (await me(a.token)).json();
        expect([user.profilePicture, user.backgroundImage]).toEqual([null, null]);
      });
    }

    it('a connection that stops sending mid-upload ("Premature close") is the client\'s fault, not a 500', async () => {
      const a = await signUp(t);
      const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      // The test app logs nowhere; its request loggers are app.log itself, so spying on it sees what the route reports.
      const errorLog = vi.spyOn(t.app.log, 'error');
      const infoLog = vi.spyOn(t.app.log, 'info');
      try {
        const m = good();
        // Promises 4 KB more than it sends, then closes its sending side: the server sees the body end early.
        const head = `POST /api/me/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${a.token}\r\nContent-Type: ${m.headers['content-type']}\r\nContent-Length: ${m.payload.length + 4096}\r\n\r\n`;
        const reply = await new Promise<string>((resolve, reject) => {
          const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
          socket.end(Buffer.concat([Buffer.from(head), m.payload.subarray(0, m.payload.length - 30)]));
        });
        // Node itself answers an incomplete request with 400 (Fastify's clientErrorHandler) ...
        expect(reply).toMatch(/^HTTP\/1\.1 400 /);
        // ... and the route, which sees "Premature close" while reading the file, must not turn it into a 500.
        // (Whether the parser had started when the connection closed depends on how fast the session check was.)
        const reported = () => [...errorLog.mock.calls, ...infoLog.mock.calls].some((call) => /multipart|unhandled/.test(String(call[1])));
        await vi.waitFor(() => expect(reported(), JSON.stringify([errorLog.mock.calls.map((c) => c[1]), infoLog.mock.calls.map((c) => c[1])])).toBe(true), { timeout: 5000 });
        expect(errorLog).not.toHaveBeenCalled();
        expect(infoLog).toHaveBeenCalledWith({ err: expect.any(Error) }, 'malformed multipart upload');
      } finally {
        errorLog.mockRestore();
        infoLog.mockRestore();
      }
      expect((await me(a.token)).json().profilePicture).toBeNull();
    });
  });

  it('refuses a JSON body and an upload without a token', async () => {
    const a = await signUp(t);
    const json = await t.app.inject({ method: 'POST', url: '/api/me/avatar', payload: { file: 'x' }, headers: bearer(a.token) });
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
    expect(bg.json()).toMatchObject({ profilePicture: second, backgroundImage: expect.stringMatching(/^\/uploads\/backgrounds\//) });
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: bearer(a.token) });
    expect(removed.json().profilePicture).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('never serves files outside the uploads folder', async () => {
    writeFileSync(path.join(dataDir, 'private.txt'), 'top-secret-content');
    mkdirSync(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    for (const url of ['/uploads/../private.txt', '/uploads/avatars/..%2F..%2Fprivate.txt', '/uploads/avatars/%2e%2e/%2e%2e/private.txt', '/uploads/avatars/nothing.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('top-secret-content');
    }
  });
});

describe('PUT /api/me/password', () => {
  it('needs the current password', async () => {
    const a = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/password', headers: bearer(a.token), payload: { currentPassword: 'wrong-one', newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2026!!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wrong_password');
  });

  it('checks the new password rules', async () => {
    const a = await signUp(t);
    const short = await t.app.inject({ method: 'PUT', url: '/api/me/password', headers: bearer(a.token), payload: { currentPassword: a.password, newPassword: 'short', confirmPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    const mismatch = await t.app.inject({ method: 'PUT', url: '/api/me/password', headers: bearer(a.token), payload: { currentPassword: a.password, newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2027!!' } });
    expect(mismatch.json().fields[0].path).toBe('body.confirmPassword');
  });

  it('ends every session and returns a fresh token for this device', async () => {
    const a = await signUp(t);
    const other = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: a.username, password: a.password }, remoteAddress: nextAddress() })).json().token;
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/password', headers: bearer(a.token), payload: { currentPassword: a.password, newPassword: 'Fuji2026!!', confirmPassword: 'Fuji2026!!' } });
    expect(res.statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: a.username, password: 'Fuji2026!!' }, remoteAddress: nextAddress() });
    expect(login.statusCode).toBe(200);
  });
});

describe('GET /api/me/export', () => {
  it('downloads the caller’s data as a JSON file, with no secrets and nothing of anyone else', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await patch(a.token, '/api/me', { bio: 'Ramen fan' });
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tabi-guides-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: a.id, username: a.username, email: a.email, bio: 'Ramen fan' });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(data.emails)).toBe(true);
    expect(res.body).not.toMatch(/scrypt|passwordHash|tokenHash|token_hash/);
    expect(res.body).not.toContain(b.username);
    expect(res.body).not.toContain(b.email);
  });
});

describe('DELETE /api/me', () => {
  it('needs the typed username and the password', async () => {
    const a = await signUp(t);
    const wrongName = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(a.token), payload: { password: a.password, confirmation: 'someone' } });
    expect(wrongName.statusCode).toBe(400);
    const wrongPw = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(a.token), payload: { password: 'not-it-at-all', confirmation: a.username } });
    expect(wrongPw.json().code).toBe('wrong_password');
    expect((await me(a.token)).statusCode).toBe(200);
  });

  it('anonymizes the account, removes its images and ends every session', async () => {
    const a = await signUp(t, { fullName: 'Real Name' });
    const avatar = (await upload(a.token, '/api/me/avatar', PNG)).json().profilePicture;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(a.token), payload: { password: a.password, confirmation: a.username.toUpperCase() } });
    expect(res.statusCode).toBe(204);
    expect((await me(a.token)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: a.username, password: a.password }, remoteAddress: nextAddress() });
    expect(login.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ fullName: 'Deleted user', profilePicture: null, bio: null, city: null, username: `deleted_${a.id}` });
    expect(row!.email).not.toContain(a.email);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, a.id));
    expect(live.every((s) => s.revokedAt && s.ip === null)).toBe(true);
    // The name and address are free again.
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/check-username?username=${a.username}` })).json().available).toBe(true);
  });
});
