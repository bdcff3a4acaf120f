import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money-format';
import { users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { bookingIn } from '../reviews/test-helpers';
import { disputeTexts } from './texts';

let t: TestApp;
let traveler: Person;
let stranger: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
});
afterAll(() => t.close());

let day = 40;
const nextDay = () => daysAhead(day++);
const open = (who: Person | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/disputes', headers: who ? auth(who.token) : {}, payload });
const status = async (id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json().status;
const ledger = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();

function upload(who: Person, disputeId: number, data: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = '----tabi-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/disputes/${disputeId}/evidence`,
    headers: { ...auth(who.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('opening a dispute', () => {
  it('works on an ongoing tour for either side, marks the booking disputed and tells both', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'ongoing');
    expect((await open(undefined, { bookingId: id, reason: 'x' })).statusCode).toBe(401);
    expect((await open(stranger, { bookingId: id, reason: 'The guide never came' })).statusCode).toBe(404);
    const empty = await open(traveler, { bookingId: id, reason: '   ' });
    expect(empty.statusCode).toBe(400);
    const res = await open(traveler, { bookingId: id, reason: '  The guide left after one hour  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      bookingId: id,
      openedSide: 'traveler',
      previousStatus: 'ongoing',
      reason: 'The guide left after one hour',
      status: 'open',
      bookingStatus: 'disputed',
    });
    expect(await status(id)).toBe('disputed');
    expect((await open(guide, { bookingId: id, reason: 'again' })).statusCode).toBe(409);
    await t.app.jobs.settled(); // the notices are written with the dispute and created after the commit (decision 085)
    for (const who of [traveler, guide]) {
      const inbox = (await t.app.inject({ url: '/api/v2/system-messages', headers: auth(who.token) })).json();
      expect(JSON.stringify(inbox)).toMatch(/dispute/i);
    }
    // The parties and admins read it; strangers do not.
    expect(
      (await t.app.inject({ url: `/api/v2/disputes/${res.json().id}`, headers: auth(guide.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v2/disputes/${res.json().id}`, headers: auth(admin.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v2/disputes/${res.json().id}`, headers: auth(stranger.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v2/disputes/bookings/${id}`, headers: auth(traveler.token) })).json().id,
    ).toBe(res.json().id);
  });

  it('is open for 7 days after completion, then closed; never before the tour', async () => {
    const recent = await bookingIn(t, traveler, guide, nextDay(), 'completed', new Date(Date.now() - 6 * DAY));
    const ok = await open(guide, { bookingId: recent, reason: 'The traveler did not pay the rest' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().openedSide).toBe('guide');
    const old = await bookingIn(t, traveler, guide, nextDay(), 'completed', new Date(Date.now() - 8 * DAY));
    const late = await open(traveler, { bookingId: old, reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().fields[0].message).toBe('dispute_window_closed');
    const confirmed = await confirmedBooking(t, traveler, guide.guideId, nextDay());
    expect((await open(traveler, { bookingId: confirmed, reason: 'Not yet' })).statusCode).toBe(409);
  });
});

describe('evidence', () => {
  it('takes images (re-encoded) and PDFs checked by content, private to the parties and admins', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'ongoing');
    const dispute = (await open(traveler, { bookingId: id, reason: 'Broken promise' })).json();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#d9472b' } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
      .toBuffer();
    const img = await upload(traveler, dispute.id, png, 'photo.png', 'image/png');
    expect(img.statusCode).toBe(201);
    const ev = img.json().evidence[0];
    expect(ev).toMatchObject({ contentType: 'image/webp', fileName: 'photo.webp' });
    const pdf = await upload(
      guide,
      dispute.id,
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      '../../receipt.pdf',
      'application/pdf',
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().evidence[1]).toMatchObject({ contentType: 'application/pdf', fileName: 'receipt.pdf' });

    const fake = await upload(
      traveler,
      dispute.id,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      'image/png',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      code: 'invalid_file_type',
      message: 'Invalid File Type: Please select a valid image (JPEG, PNG, GIF, WEBP) or PDF file.',
    });
    expect((await upload(stranger, dispute.id, png, 'p.png')).statusCode).toBe(404);

    const file = await t.app.inject({ url: ev.url, headers: auth(guide.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.includes(Buffer.from('secret'))).toBe(false);
    expect((await t.app.inject({ url: ev.url, headers: auth(admin.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: ev.url, headers: auth(stranger.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: ev.url })).statusCode).toBe(401);
  });
});

describe('resolution (admin)', () => {
  it('is admin-only; a cancellation refunds through the provider and the ledger still sums to zero', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'ongoing');
    const dispute = (await open(traveler, { bookingId: id, reason: 'No show' })).json();
    const url = `/api/admin/disputes/${dispute.id}/resolve`;
    expect((await t.app.inject({ method: 'POST', url, payload: { resolution: 'cancelled' } })).statusCode).toBe(401);
    for (const who of [traveler, guide, stranger]) {
      expect(
        (await t.app.inject({ method: 'POST', url, headers: auth(who.token), payload: { resolution: 'cancelled' } }))
          .statusCode,
      ).toBe(404);
    }
    // The admin's view: the dispute, its evidence, the ledger and both sides' messages; open disputes list it.
    const detail = await t.app.inject({
      url: `/api/admin/disputes/${dispute.id}`,
      headers: { ...auth(admin.token), 'accept-language': 'ja' },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      dispute: { id: dispute.id, reason: 'No show', bookingStatus: 'disputed' },
      ledger: { total: 0 },
    });
    // TRANSLATION_PROVIDER=none (the default): the statement as written and nothing beside it (decision 146).
    expect(Object.keys(detail.json().dispute).filter((k) => k.startsWith('reason'))).toEqual(['reason']);
    expect(Array.isArray(detail.json().messages)).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/admin/disputes/${dispute.id}`, headers: auth(traveler.token) })).statusCode,
    ).toBe(404);
    const openList = (await t.app.inject({ url: '/api/admin/disputes', headers: auth(admin.token) })).json().data;
    expect(openList.find((d: { id: number }) => d.id === dispute.id)).toMatchObject({
      bookingStatus: 'disputed',
      evidence: [],
    });
    const deposit = (await ledger(id)).entries.find(
      (e: { account: string; kind: string }) => e.account === 'platform' && e.kind === 'deposit',
    ).amountCents as number;
    const tooMuch = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(admin.token),
      payload: { resolution: 'cancelled', refundCents: deposit + 1 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(admin.token),
      payload: { resolution: 'cancelled', refundCents: deposit - 1000, note: 'Guide left early' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dispute).toMatchObject({
      status: 'resolved',
      resolution: 'cancelled',
      refundCents: deposit - 1000,
      bookingStatus: 'cancelled',
    });
    expect(body.ledger.total).toBe(0);
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.balance.traveler).toBe(-1000);
    expect(l.balance.platform + l.balance.guide).toBe(1000);
    expect(l.balance.platform).toBe(100); // 10% commission on what the guide keeps
    const booking = (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(traveler.token) })).json();
    expect(booking.status).toBe('cancelled');
    expect(booking.payments[0]).toMatchObject({ status: 'partially_refunded', refundedCents: deposit - 1000 });
    // Both sides are told the refund in the currency it goes back in, the yuan the deposit was paid in (decision 164).
    await t.app.jobs.settled();
    const told = (await t.app.inject({ url: '/api/v2/system-messages', headers: auth(traveler.token) })).json().data
      .messages as { title: string; message: string }[];
    expect(told.find((m) => m.title === 'Dispute resolved')?.message).toContain(
      `${formatMoney(deposit - 1000, 'CNY', 'en')} is refunded to the traveler.`,
    );
    expect(
      (await t.app.inject({ method: 'POST', url, headers: auth(admin.token), payload: { resolution: 'completed' } }))
        .statusCode,
    ).toBe(409);
  });

  it('resolves a completed tour’s dispute as completed with a partial refund; entries sum to zero', async () => {
    const id = await bookingIn(t, traveler, guide, nextDay(), 'completed', new Date(Date.now() - DAY));
    const dispute = (await open(traveler, { bookingId: id, reason: 'Shorter than booked' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${dispute.id}/resolve`,
      headers: auth(admin.token),
      payload: { resolution: 'completed', refundCents: 500 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute.bookingStatus).toBe('completed');
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(
      l.entries
        .filter((e: { kind: string }) => e.kind === 'dispute_refund')
        .map((e: { account: string; amountCents: number }) => [e.account, e.amountCents]),
    ).toContainEqual(['traveler', 500]);
    const open2 = (await t.app.inject({ url: '/api/admin/disputes', headers: auth(admin.token) })).json().data as {
      id: number;
    }[];
    expect(open2.map((d) => d.id)).not.toContain(dispute.id);
  });
});

describe('the resolution’s notice', () => {
  it('names the refund in the currency of the payments it returns to: yen paid by a yen card, yuan by a wallet', () => {
    const inYen = disputeTexts.resolved('TG0042', 'cancelled', 800, 'JPY');
    expect(inYen.en.message).toBe(
      'The dispute on booking TG0042 was resolved: the booking is cancelled. ¥800 (JPY) is refunded to the traveler.',
    );
    expect(inYen['zh-CN'].message).toBe('预订 TG0042 的争议已处理：预订已取消。800 日元将退还给旅行者。');
    expect(inYen.ja.message).toBe(
      '予約（TG0042）の申し立ては解決し、予約はキャンセルとなりました。旅行者に800円を返金します。',
    );
    expect(disputeTexts.resolved('TG0042', 'completed', 3_897, 'CNY').ja.message).toContain(
      '旅行者に38.97 元を返金します。',
    );
    expect(disputeTexts.resolved('TG0042', 'completed', 0, 'JPY').en.message).toBe(
      'The dispute on booking TG0042 was resolved: the booking is completed.',
    );
  });
});

describe('in Japanese', () => {
  it('tells a guide whose stored locale is ja of a dispute in Japanese', async () => {
    const jaGuide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
    await t.database.db.update(users).set({ locale: 'ja' }).where(eq(users.id, jaGuide.id));
    const id = await bookingIn(t, traveler, jaGuide, nextDay(), 'ongoing');
    expect((await open(traveler, { bookingId: id, reason: 'The guide left after one hour' })).statusCode).toBe(201);
    await t.app.jobs.settled(); // the notices are created after the commit (decision 085)
    const inbox = (await t.app.inject({ url: '/api/v2/system-messages', headers: auth(jaGuide.token) })).json().data
      .messages as { title: string; message: string }[];
    expect(inbox.find((m) => m.title === 'ご予約について申し立てがありました')?.message).toMatch(
      /^旅行者が予約（TG\d+）について申し立てを行いました。/,
    );
  });
});
