import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentProofs, payments, systemMessages, users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { PROOF_UPLOAD_LIMIT } from './payment-proofs.routes';
import { FILE_URL_TTL_MS } from './payment-proofs.service';

let t: TestApp;
let traveler: Person;
let stranger: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
let PNG: Buffer;
let day = 3;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  otherGuide = await guidePerson(t);
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/**
 * A booking of `traveler` with `guide`, paid and accepted through the API, then moved to `status` (the tour under way).
 */
async function bookingIn(status: 'ongoing' | 'completed' | 'upcoming' = 'ongoing'): Promise<number> {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(day++));
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${id}/accept`,
    headers: auth(guide.token),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  if (status !== 'upcoming') await t.database.db.update(bookings).set({ status }).where(eq(bookings.id, id));
  return id;
}

function multipart(data: Buffer, filename = 'receipt.png', contentType = 'image/png') {
  const boundary = '----tabi' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: Person | undefined, id: number, data: Buffer, filename?: string, type?: string) => {
  const m = multipart(data, filename, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${id}/payment-proof`,
    payload: m.payload,
    headers: { ...m.headers, ...(who ? auth(who.token) : {}) },
    remoteAddress: nextAddress(),
  });
};
const status = (who: Person | undefined, id: number) =>
  t.app.inject({ url: `/api/v2/bookings/${id}/payment-proof`, headers: who ? auth(who.token) : {} });
const verify = (who: Person | undefined, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/bookings/${id}/payment-proof/verify`,
    headers: who ? auth(who.token) : {},
  });
const fetchUrl = (url: string, who?: Person) => t.app.inject({ url, headers: who ? auth(who.token) : {} });

describe('upload: types by content', () => {
  it('stores a PNG re-encoded as WebP, marks the final payment as proof uploaded, and shows it as awaiting the guide', async () => {
    const id = await bookingIn();
    const res = await upload(traveler, id, PNG, 'receipt.png');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      bookingId: id,
      viewer: 'traveler',
      status: 'uploaded',
      canUpload: true,
      canVerify: false,
      proof: { contentType: 'image/webp', fileName: 'receipt.png' },
    });
    expect(body.amountCents).toBeGreaterThan(0);
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.kind, 'final_payment')));
    expect(p).toMatchObject({
      method: 'cash',
      provider: 'in_person',
      status: 'pending',
      proofUploadedByTraveler: true,
      verifiedByGuide: false,
      amountCents: body.amountCents,
    });
    // The booking view (payments) carries the same flags, so trip cards show the yellow badge.
    const booking = (await fetchUrl(`/api/v2/bookings/${id}`, traveler)).json();
    expect(booking.payments.find((x: { kind: string }) => x.kind === 'final_payment')).toMatchObject({
      proofUploadedByTraveler: true,
      verifiedByGuide: false,
    });

    const file = await fetchUrl(body.proof.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it('a PNG named .pdf and sent as application/pdf is taken as the image it is', async () => {
    const id = await bookingIn();
    const res = await upload(traveler, id, PNG, 'scan.pdf', 'application/pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().proof.contentType).toBe('image/webp');
  });

  it('a real PDF is stored as it is and served as an attachment that cannot run in the site', async () => {
    const id = await bookingIn();
    const res = await upload(traveler, id, PDF, 'receipt.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().proof.contentType).toBe('application/pdf');
    const file = await fetchUrl(res.json().proof.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="payment-proof-TG\d+\.pdf"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('a PNG carrying HTML and script (a polyglot) is re-encoded: none of the script is stored', async () => {
    const id = await bookingIn();
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(traveler, id, polyglot, 'x.html', 'text/html');
    expect(res.statusCode, res.body).toBe(201);
    const file = await fetchUrl(res.json().proof.fileUrl);
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png'],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'a.svg', 'image/svg+xml'],
    [
      'a PDF signature on HTML',
      Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'),
      'a.pdf',
      'application/pdf',
    ],
    [
      'a PNG header on garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
      'a.png',
      'image/png',
    ],
    ['a ZIP', Buffer.from('PK\u0003\u0004' + 'x'.repeat(40)), 'a.pdf', 'application/pdf'],
  ])('%s is 400 invalid_file_type with the documented message', async (_name, data, name, type) => {
    const id = await bookingIn();
    const res = await upload(traveler, id, data, name, type);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_file_type',
      message: 'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    });
    expect((await status(traveler, id)).json().status).toBe('none');
  });

  it('a PDF with JavaScript is refused, even with the name escaped', async () => {
    const id = await bookingIn();
    for (const action of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>',
      '/OpenAction << /S /Launch /F (calc.exe) >>',
    ]) {
      const pdf = Buffer.from(PDF.toString('latin1').replace('/Pages 2 0 R', `/Pages 2 0 R ${action}`), 'latin1');
      const res = await upload(traveler, id, pdf, 'r.pdf', 'application/pdf');
      expect(res.statusCode, action).toBe(400);
      expect(res.json().code).toBe('invalid_file_type');
    }
  });

  it('an empty file is 400 validation_failed; an 11 MB file is 413; JSON instead of a file is 415', async () => {
    const id = await bookingIn();
    const empty = await upload(traveler, id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation_failed');
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await upload(traveler, id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payment-proof`,
      headers: auth(traveler.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await status(traveler, id)).json().status).toBe('none');
  });
});

describe('states and replacing', () => {
  it('only once the tour has begun: an upcoming booking is 409; a completed one takes a proof', async () => {
    const upcoming = await bookingIn('upcoming');
    const res = await upload(traveler, upcoming, PNG);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_transition');
    expect((await status(traveler, upcoming)).json()).toMatchObject({ status: 'none', canUpload: false });
    const completed = await bookingIn('completed');
    expect((await upload(traveler, completed, PNG)).statusCode).toBe(201);
  });

  it('a new upload replaces the file until the guide verified it; the old file and its URL are gone; after verification it is 409', async () => {
    const id = await bookingIn();
    const first = (await upload(traveler, id, PNG)).json();
    const second = await upload(traveler, id, PDF, 'r.pdf', 'application/pdf');
    expect(second.statusCode).toBe(201);
    expect(second.json().proof.contentType).toBe('application/pdf');
    expect((await fetchUrl(first.proof.fileUrl)).statusCode).toBe(401);
    expect(await t.database.db.select().from(paymentProofs).where(eq(paymentProofs.bookingId, id))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, id), eq(payments.kind, 'final_payment'))),
    ).toHaveLength(1);

    expect((await verify(guide, id)).statusCode).toBe(200);
    const third = await upload(traveler, id, PNG);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('conflict');
  });
});

describe('verify', () => {
  it('only the guide verifies; the payment succeeds and both parties get a system message at each step', async () => {
    const id = await bookingIn();
    expect((await verify(guide, id)).json().code).toBe('conflict'); // nothing uploaded yet
    await upload(traveler, id, PNG);
    const asGuide = (await status(guide, id)).json();
    expect(asGuide).toMatchObject({ viewer: 'guide', status: 'uploaded', canUpload: false, canVerify: true });

    const byTraveler = await verify(traveler, id);
    expect(byTraveler.statusCode).toBe(403);
    expect(byTraveler.json().code).toBe('forbidden');
    for (const who of [stranger, otherGuide]) expect((await verify(who, id)).statusCode).toBe(404);
    expect((await verify(undefined, id)).statusCode).toBe(401);

    const res = await verify(guide, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'verified',
      canVerify: false,
      proof: { verifiedAt: expect.any(String) },
    });
    expect((await status(traveler, id)).json()).toMatchObject({ status: 'verified', canUpload: false });
    const [p] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.kind, 'final_payment')));
    expect(p).toMatchObject({ status: 'succeeded', verifiedByGuide: true });
    expect((await verify(guide, id)).statusCode).toBe(409);

    // The notices are outbox jobs run after the commit (decision 085): on PostgreSQL they may land a moment after the
    // reply.
    const proofNotices = async () =>
      (
        await t.database.db
          .select()
          .from(systemMessages)
          .where(and(eq(systemMessages.relatedEntityType, 'booking'), eq(systemMessages.relatedEntityId, id)))
      ).filter((m) => m.title.startsWith('Payment proof'));
    await expect.poll(async () => (await proofNotices()).length, { timeout: 10_000 }).toBe(4);
    const messages = await proofNotices();
    const titles = (userId: number) =>
      messages
        .filter((m) => m.userId === userId)
        .map((m) => m.title)
        .sort();
    expect(titles(traveler.id)).toEqual(['Payment proof uploaded', 'Payment proof verified']);
    expect(titles(guide.id)).toEqual(['Payment proof to check', 'Payment proof verified']);
    expect(messages).toHaveLength(4);
    expect(messages.every((m) => m.actionUrl === `/booking/${id}/payment-proof` && m.type === 'payment')).toBe(true);
  });
});

describe('in Japanese', () => {
  it('tells a traveler whose stored locale is ja in Japanese, and keeps every language for a later switch', async () => {
    const jaTraveler = await person(t);
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, jaTraveler.id));
    const id = await confirmedBooking(t, jaTraveler, guide.guideId, daysAhead(day++));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) }))
        .statusCode,
    ).toBe(200);
    await t.database.db.update(bookings).set({ status: 'ongoing' }).where(eq(bookings.id, id));
    expect((await upload(jaTraveler, id, PNG)).statusCode).toBe(201);
    const mine = async () =>
      (
        await t.database.db
          .select()
          .from(systemMessages)
          .where(and(eq(systemMessages.userId, jaTraveler.id), eq(systemMessages.relatedEntityId, id)))
      ).filter((m) => m.type === 'payment');
    await expect
      .poll(async () => (await mine()).map((m) => m.title), { timeout: 10_000 })
      .toContain('支払い証明をアップロードしました');
    const m = (await mine()).find((x) => x.title === '支払い証明をアップロードしました');
    expect(m!.message).toMatch(/^予約（TG\d+）の当日現地払いの支払い証明をアップロードしました。/);
    expect(m!.texts).toMatchObject({
      en: { title: 'Payment proof uploaded' },
      'zh-CN': { title: '付款凭证已上传' },
      ja: { title: '支払い証明をアップロードしました' },
    });
  });
});

describe('authorization and the private file', () => {
  it('a stranger gets 404 everywhere, a visitor 401, the guide may not upload, an admin may read', async () => {
    const id = await bookingIn();
    const up = await upload(traveler, id, PNG);
    const fileUrl = `/api/v2/bookings/${id}/payment-proof/file`;
    for (const who of [stranger, otherGuide]) {
      expect((await status(who, id)).statusCode).toBe(404);
      expect((await upload(who, id, PNG)).statusCode).toBe(404);
      expect((await fetchUrl(fileUrl, who)).statusCode).toBe(404);
    }
    expect((await status(undefined, id)).statusCode).toBe(401);
    expect((await upload(undefined, id, PNG)).statusCode).toBe(401);
    expect((await fetchUrl(fileUrl)).statusCode).toBe(401);
    const byGuide = await upload(guide, id, PNG);
    expect(byGuide.statusCode).toBe(403);
    expect((await status(admin, id)).json()).toMatchObject({ viewer: 'admin', canUpload: false, canVerify: false });
    for (const who of [traveler, guide, admin]) expect((await fetchUrl(fileUrl, who)).statusCode).toBe(200);
    expect((await status(stranger, 999_999)).statusCode).toBe(404);
    expect(up.statusCode).toBe(201);
  });

  it('the file is never at a public path, and a signed URL only works unaltered and before it expires', async () => {
    const id = await bookingIn();
    const body = (await upload(traveler, id, PNG)).json();
    const [row] = await t.database.db.select().from(paymentProofs).where(eq(paymentProofs.bookingId, id));
    expect(row!.storageKey).toMatch(/^private-payment-proofs\/[A-Za-z0-9_-]+\.webp$/);
    expect((await fetchUrl(`/uploads/${row!.storageKey}`)).statusCode).toBe(404);
    expect(JSON.stringify(body)).not.toContain(row!.storageKey);

    const url = new URL(body.proof.fileUrl, 'http://x');
    expect(Number(url.searchParams.get('exp')) - Date.now()).toBeLessThanOrEqual(FILE_URL_TTL_MS);
    expect((await fetchUrl(url.pathname + url.search)).statusCode).toBe(200);
    const tampered = new URL(url);
    tampered.searchParams.set(
      'sig',
      url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect((await fetchUrl(tampered.pathname + tampered.search)).statusCode).toBe(401);
    const later = new URL(url);
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 60_000));
    expect((await fetchUrl(later.pathname + later.search)).statusCode).toBe(401);
    const expired = Date.now() - 1000;
    expect((await fetchUrl(`${url.pathname}?exp=${expired}&sig=${url.searchParams.get('sig')}`)).statusCode).toBe(401);
    // Another booking's URL path with this signature: the signature is bound to the proof.
    const other = await bookingIn();
    await upload(traveler, other, PNG);
    expect((await fetchUrl(`/api/v2/bookings/${other}/payment-proof/file${url.search}`)).statusCode).toBe(401);
  });

  it(`uploads are rate-limited per client (${PROOF_UPLOAD_LIMIT} in 10 minutes)`, async () => {
    const id = await bookingIn();
    const m = multipart(PNG);
    const codes: number[] = [];
    for (let i = 0; i <= PROOF_UPLOAD_LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/bookings/${id}/payment-proof`,
        payload: m.payload,
        headers: { ...m.headers, ...auth(traveler.token) },
        remoteAddress: '10.99.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, PROOF_UPLOAD_LIMIT).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
