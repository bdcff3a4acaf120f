import { mkdirSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { convertMinor } from '../src/shared/currency';
import { formatBeside, formatMoney } from '../src/shared/money-format';
import { expect, signIn, test, pickDate } from './fixtures';
import { freeSlot } from './slots';

/**
 * Decision 078: the traveler sends a tour request, the guide answers with an offer in her yen
 * (decision 164: the demo guide prices in yen), the traveler books it with one tap from the chat
 * (nothing typed again), pays the deposit in yuan at the booking's rate, and the
 * trip is upcoming on both sides with the request and the offer marked booked. Then the guide
 * proposes a new time (item 2) and the traveler accepts it: both sides, the booking PDF and the
 * guide's iCal feed follow.
 * Once with a Chinese traveler on a phone and an English guide on a desktop, once the other way round.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/tabi-shots/offers';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function person(
  browser: Browser,
  username: string,
  locale: 'en' | 'zh-CN',
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const reply = await signIn(page, username, undefined, locale);
  return { context, page, token: reply.token as string, auth: { authorization: `Bearer ${reply.token}` } };
}

/** A PDF's text as a reader's copy would give it (the booking PDF carries ToUnicode maps). */
async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++)
    text += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('') + '\n';
  await doc.destroy();
  return text;
}

const cases = [
  {
    name: 'a Chinese traveler on a phone, an English guide on a desktop',
    traveler: { locale: 'zh-CN', viewport: PHONE },
    guide: { locale: 'en', viewport: DESKTOP },
  },
  {
    name: 'an English traveler on a desktop, a Chinese guide on a phone',
    traveler: { locale: 'en', viewport: DESKTOP },
    guide: { locale: 'zh-CN', viewport: PHONE },
  },
] as const;

for (const c of cases) {
  test(`${c.name}: request → offer → booked in one tap → upcoming on both sides → moved to a new time`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const tz = c.traveler.locale === 'zh-CN';
    const gz = c.guide.locale === 'zh-CN';
    const tTag = `${c.traveler.locale}-${c.traveler.viewport.width}`;
    const gTag = `${c.guide.locale}-${c.guide.viewport.width}`;
    const traveler = await person(browser, 'traveler', c.traveler.locale, c.traveler.viewport);
    const guide = await person(browser, 'guide', c.guide.locale, c.guide.viewport);
    const listing = (await (await guide.page.request.get('/api/guides/me', { headers: guide.auth })).json())
      .id as number;
    const conversation = (
      await (
        await traveler.page.request.post('/api/conversations', { headers: traveler.auth, data: { guideId: listing } })
      ).json()
    ).data.conversation.id as number;
    // The seeded offer sits about two weeks out; the demo traveler's seeded trips are left alone.
    const slot = await freeSlot(traveler.page.request, listing, { fromDay: 20 });
    const itinerary = `Yanaka Ginza, Nezu shrine (${tTag})`;

    // The traveler sends a tour request from the chat.
    const t = traveler.page;
    await t.goto(`/messages?c=${conversation}`);
    await t.getByRole('button', { name: tz ? '发起行程请求' : 'Request a tour' }).click();
    const form = t.getByTestId('tour-request-form');
    await pickDate(form.locator('[role=group]:has(input[name=date])'), slot.date);
    await form.locator('[name=startTime]').fill(slot.startTime);
    await form.locator('[name=durationHours]').fill('2');
    await form.locator('[name=travelers]').fill('2');
    await form.locator('[name=itinerary]').fill(itinerary);
    // The meeting-point picker. In Chinese on a phone, typing 京都站 offers Kyoto Station,
    // and choosing it with the keyboard fills address and postal code; in English, a free address.
    const address = form.getByRole('combobox', { name: tz ? '集合地址' : 'Meeting address' });
    await address.pressSequentially(tz ? '京都站' : 'Kyoto');
    const option = form
      .getByRole('listbox', { name: tz ? '车站和景点' : 'Stations and sights' })
      .getByRole('option')
      .first();
    await expect(option).toContainText(tz ? '京都站' : 'Kyoto Station');
    await expect(option).toContainText('〒600-8216');
    await t.screenshot({ path: `${SHOTS}/tour-request-picker-${tTag}.png` });
    if (tz) {
      await address.press('ArrowDown');
      await address.press('Enter');
      await expect(address).toHaveValue('京都站 · 京都府京都市下京区東塩小路町');
      await expect(form.locator('[name=meetingPostalCode]')).toHaveValue('600-8216');
    } else {
      await address.press('Escape');
      await expect(option).toBeHidden();
      await address.fill('Nippori Station, west exit');
      await form.locator('[name=meetingPostalCode]').fill('1160013');
    }
    const postal = tz ? '600-8216' : '116-0013';
    const service = form.locator('[name=subcategoryId]');
    await expect(service).toBeEnabled();
    await service.selectOption({ index: 1 });
    await form.locator('[name=transport]').selectOption('nearby_city');
    await form.getByRole('button', { name: tz ? '发送请求' : 'Send request' }).click();
    await expect(form).toBeHidden();
    const request = t.getByTestId('tour-request-card').filter({ hasText: itinerary });
    await expect(request).toHaveAttribute('data-status', 'pending');

    // The guide answers it with an offer, prefilled from the request.
    const g = guide.page;
    await g.goto(`/messages?c=${conversation}`);
    const guideRequest = g.getByTestId('tour-request-card').filter({ hasText: itinerary });
    await guideRequest.getByRole('button', { name: gz ? '发送报价' : 'Make an offer' }).click();
    const offerForm = g.getByTestId('offer-form');
    await expect(offerForm.locator('[name=date]')).toHaveValue(slot.date);
    await expect(offerForm.locator('[name=itinerary]')).toHaveValue(itinerary);
    await expect(offerForm.locator('[name=meetingPostalCode]')).toHaveValue(postal);
    await expect(offerForm.getByTestId('offer-quote')).toContainText(gz ? '按费率计算' : 'Rate-based price');
    await expect(offerForm).toContainText(gz ? '随报价一并列出，现场支付' : 'paid on site, not online');
    await offerForm.locator('[name=fee]').fill('11000');
    await offerForm.getByRole('button', { name: gz ? '发送报价' : 'Send offer' }).click();
    await expect(offerForm).toBeHidden();
    const guideOffer = g.getByTestId('offer-card').filter({ hasText: itinerary });
    await expect(guideOffer).toHaveAttribute('data-status', 'open');
    await expect(guideRequest.getByTestId('tour-request-status')).toHaveText(gz ? '已发送报价' : 'Offer sent');
    await guideOffer.scrollIntoViewIfNeeded();
    await g.screenshot({ path: `${SHOTS}/guide-chat-offer-${gTag}.png` });

    // The traveler sees it at once, and books it with one tap.
    const offer = t.getByTestId('offer-card').filter({ hasText: itinerary });
    await expect(offer).toHaveAttribute('data-status', 'open');
    // The fee in the traveler's yuan at the rate the offer was priced at, the guide's yen beside it (decision 169).
    const offered = (await (await t.request.get('/api/v2/fx/rate')).json()).jpyPerCny as string;
    const fee = formatBeside(
      { minor: convertMinor(11_000, 'JPY', 'CNY', offered), currency: 'CNY' },
      { minor: 11_000, currency: 'JPY' },
      tz ? 'zh-CN' : 'en',
    );
    await expect(offer.getByTestId('offer-fee')).toHaveText(fee);
    await expect(offer.getByTestId('offer-extras')).toContainText(
      tz ? '14,000 日元（约 700 元）' : '¥14,000 (JPY, ≈ 700 RMB)',
    );
    await offer.scrollIntoViewIfNeeded();
    await t.screenshot({ path: `${SHOTS}/traveler-chat-offer-${tTag}.png` });
    await offer.getByRole('link', { name: tz ? '预订此报价' : 'Book this offer' }).click();
    await expect(t).toHaveURL(/\/checkout\?offer=\d+$/);
    const offerId = Number(new URL(t.url()).searchParams.get('offer'));

    // The checkout has everything from the offer; nothing about the tour is typed again.
    await expect(t.getByTestId('meeting-fixed')).toContainText(`〒${postal}`);
    // The place on a map: by its coordinates when chosen from the list, else by its address; a Chinese
    // reader's first map is Amap (decision 103), an English reader's Google Maps.
    await expect(t.getByTestId('meeting-fixed').getByTestId('meeting-map-link')).toHaveAttribute(
      'href',
      tz
        ? 'https://uri.amap.com/marker?position=135.7588,34.9858&name=%E4%BA%AC%E9%83%BD%E7%AB%99&src=tabi-guides&coordinate=wgs84&callnative=1'
        : /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=%E3%80%92116-0013/,
    );
    await expect(t.getByTestId('meeting-fixed')).toContainText(itinerary);
    await expect(t.getByTestId('offer-price-note')).toBeVisible();
    await expect(t.getByLabel(tz ? '集合地址' : 'Meeting address')).toHaveCount(0);
    // The deposit, a fifth of ¥11,000, charged in the yuan the traveler reads at the booking's rate.
    const { jpyPerCny } = await (await t.request.get('/api/v2/fx/rate')).json();
    const deposit = formatMoney(convertMinor(2_200, 'JPY', 'CNY', jpyPerCny), 'CNY', c.traveler.locale);
    const pay = t.getByRole('button', { name: tz ? `支付 ${deposit}` : `Pay ${deposit}`, exact: true });
    await expect(pay).toBeVisible();
    // The final confirmation beside Pay (decision 122): the offer's deposit now, and how long the offer is open.
    const review = t.getByRole('region', { name: tz ? '确认订单内容' : 'Review your booking' });
    await expect(review).toContainText(tz ? `现在在线支付${deposit}` : `Paid now, online${deposit}`);
    await expect(review.getByTestId('order-review-validity')).toContainText(
      tz ? /^此报价有效期至.+（日本时间）。$/ : /^This offer is open until .+ \(Japan time\)\.$/,
    );
    await t.screenshot({ path: `${SHOTS}/checkout-offer-${tTag}.png`, fullPage: true });
    if (tz) await t.getByRole('radio', { name: '银行卡' }).locator('..').click();
    await t.getByLabel(tz ? '卡号' : 'Card number').fill('4242 4242 4242 4242');
    await t.getByLabel(tz ? '有效期（MM/YY）' : 'Expiry (MM/YY)').pressSequentially('1230');
    await t.getByLabel('CVV').fill('123');
    await t.getByLabel(tz ? '持卡人姓名' : 'Name on card').fill('Li Wei');
    await pay.click();
    await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
    // The guide already said yes with the offer: the toast says the booking is confirmed, not that they will reply
    // (decision 104).
    await expect(t.locator('[data-sonner-toast]')).toContainText(
      tz
        ? '定金已支付，预订已确认：地陪已同意这份报价。'
        : 'Your deposit is paid and your booking is confirmed: your guide already agreed to this offer.',
    );
    const bookingId = Number(new URL(t.url()).searchParams.get('booking'));

    // Upcoming on both sides, with no second wait for the guide.
    const number = (await (await t.request.get(`/api/v2/offers/${offerId}`, { headers: traveler.auth })).json()).data
      .booking.bookingNumber as string;
    for (const who of [traveler, guide]) {
      const b = await (await who.page.request.get(`/api/v2/bookings/${bookingId}`, { headers: who.auth })).json();
      expect(b).toMatchObject({
        status: 'upcoming',
        offerId,
        currency: 'JPY',
        totalPriceCents: 11_000,
        depositCents: 2_200,
      });
    }
    await t.goto('/dashboard?tab=upcoming');
    await expect(t.getByRole('article').filter({ hasText: number })).toBeVisible();
    await expect(t.getByRole('article').filter({ hasText: number }).getByTestId('meeting-map-link')).toBeVisible();
    await g.goto('/guide-dashboard?tab=tours');
    await expect(g.getByRole('article').filter({ hasText: number }).first()).toBeVisible();

    // The request and the offer say what became of them, on both sides.
    for (const [p, zh] of [
      [t, tz],
      [g, gz],
    ] as const) {
      await p.goto(`/messages?c=${conversation}`);
      const booked = zh ? `已预订 ${number}` : `Booked ${number}`;
      await expect(
        p.getByTestId('tour-request-card').filter({ hasText: itinerary }).getByTestId('tour-request-status'),
      ).toHaveText(booked);
      await expect(p.getByTestId('offer-card').filter({ hasText: itinerary }).getByTestId('offer-status')).toHaveText(
        booked,
      );
    }
    await t.getByTestId('offer-card').filter({ hasText: itinerary }).scrollIntoViewIfNeeded();
    await t.screenshot({ path: `${SHOTS}/traveler-chat-booked-${tTag}.png` });

    // The guide proposes a new time from the dashboard (a later free day, same price).
    const later = await freeSlot(g.request, listing, {
      fromDay: Math.round((Date.parse(slot.date) - Date.now()) / 86_400_000) + 3,
    });
    await g.goto('/guide-dashboard?tab=tours');
    const guideCard = g.getByRole('article').filter({ hasText: number }).first();
    await guideCard.getByRole('button', { name: gz ? '提议新时间' : 'Propose a new time' }).click();
    const sheet = g.getByRole('dialog', { name: gz ? '提议新时间' : 'Propose a new time' });
    await pickDate(sheet.getByRole('group', { name: gz ? '新日期' : 'New date' }), later.date);
    await sheet.locator(`input[type=radio][value="${later.startTime}"]`).check({ force: true });
    await sheet.getByRole('button', { name: gz ? '发送提议' : 'Send proposal' }).click();
    await expect(sheet).toBeHidden();
    await expect(guideCard).toContainText(gz ? '您已提议新时间' : 'You proposed a new time');

    // The traveler accepts it on the trip card; both sides now show the new time.
    await t.goto('/dashboard?tab=upcoming');
    const tripCard = t.getByRole('article').filter({ hasText: number });
    await expect(tripCard).toContainText(tz ? '提议更改时间' : 'proposes a new time');
    await tripCard.scrollIntoViewIfNeeded();
    await t.screenshot({ path: `${SHOTS}/traveler-trip-proposal-${tTag}.png` });
    await tripCard.getByRole('button', { name: tz ? '接受新时间' : 'Accept new time' }).click();
    await expect(tripCard).toContainText(tz ? '已从' : 'Moved from');
    for (const who of [traveler, guide]) {
      const b = await (await who.page.request.get(`/api/v2/bookings/${bookingId}`, { headers: who.auth })).json();
      expect(b).toMatchObject({
        status: 'upcoming',
        date: later.date,
        scheduledStartTime: later.startTime,
        totalPriceCents: 11_000,
      });
    }
    await g.goto('/guide-dashboard?tab=tours');
    await expect(g.getByRole('article').filter({ hasText: number }).first()).toContainText(gz ? '已从' : 'Moved from');
    // The traveler's booking PDF has the new date and start.
    const [y, m, d] = later.date.split('-').map(Number);
    const pdf = await pdfText(
      await (await t.request.get(`/api/v2/bookings/${bookingId}/pdf?lang=zh-CN`, { headers: traveler.auth })).body(),
    );
    expect(pdf).toContain(`${y}年${m}月${d}日`);
    expect(pdf).toContain(`${later.startTime} – `);
    // The guide's calendar feed has the tour at its new start.
    const feed = (await (await g.request.get('/api/v2/guides/me/calendar-url', { headers: guide.auth })).json())
      .url as string;
    const ics = await (await g.request.get(new URL(feed).pathname)).text();
    const startsAt = (await (await t.request.get(`/api/v2/bookings/${bookingId}`, { headers: traveler.auth })).json())
      .startsAt as string;
    expect(ics).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').replace(/\.000Z$/, 'Z')}`);
    await traveler.context.close();
    await guide.context.close();
  });
}
