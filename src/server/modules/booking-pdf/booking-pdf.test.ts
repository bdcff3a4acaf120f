import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money-format';
import type { Booking } from '../../../shared/schemas/bookings';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person, type Person } from '../bookings/test-helpers';
import { renderBookingPdf } from './render';
import { pdfPages } from '../../test/pdf-runs';

let t: TestApp;
let traveler: Person;
let stranger: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let bookingId: number;
let booking: Booking;
const date = daysAhead(20);

const getPdf = (url: string, who?: Person, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(who ? auth(who.token) : {}), ...headers } });

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4, city: 'kyoto', name: '佐藤由衣 Sato Yui' });
  const res = await book(t, traveler, {
    guideId: guide.guideId,
    date,
    startTime: '10:00',
    durationHours: 2,
    travelers: 2,
    meetingAddress: '京都市东山区清水1丁目294 清水寺仁王门前',
    meetingPostalCode: '605-0862',
  });
  expect(res.statusCode).toBe(201);
  bookingId = res.json().id;
  expect((await pay(t, traveler, bookingId)).statusCode).toBe(201);
  booking = (await getPdfJson(`/api/v2/bookings/${bookingId}`)) as Booking;
});
afterAll(() => t.close());

async function getPdfJson(url: string) {
  const res = await getPdf(url, traveler);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/v2/bookings/{id}/pdf', () => {
  it('gives the traveler a one-page PDF in English whose text reads back: guide, Japan time, meeting point, money, policy', async () => {
    const res = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=en`, traveler);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Tabi-Guides-${booking.bookingNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfPages(body);
    expect(pages).toBe(1);
    expect(text).toContain('Booking confirmation');
    expect(text).toContain(booking.bookingNumber);
    expect(text).toContain('佐藤由衣 Sato Yui');
    expect(text).toContain('Kyoto');
    expect(text).toContain('10:00 – 12:00 (Japan time)');
    expect(text).toContain('京都市东山区清水1丁目294 清水寺仁王门前');
    expect(text).toContain('605-0862');
    expect(text).toContain(formatMoney(booking.totalPriceCents, booking.currency, 'en'));
    expect(text).toContain('Deposit paid online');
    expect(text).toContain(formatMoney(booking.depositCents, booking.currency, 'en'));
    expect(text).toContain('Still to pay your guide, 佐藤由衣 Sato Yui, in person');
    expect(text).toContain('On the day of the tour, ');
    expect(text).toContain(formatMoney(booking.balanceCents, booking.currency, 'en'));
    expect(text).toContain('Card ending 4242');
    expect(text).toContain('Cancellation policy');
    expect(text).toContain('More than 7 days before the start');
    expect(text).not.toContain('元');
    // Priced and paid in yuan: no rate to name (decision 164).
    expect(text).not.toContain('1 RMB =');
  });

  it('lists every day of a booking of several days (decision 154), in each language, on one page', async () => {
    const first = daysAhead(40);
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: first,
      days: 3,
      dayStartTime: '09:00',
      travelers: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const en = await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=en`, traveler)).rawPayload);
    expect(en.pages).toBe(1);
    for (const n of [1, 2, 3]) expect(en.text).toContain(`Day ${n} `);
    expect(en.text.match(/09:00 – 17:00 ?\(Japan time\)/g)?.length).toBe(4);
    // The length as days × each day's hours, the group on its own (decision 179).
    expect(en.text).toContain('3 days × 8 hours');
    expect(en.text).toContain('Guide · 3 days × 8 hours');
    expect(en.text).toContain('2 people');
    expect(en.text).not.toMatch(/24 h\b|× 2 people/);
    expect(
      (await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=zh-CN`, traveler)).rawPayload)).text,
    ).toContain('第 3 天');
    expect((await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=ja`, traveler)).rawPayload)).text).toContain(
      '3日目',
    );
  });

  it('reads back in Chinese for the guide: 地陪, 日本时间, 元, the policy', async () => {
    const res = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=zh-CN`, guide);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfPages(res.rawPayload);
    expect(text).toContain('预订确认单');
    expect(text).toContain('地陪');
    expect(text).toContain('佐藤由衣 Sato Yui');
    expect(text).toContain('京都');
    expect(text).toContain('10:00 – 12:00（日本时间）');
    const [y, m, d] = date.split('-').map(Number);
    expect(text).toContain(`${y}年${m}月${d}日`);
    expect(text).toContain('已在线支付定金');
    expect(text).toContain(formatMoney(booking.depositCents, booking.currency, 'zh-CN'));
    expect(text).toContain('还需当面支付给地陪（佐藤由衣 Sato Yui）');
    expect(text).toContain(formatMoney(booking.balanceCents, booking.currency, 'zh-CN'));
    expect(text).toContain('取消政策');
    expect(text).toContain('有证明的紧急情况');
    expect(text).not.toContain('RMB');
  });

  it('reads back in Japanese: kana and kanji from the embedded font, 日本時間, the date with its weekday, 元, the policy', async () => {
    const res = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=ja`, traveler);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfPages(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('予約確認書');
    expect(text).toContain('予約番号');
    expect(text).toContain('ガイド');
    expect(text).toContain('旅行者');
    expect(text).toContain('佐藤由衣 Sato Yui');
    expect(text).toContain('京都');
    expect(text).toContain('10:00〜12:00（日本時間）');
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const weekday = new Intl.DateTimeFormat('ja-JP', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    expect(text).toContain(`${y}年${m}月${d}日(${weekday})`);
    expect(text).toContain('2時間');
    expect(text).toContain('2名');
    expect(text).toContain('予約金（オンラインでお支払い済み）');
    expect(text).toContain(formatMoney(booking.depositCents, booking.currency, 'ja'));
    expect(text).toContain('ガイド（佐藤由衣 Sato Yuiさん）へ直接お支払いいただく残金');
    expect(text).toContain('末尾4242のカード');
    expect(text).toContain('キャンセルポリシー');
    expect(text).toContain('証明できる緊急事態');
    expect(text).not.toContain('RMB');
    expect(text).not.toContain('地陪');
  });

  it('follows Accept-Language when no lang is given, and refuses an unknown lang', async () => {
    const ja = await getPdf(`/api/v2/bookings/${bookingId}/pdf`, traveler, {
      'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8',
    });
    expect((await pdfPages(ja.rawPayload)).text).toContain('予約確認書');
    const zh = await getPdf(`/api/v2/bookings/${bookingId}/pdf`, traveler, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect((await pdfPages(zh.rawPayload)).text).toContain('预订确认单');
    const en = await getPdf(`/api/v2/bookings/${bookingId}/pdf`, traveler);
    expect((await pdfPages(en.rawPayload)).text).toContain('Booking confirmation');
    for (const lang of ['fr', 'zh', 'EN', '']) {
      const bad = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=${lang}`, traveler);
      expect(bad.statusCode, lang).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
  });

  it('is only for the two parties and admins: strangers 404, visitors 401, unknown bookings 404', async () => {
    expect((await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=en`, admin)).statusCode).toBe(200);
    const strangers = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=en`, stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().code).toBe('not_found');
    const visitor = await getPdf(`/api/v2/bookings/${bookingId}/pdf?lang=en`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('unauthorized');
    expect((await getPdf(`/api/v2/bookings/99999999/pdf?lang=en`, traveler)).statusCode).toBe(404);
  });

  it('works with a signed link for five minutes, as a download too; a forged or stranger’s link does not', async () => {
    const link = await getPdf(`/api/v2/bookings/${bookingId}/pdf-link?lang=zh-CN`, traveler);
    expect(link.statusCode).toBe(200);
    const { url, downloadUrl, expiresAt } = link.json();
    expect(url).toMatch(new RegExp(`^/api/v2/bookings/${bookingId}/pdf\\?lang=zh-CN&uid=${traveler.id}&exp=\\d+&sig=`));
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);

    const inline = await getPdf(url);
    expect(inline.statusCode).toBe(200);
    expect((await pdfPages(inline.rawPayload)).text).toContain('预订确认单');
    const download = await getPdf(downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Tabi-Guides-${booking.bookingNumber}.pdf"`,
    );

    // The signature covers the booking, the party and the expiry.
    const forged = [
      url.replace(`/bookings/${bookingId}/`, `/bookings/${bookingId + 1}/`),
      url.replace(`uid=${traveler.id}`, `uid=${stranger.id}`),
      url.replace(/exp=(\d+)/, (_: string, exp: string) => `exp=${Number(exp) + 1000}`),
      url.replace(/sig=[^&]+/, 'sig=AAAA'),
    ];
    for (const f of forged) expect((await getPdf(f)).statusCode, f).toBe(401);

    // A stranger cannot get a link, and a visitor neither.
    expect((await getPdf(`/api/v2/bookings/${bookingId}/pdf-link?lang=en`, stranger)).statusCode).toBe(404);
    expect((await getPdf(`/api/v2/bookings/${bookingId}/pdf-link?lang=en`)).statusCode).toBe(401);
  });

  it('an admin’s link opens too (read as the traveler sees it)', async () => {
    const link = await getPdf(`/api/v2/bookings/${bookingId}/pdf-link?lang=en`, admin);
    expect(link.statusCode).toBe(200);
    expect((await getPdf(link.json().url)).statusCode).toBe(200);
  });
});

describe('after a reschedule (decision 079)', () => {
  it('shows the new date and time in both languages', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(24),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    const id = res.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(guide.token) }))
        .statusCode,
    ).toBe(200);
    const newDate = daysAhead(26);
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/reschedule`,
      headers: auth(guide.token),
      payload: { date: newDate, startTime: '13:30' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const pid = proposed.json().reschedule.id as number;
    // Read once before the move: the PDF must not be served from the cache afterwards.
    expect((await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=en`, traveler)).rawPayload)).text).toContain(
      '10:00 – 12:00 (Japan time)',
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/bookings/${id}/reschedule/${pid}/accept`,
          headers: auth(traveler.token),
        })
      ).statusCode,
    ).toBe(200);
    const en = (await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=en`, traveler)).rawPayload)).text;
    expect(en).toContain('13:30 – 15:30 (Japan time)');
    expect(en).not.toContain('10:00 – 12:00');
    const zh = (await pdfPages((await getPdf(`/api/v2/bookings/${id}/pdf?lang=zh-CN`, guide)).rawPayload)).text;
    const [y, m, d] = newDate.split('-').map(Number);
    expect(zh).toContain(`${y}年${m}月${d}日`);
    expect(zh).toContain('13:30 – 15:30（日本时间）');
  });
});

describe('the money lines', () => {
  it('a cancelled booking shows the refund and nothing to pay in person; extensions paid online are listed', async () => {
    const deposit = booking.payments.find((p) => p.kind === 'deposit')!;
    const cancelled: Booking = {
      ...booking,
      status: 'cancelled',
      payments: [{ ...deposit, status: 'partially_refunded', refundedCents: 5000 }],
    };
    const en = (await pdfPages(await renderBookingPdf(cancelled, 'en'))).text;
    expect(en).toContain('Cancelled');
    expect(en).toContain('Refunded');
    expect(en).toContain('−50 RMB');
    expect(en).toContain('Nothing to pay in person');
    expect(en).not.toContain('Still to pay your guide');

    const extended: Booking = {
      ...booking,
      status: 'ongoing',
      extensionCount: 1,
      payments: [
        ...booking.payments,
        { ...deposit, id: deposit.id + 1000, kind: 'extension', method: 'alipay', amountCents: 16550, last4: null },
      ],
    };
    const zh = (await pdfPages(await renderBookingPdf(extended, 'zh-CN'))).text;
    expect(zh).toContain('进行中');
    expect(zh).toContain('已在线支付延时费');
    expect(zh).toContain('165.50 元');
    expect(zh).toContain('支付宝');
    expect(zh).toContain(formatMoney(booking.balanceCents, booking.currency, 'zh-CN'));
  });
});

/** The web links of the first page (pdfkit writes them as link annotations). */
async function pdfLinks(data: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const annotations = (await (await doc.getPage(1)).getAnnotations()) as { url?: string }[];
  await doc.destroy();
  return annotations.flatMap((a) => (a.url ? [a.url] : []));
}

describe('the meeting point on a map', () => {
  it('a place chosen from the list keeps its coordinates, and the PDF links to them in both languages', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(22),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
      meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
      meetingPostalCode: '6008216',
      meetingLat: 34.9858,
      meetingLng: 135.7588,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ meetingPostalCode: '600-8216', meetingLat: 34.9858, meetingLng: 135.7588 });
    const picked = (await getPdfJson(`/api/v2/bookings/${res.json().id}`)) as Booking;
    expect([picked.meetingLat, picked.meetingLng]).toEqual([34.9858, 135.7588]);
    const pdf = await renderBookingPdf(picked, 'zh-CN');
    expect((await pdfPages(pdf)).text).toContain('京都站 · 京都府京都市下京区東塩小路町');
    // Decision 103: a Chinese reader's PDF links to Amap (Google Maps does not load in mainland China).
    expect((await pdfPages(pdf)).text).toContain('在高德地图中打开');
    expect(await pdfLinks(pdf)).toContain(
      'https://uri.amap.com/marker?position=135.7588,34.9858&name=%E4%BA%AC%E9%83%BD%E7%AB%99&src=tabi-guides&coordinate=wgs84&callnative=1',
    );
    const en = await renderBookingPdf(picked, 'en');
    expect((await pdfPages(en)).text).toContain('Open in Google Maps');
    expect(await pdfLinks(en)).toContain('https://www.google.com/maps/search/?api=1&query=34.9858,135.7588');
  });

  it('a typed address has no coordinates: the link searches its postal code and address', async () => {
    expect([booking.meetingLat, booking.meetingLng]).toEqual([null, null]);
    const links = await pdfLinks(await renderBookingPdf(booking, 'en'));
    expect(links).toContain(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('〒605-0862 京都市东山区清水1丁目294 清水寺仁王门前')}`,
    );
  });

  it('refuses coordinates outside Japan', async () => {
    const res = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(23),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
      meetingAddress: 'x',
      meetingLat: 48.85,
      meetingLng: 2.35,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('booking PDF size and speed', () => {
  it('renders one booking in each language in well under a second each, small (subset fonts)', async () => {
    await renderBookingPdf(booking, 'en'); // the fonts load once, on the first PDF
    for (const lang of ['en', 'zh-CN', 'ja'] as const) {
      const started = performance.now();
      const pdf = await renderBookingPdf(booking, lang);
      const ms = performance.now() - started;
      console.log(`booking PDF ${lang}: ${(pdf.length / 1024).toFixed(1)} KB in ${ms.toFixed(0)} ms`);
      expect(pdf.length).toBeLessThan(80 * 1024);
      expect(ms).toBeLessThan(3000);
    }
  });
});
