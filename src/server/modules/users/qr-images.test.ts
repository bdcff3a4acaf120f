import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { imagesSuite, multipart } from './test-helpers';

/**
 * Decision 205: a picture others see (avatar, background) holding a QR code — how a WeChat or LINE contact is
 * usually passed — is refused, said in the uploader's language; a photo without one is stored.
 */
const suite = imagesSuite();
let t: TestApp;
beforeAll(() => {
  ({ t } = suite.fixture);
});

const upload = (token: string, url: string, data: Buffer) => {
  const m = multipart(data, 'photo.png', 'image/png');
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...bearer(token) },
    remoteAddress: nextAddress(),
  });
};

/** A photo-like picture: sky over ground with soft grain, no code in it. */
const photo = async (width: number, height: number) => {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(6)
    .png()
    .toBuffer();
  const ground = await sharp({ create: { width, height: height / 2, channels: 3, background: '#4f6b3a' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#9ec3e6' } })
    .composite([
      { input: ground, top: height / 2, left: 0 },
      { input: grain, blend: 'soft-light' },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
};
const qr = (text: string, width: number) => QRCode.toBuffer(text, { width, margin: 2 });

describe('QR codes in public pictures (decision 205)', () => {
  it('refuses an avatar that is a WeChat QR code, in the uploader’s language, and keeps the old picture', async () => {
    const a = await signUp(t);
    await t.database.db.update(users).set({ locale: 'zh-CN' }).where(eq(users.id, a.id));
    const before = (await suite.me(a.token)).json().profilePicture;
    const res = await upload(a.token, '/api/me/avatar', await qr('https://u.wechat.com/kJx7_example', 400));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'qr_code_not_allowed', fields: [{ path: 'body.file' }] });
    expect(res.json().message).toContain('这张图片中含有二维码');
    expect((await suite.me(a.token)).json().profilePicture).toBe(before);
  });

  it('refuses a background photo with a small QR code in a corner, in English for an English account', async () => {
    const a = await signUp(t);
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, a.id));
    const picture = await sharp(await photo(1600, 1000))
      .composite([{ input: await qr('https://line.me/ti/p/abc123', 260), top: 700, left: 1300 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const res = await upload(a.token, '/api/me/background-image', picture);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('qr_code_not_allowed');
    expect(res.json().message).toMatch(/^This picture holds a QR code/);
  });

  it('stores a plain photo as avatar and background', async () => {
    const a = await signUp(t);
    const plain = await photo(1200, 800);
    const avatar = await upload(a.token, '/api/me/avatar', plain);
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect(avatar.json().profilePicture).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const background = await upload(a.token, '/api/me/background-image', plain);
    expect(background.statusCode, background.body).toBe(200);
  });
});
