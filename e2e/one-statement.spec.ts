import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { formatMoney, formatWithAbout } from '../src/shared/money-format';
import { pdfText } from '../src/server/test/pdf-runs';
import { fillCard } from './checkout';
import { expect, expectToast, signIn, signUpByApi, test, visibleToasts } from './fixtures';
import { approvedApplicant, auth, openAllWeek } from './guide-helpers';
import { freeSlot } from './slots';

/**
 * One statement of a booking's money (decision 193), read on every surface at 375 px: a family books a
 * guide of the spec's own, who prices in yen and confirms at once, for three days paid in yuan; adds an
 * adult on the trip card (the difference paid by card); then the trip card, the receipts (the page and
 * each PDF's text), the booking PDF's text and the cancellation dialog all name the same total, what was
 * paid online, what is paid in person and each day's share; the receipts no longer name the in-person
 * part the booking had before the change. The guide reads her card and her Japanese PDF in yen, each
 * day's plan on them; then the family cancels and what comes back is what the dialog promised.
 * SHOTS_DIR=… saves the trip card, the dialog and the guide's card.
 */
const SHOTS = process.env.SHOTS_DIR;
// An action that finds nothing to act on fails in seconds, not at the test's five minutes.
test.use({ actionTimeout: 15_000 });
const PHONE = { width: 375, height: 760 };
const PLANS = ['伏见稻荷大社，下午逛祇园', '奈良公园喂小鹿，参观东大寺', '岚山竹林和小火车'];
const KYOTO_STATION = {
  meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
  meetingLat: 34.9858,
  meetingLng: 135.7588,
};

interface Payment {
  id: number;
  kind: string;
  currency: 'CNY' | 'JPY';
  amountCents: number;
  refundedCents: number;
}
interface Booking {
  id: number;
  bookingNumber: string;
  status: string;
  currency: 'CNY' | 'JPY';
  chargeCurrency: 'CNY' | 'JPY';
  totalPriceCents: number;
  dueInPersonCents: number;
  dueInPersonChargeCents: number | null;
  dueInPersonOn: { day: number; date: string; cents: number; chargeCents: number | null }[];
  guideNetCents?: number;
  payments: Payment[];
  changeRequest?: { id: number } | null;
}

const get = async (request: APIRequestContext, url: string, token: string) => {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), url).toBe(200);
  return res;
};
const bookingOf = async (request: APIRequestContext, id: number, token: string): Promise<Booking> =>
  (await get(request, `/api/v2/bookings/${id}`, token)).json();
const pdfOf = async (request: APIRequestContext, url: string, token: string) =>
  pdfText(await (await get(request, url, token)).body());

/** What is paid in person as the card and the receipts write it: the guide's yen, the yuan beside. */
const inPersonText = (b: Booking, cents: number, charge: number | null, locale: 'zh-CN' | 'ja') =>
  formatWithAbout(
    { minor: cents, currency: b.currency },
    charge === null ? null : { minor: charge, currency: b.chargeCurrency },
    locale,
  );
async function shot(page: Page, name: string, at?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await expect(visibleToasts(page)).toHaveCount(0, { timeout: 15_000 });
  await at?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/one-statement-${name}-375.png` });
}

/** Her rates: yen, 4,000 an hour and 1,000 a person more, bookable at once or not (decision 153). */
async function setRates(request: APIRequestContext, token: string, instantBook: boolean) {
  const rates = await request.put('/api/v2/guides/me/rates', {
    headers: auth(token),
    data: {
      currency: 'JPY',
      basicPricePerHourCents: 4000,
      additionalPricePerPersonCents: 1000,
      minPeople: 1,
      maxPeople: 6,
      minDurationHours: 2,
      maxDurationHours: 8,
      childPriceRate: 0.5,
      instantBook,
      minNoticeHours: 24,
      services: [],
    },
  });
  expect(rates.status(), await rates.text()).toBe(200);
}

/** A guide of the spec's own: approved, open all week, pricing in yen, confirming bookings at once. */
async function yenInstantGuide(request: APIRequestContext) {
  const guide = await approvedApplicant(request, 'Haruka Mori');
  const listing = (await (await request.get('/api/guides/me', { headers: auth(guide.token) })).json()).id as number;
  await openAllWeek(request, guide.token);
  await setRates(request, guide.token, true);
  return { ...guide, listing };
}

/** One adult more from the trip card's change sheet, the difference paid by card (zh-CN). */
async function addAdult(page: Page, trip: Locator) {
  await trip.getByRole('button', { name: '更改行程' }).click();
  await page.getByRole('dialog', { name: '更改行程' }).getByRole('button', { name: '增加成人' }).click();
  await page
    .getByRole('dialog', { name: '更改行程' })
    .getByRole('button', { name: /^继续支付 / })
    .click();
  const paying = page.getByRole('dialog', { name: '支付行程更改费用' });
  await fillCard(paying, true, '4242424242424242');
  await paying.getByRole('button', { name: /^支付 / }).click();
  await expectToast(page, '更改费用已支付');
  await expect(paying).toBeHidden();
}

/**
 * The trip card's money in one language: the total, each payment online, what is left to hand her and
 * each day's share, all the booking reply's figures. Returns the in-person box.
 */
async function readTripCard(page: Page, b: Booking, locale: 'zh-CN' | 'ja') {
  await page.goto('/dashboard?tab=upcoming');
  const trip = page.getByRole('article').filter({ hasText: b.bookingNumber });
  await expect(trip.getByTestId('trip-price')).toContainText(formatMoney(b.totalPriceCents, b.currency, locale));
  const online = b.payments.map((p) => formatMoney(p.amountCents, p.currency, locale));
  await expect(trip.getByTestId('trip-paid')).toContainText(online[0]!);
  await expect(trip.getByTestId('trip-change-paid')).toContainText(online[1]!);
  const due = trip.getByTestId('trip-due');
  await expect(due.locator('p').first()).toContainText(
    inPersonText(b, b.dueInPersonCents, b.dueInPersonChargeCents, locale),
  );
  await expect(due.getByRole('listitem')).toHaveText(
    b.dueInPersonOn.map((d) => new RegExp(escaped(inPersonText(b, d.cents, d.chargeCents, locale)) + '$')),
  );
  return due;
}
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The family's three days of 4 hours in yuan, with a plan each day, its deposit paid by card: upcoming at once. */
async function familyBooking(request: APIRequestContext, guideId: number, token: string): Promise<Booking> {
  const slot = await freeSlot(request, guideId, { hours: 4, days: 3, fromDay: 12, notBefore: '09:00' });
  const made = await request.post('/api/v2/bookings', {
    headers: auth(token),
    data: {
      guideId,
      date: slot.date,
      days: 3,
      dayStartTime: slot.startTime,
      dayHours: 4,
      adults: 2,
      children: 1,
      childAges: [8],
      chargeCurrency: 'CNY',
      ...KYOTO_STATION,
      dayPlans: PLANS.map((plan, i) => ({ day: i + 1, plan })),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = await made.json();
  const paid = await request.post(`/api/v2/bookings/${id}/payments`, {
    headers: { ...auth(token), 'idempotency-key': `one-statement-${id}` },
    data: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Wang Fang',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const booking = await bookingOf(request, id, token);
  expect(booking).toMatchObject({ status: 'upcoming', currency: 'JPY', chargeCurrency: 'CNY' });
  return booking;
}

async function phone(browser: Browser, username: string, password: string, locale: 'zh-CN' | 'ja') {
  const context = await browser.newContext({
    locale,
    timezoneId: locale === 'ja' ? 'Asia/Tokyo' : 'Asia/Shanghai',
    viewport: PHONE,
  });
  const page = await context.newPage();
  await signIn(page, username, password, locale);
  return { context, page };
}

test('a family’s three days in yuan, changed and cancelled: every surface names the same money (zh-CN and ja, the guide in ja, 375 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const guide = await yenInstantGuide(request);
  const me = await signUpByApi(request, { prefix: 'stmt', fullName: '王芳', locale: 'zh-CN' });
  const booked = await familyBooking(request, guide.listing, me.token);
  const traveler = await phone(browser, me.username, me.password, 'zh-CN');
  const inJapanese = await phone(browser, me.username, me.password, 'ja');
  const her = await phone(browser, guide.username, guide.password, 'ja');
  try {
    const page = traveler.page;

    // 1. One adult more, from the trip card: the difference paid by card, applied at once.
    await page.goto('/dashboard?tab=upcoming');
    const trip = page.getByRole('article').filter({ hasText: booked.bookingNumber });
    await expect(trip.getByText('即将出行', { exact: true })).toBeVisible();
    await addAdult(page, trip);
    await expect(trip.getByTestId('trip-group')).toContainText('成人 3 位');
    const b = await bookingOf(request, booked.id, me.token);
    expect(b.totalPriceCents).toBeGreaterThan(booked.totalPriceCents);
    expect(b.payments.map((p) => p.kind)).toEqual(['deposit', 'change']);
    expect(b.dueInPersonOn).toHaveLength(3);
    const due = inPersonText(b, b.dueInPersonCents, b.dueInPersonChargeCents, 'zh-CN');
    const oldDue = inPersonText(booked, booked.dueInPersonCents, booked.dueInPersonChargeCents, 'zh-CN');
    const paid = b.payments.map((p) => formatMoney(p.amountCents, p.currency, 'zh-CN'));

    // 2. The trip card, in Chinese and in Japanese: the same figures.
    await shot(page, 'trip-card-zh', await readTripCard(page, b, 'zh-CN'));
    await shot(inJapanese.page, 'trip-card-ja', await readTripCard(inJapanese.page, b, 'ja'));

    // 3. The receipts page: each payment's amount. The change superseded the deposit's first receipt (decision 204):
    //    it keeps what it said and names its successor; the current ones say what is left as the booking stands.
    await page.goto(`/booking/${b.id}/receipts`);
    const receipts = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '收据', level: 2 }) });
    await expect(receipts).toHaveCount(3);
    const superseded = receipts.filter({ has: page.getByRole('note') });
    await expect(superseded).toHaveCount(1);
    await expect(superseded).toContainText('本收据已由收据');
    // In the booking's yen, as issued (a superseded receipt keeps the figure it stated, not the days' split).
    const oldDueYen = formatMoney(booked.dueInPersonCents, 'JPY', 'zh-CN');
    await expect(superseded.getByTestId('receipt-in-person')).toContainText(oldDueYen);
    const current = receipts.filter({ hasNot: page.getByRole('note') });
    for (const amount of paid) await expect(current.filter({ hasText: amount })).toHaveCount(1);
    const inPersonParts = current.getByTestId('receipt-in-person');
    await expect(inPersonParts.first()).toBeVisible();
    for (const part of await inPersonParts.all()) {
      await expect(part).toContainText(due);
      await expect(part).not.toContainText(oldDue);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // 4. Each current receipt's PDF and the booking's PDF, read as text: the same figures.
    const list = (await (await get(request, `/api/v2/bookings/${b.id}/receipts`, me.token)).json()).receipts as {
      id: number;
      kind: string;
      supersededBy: string | null;
    }[];
    const dueYen = formatMoney(b.dueInPersonCents, 'JPY', 'zh-CN');
    const receiptPdfs = await Promise.all(
      list
        .filter((x) => x.kind === 'receipt' && x.supersededBy === null)
        .map((r) => pdfOf(request, `/api/v2/receipts/${r.id}/pdf?lang=zh-CN`, me.token)),
    );
    for (const amount of paid) expect(receiptPdfs.some((text) => text.includes(amount))).toBe(true);
    for (const text of receiptPdfs.filter((x) => x.includes('当面支付给地陪'))) {
      expect(text).toContain(dueYen);
      expect(text).not.toContain(oldDueYen);
    }
    const bookingPdf = await pdfOf(request, `/api/v2/bookings/${b.id}/pdf?lang=zh-CN`, me.token);
    for (const figure of [formatMoney(b.totalPriceCents, 'JPY', 'zh-CN'), dueYen, ...paid])
      expect(bookingPdf).toContain(figure);
    expect(bookingPdf).not.toContain(oldDueYen);

    // 5. The guide's side, in Japanese: her card with each day's plan and her yen; her PDF in yen, 京都駅 by name.
    const mine = await bookingOf(request, b.id, guide.token);
    await her.page.goto('/guide-dashboard?tab=tours');
    const card = her.page.locator(`#booking-${b.id}`);
    await expect(card).toContainText('3日間 × 4時間');
    for (const plan of PLANS) await expect(card).toContainText(plan);
    await expect(card).toContainText(formatMoney(mine.guideNetCents!, 'JPY', 'ja'));
    await expect(card).not.toContainText(/\d\s?元/);
    await shot(her.page, 'guide-card-ja', card);
    const herInChinese = await phone(browser, guide.username, guide.password, 'zh-CN');
    await herInChinese.page.goto('/guide-dashboard?tab=tours');
    const cardZh = herInChinese.page.locator(`#booking-${b.id}`);
    await expect(cardZh).toContainText(formatMoney(mine.guideNetCents!, 'JPY', 'zh-CN'));
    await shot(herInChinese.page, 'guide-card-zh', cardZh);
    await herInChinese.context.close();
    const hers = await pdfOf(request, `/api/v2/bookings/${b.id}/pdf?lang=ja`, guide.token);
    expect(hers).toContain('京都駅');
    for (const cents of [b.totalPriceCents, b.dueInPersonCents])
      expect(hers).toContain(formatMoney(cents, 'JPY', 'ja'));

    // 6. She now answers changes herself: one more adult waits for her, its difference paid (an open change, 194).
    await setRates(request, guide.token, false);
    await page.goto('/dashboard?tab=upcoming');
    await addAdult(page, page.getByRole('article').filter({ hasText: b.bookingNumber }));
    await expect.poll(async () => (await bookingOf(request, b.id, me.token)).changeRequest ?? null).not.toBeNull();
    const open = (await bookingOf(request, b.id, me.token)).payments.filter((p) => p.kind === 'change')[1]!;
    const quote = (await (await get(request, `/api/v2/bookings/${b.id}/cancellation-quote`, me.token)).json()) as {
      refundPaidCents: number;
      backPaidCents: number;
      paidCurrency: 'CNY' | 'JPY';
    };

    // 7. The cancellation dialog, in Japanese then in Chinese: what comes back, and the open change's payment whole.
    const dialogOf = async (p: Page, locale: 'zh-CN' | 'ja') => {
      await p.goto('/dashboard?tab=upcoming');
      await p
        .getByRole('article')
        .filter({ hasText: b.bookingNumber })
        .getByRole('button', { name: locale === 'ja' ? 'キャンセル' : '取消', exact: true })
        .click();
      const dialog = p.getByRole('dialog', {
        name: locale === 'ja' ? 'この予約をキャンセルしますか？' : '确定取消这个预订吗？',
      });
      // What comes back in all: the deposit's share and the open change's payment, both in yuan.
      await expect(dialog.getByTestId('refund-amount')).toHaveText(
        formatMoney(quote.backPaidCents, quote.paidCurrency, locale),
      );
      await expect(dialog.getByTestId('open-change-refund')).toContainText(
        formatMoney(open.amountCents, open.currency, locale),
      );
      return dialog;
    };
    const ja = await dialogOf(inJapanese.page, 'ja');
    await shot(inJapanese.page, 'cancel-dialog-ja', ja.getByTestId('refund-amount'));
    await ja.getByRole('button', { name: 'キャンセルしない' }).click();
    const dialog = await dialogOf(page, 'zh-CN');
    await shot(page, 'cancel-dialog-zh', dialog.getByTestId('refund-amount'));
    await dialog.getByRole('button', { name: '取消预订' }).click();
    await expectToast(page, '预订已取消');

    // 8. What the booking says came back is what the dialog promised, the open change's payment with it.
    const cancelled = await bookingOf(request, b.id, me.token);
    expect(cancelled).toMatchObject({ status: 'cancelled', dueInPersonCents: 0 });
    const back = cancelled.payments.reduce((s, p) => s + (p.currency === 'CNY' ? p.refundedCents : 0), 0);
    expect(back).toBe(quote.refundPaidCents + open.amountCents);
    expect(back).toBe(quote.backPaidCents);
    expect(cancelled.payments.find((p) => p.id === open.id)!.refundedCents).toBe(open.amountCents);
    await page.goto('/dashboard?tab=past');
    const past = page.getByRole('article').filter({ hasText: b.bookingNumber });
    await expect(past).toContainText('预订已取消');
    await expect(past).toContainText(`已退款：${formatMoney(back, 'CNY', 'zh-CN')}`);
    await expect(past.getByTestId('trip-due')).toHaveCount(0);
  } finally {
    await Promise.all([traveler.context.close(), inJapanese.context.close(), her.context.close()]);
  }
});
