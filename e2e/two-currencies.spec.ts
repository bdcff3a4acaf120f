import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { convertMinor, type Currency, type FxRate } from '../src/shared/currency';
import type { Locale } from '../src/shared/locales';
import { formatBeside, formatMoney } from '../src/shared/money-format';
import { expect, signUpByApi, test } from './fixtures';
import { approvedApplicant, auth, openAllWeek, verifiedIdentity } from './guide-helpers';
import { freeSlot } from './slots';
import { e2eServer } from './servers';

/**
 * The reader's currency (decision 168) on a 375 px phone, in Chinese, English and Japanese: a guide of
 * this spec's own prices in yen; the card and the profile read "约 … 元 · … 日元" in Chinese, in yen
 * with the switch in English and Japanese; a Chinese traveler books and the order review says the
 * yuan charged now, the yen paid in person and the rate with its day; an English reader in yen who
 * picks Alipay is told the wallet charges yuan. Screenshots at 375 and 1280 px in SHOTS_DIR.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/two-currencies';
const YEN = { basic: 5_000, additional: 1_000 };
const W = {
  en: {
    menu: 'Menu',
    currency: 'Currency for prices',
    box: 'Book this guide',
    now: 'Paid now, online',
    perHour: ' / hour',
    yen: 'JPY',
  },
  'zh-CN': {
    menu: '菜单',
    currency: '价格显示币种',
    box: '预订这位地陪',
    now: '现在在线支付',
    perHour: '/小时',
    yen: '日元',
  },
  ja: {
    menu: 'メニュー',
    currency: '料金の表示通貨',
    box: 'このガイドを予約',
    now: '今回オンラインでお支払い',
    perHour: '／時間',
    yen: '日本円',
  },
} as const;

interface Reader {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A reader in their language (as a returning visitor who chose it), signed in when given a session; console errors fail
 * the test.
 */
async function open(
  browser: Browser,
  locale: Locale,
  width: number,
  session?: { token: string; user: unknown },
): Promise<Reader> {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 812 : 900 },
    locale: locale === 'en' ? 'en-US' : locale,
    timezoneId: 'Asia/Shanghai',
  });
  await context.addCookies([{ name: 'tabi_locale', value: locale, url: e2eServer(test.info().parallelIndex).baseURL }]);
  await context.addInitScript(
    ([l, token, user]) => {
      if (sessionStorage.getItem('e2e-set')) return;
      localStorage.setItem('tabi.locale', l!);
      if (token) localStorage.setItem('tabi.token', token);
      if (user) localStorage.setItem('tabi.user', user);
      sessionStorage.setItem('e2e-set', '1');
    },
    [locale, session?.token ?? '', session ? JSON.stringify(session.user) : ''],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function close(r: Reader) {
  expect(r.errors, 'console errors').toEqual([]);
  await r.context.close();
}

/**
 * Waits for the page to settle, checks nothing scrolls sideways, and keeps a full-page picture and one of the part that
 * shows the prices.
 */
async function shot(page: Page, name: string, part?: Locator) {
  await page.waitForLoadState('networkidle');
  mkdirSync(SHOTS, { recursive: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${name} scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  if (part) await part.screenshot({ path: `${SHOTS}/${name}-part.png` });
}

/** The switch as a phone reaches it: in the menu. */
async function chooseCurrency(page: Page, locale: Locale, currency: Currency) {
  await page.getByRole('button', { name: W[locale].menu, exact: true }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('combobox', { name: W[locale].currency }).selectOption(currency);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** A listed guide in Nara who prices in yen (¥5,000 an hour, ¥1,000 each further person). */
async function yenGuide(request: APIRequestContext) {
  const applicant = await approvedApplicant(request, '山本 花子');
  await verifiedIdentity(request, applicant.token);
  await openAllWeek(request, applicant.token);
  const rates = {
    currency: 'JPY',
    basicPricePerHourCents: YEN.basic,
    additionalPricePerPersonCents: YEN.additional,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 2,
    maxDurationHours: 6,
    services: [],
  };
  const put = await request.put('/api/v2/guides/me/rates', { headers: auth(applicant.token), data: rates });
  expect(put.status(), await put.text()).toBe(200);
  const me = await (await request.get('/api/guides/me', { headers: auth(applicant.token) })).json();
  return { id: me.id as number, name: me.user.fullName as string };
}

let guide: { id: number; name: string };
let rate: FxRate;
test.beforeAll(async ({ request }) => {
  guide = await yenGuide(request);
  rate = await (await request.get('/api/v2/fx/rate')).json();
});

/** What a yen price reads as for a reader of `shown`, as the page writes it. */
const read = (yen: number, shown: Currency, locale: Locale) =>
  shown === 'JPY'
    ? formatMoney(yen, 'JPY', locale)
    : formatBeside(
        { minor: convertMinor(yen, 'JPY', 'CNY', rate.jpyPerCny), currency: 'CNY' },
        { minor: yen, currency: 'JPY' },
        locale,
      );

async function cardAndProfile(page: Page, locale: Locale, shown: Currency, tag: string) {
  await page.goto('/search?city=nara');
  const card = page.getByRole('article', { name: guide.name, exact: true });
  await expect(card.getByTestId('card-price')).toHaveText(`${read(YEN.basic, shown, locale)}${W[locale].perHour}`);
  await shot(page, `search-${tag}`, card);
  await page.goto(`/guides/${guide.id}`);
  await expect(page.getByTestId('price-includes')).toContainText(read(YEN.additional, shown, locale));
  await shot(page, `profile-${tag}`, page.getByTestId('price-includes'));
}

test('in Chinese the yen guide reads in yuan with the yen beside; the traveler books, and the review says the yuan now, the yen in person and the rate', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const visitor = await open(browser, 'zh-CN', 375);
  await cardAndProfile(visitor.page, 'zh-CN', 'CNY', 'zh-CN-375');
  await close(visitor);

  const account = await signUpByApi(request, { prefix: 'fx', fullName: '王 小明', locale: 'zh-CN' });
  const traveler = await open(browser, 'zh-CN', 375, { token: account.token, user: account.reply.user });
  const t = traveler.page;
  const slot = await freeSlot(request, guide.id, { hours: 2, fromDay: 6, notBefore: '10:00' });
  await t.goto(`/guides/${guide.id}?date=${slot.date}&travelers=2`);
  // The phone's bar opens the booking box as a sheet.
  await t.getByRole('button', { name: '查看时间', exact: true }).click();
  const box = t.getByRole('dialog', { name: W['zh-CN'].box });
  await expect(box.getByTestId('box-hourly')).toHaveText(`${read(YEN.basic, 'CNY', 'zh-CN')}/小时`);
  await box.getByRole('group', { name: '开始时间（日本时间）' }).getByText(slot.startTime, { exact: true }).click();
  // 2 h for 2 adults: ¥12,000, asked of the server in yuan.
  await expect(box.getByTestId('box-total')).toHaveText(read(12_000, 'CNY', 'zh-CN'));
  await shot(t, 'booking-box-zh-CN-375', box);
  await box.getByRole('button', { name: '预订', exact: true }).click();

  await expect(t.getByRole('heading', { level: 1, name: '确认并支付' })).toBeVisible();
  const review = t.getByTestId('order-review');
  // The deposit is 20 %: ¥2,400, charged in yuan (Alipay, a Chinese reader's first method); ¥9,600 handed over in
  // Japan.
  const deposit = convertMinor(2_400, 'JPY', 'CNY', rate.jpyPerCny);
  await expect(review.getByTestId('review-now')).toHaveText(formatMoney(deposit, 'CNY', 'zh-CN'));
  await expect(review.getByTestId('review-in-person')).toHaveText('9,600 日元');
  await expect(review).toContainText('余款 9,600 日元 于行程当天在日本当面支付给地陪。');
  await expect(review.getByTestId('review-rate')).toHaveText(
    `按${Number(rate.asOf.slice(0, 4))}年${Number(rate.asOf.slice(5, 7))}月${Number(rate.asOf.slice(8))}日汇率换算：1 元 = ${rate.jpyPerCny} 日元。`,
  );
  await shot(t, 'order-review-zh-CN-375', review);

  // Paid by card in what the traveler saw: the booking keeps yuan as its charge currency.
  await t.getByRole('radio', { name: '银行卡' }).locator('..').click();
  await t.getByLabel('卡号').fill('4242424242424242');
  await t.getByLabel('有效期（MM/YY）').pressSequentially('1230');
  await t.getByLabel('CVV').fill('123');
  await t.getByLabel('持卡人姓名').fill('Wang Xiaoming');
  await t.getByRole('combobox', { name: '集合地址' }).fill('奈良公园 东大寺南大门前');
  await t.getByRole('combobox', { name: '集合地址' }).press('Escape');
  await t.getByRole('button', { name: `支付 ${formatMoney(deposit, 'CNY', 'zh-CN')}` }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  const id = Number(new URL(t.url()).searchParams.get('booking'));
  const booking = await (await request.get(`/api/v2/bookings/${id}`, { headers: auth(account.token) })).json();
  expect(booking).toMatchObject({
    currency: 'JPY',
    totalPriceCents: 12_000,
    depositCents: 2_400,
    chargeCurrency: 'CNY',
    chargeDepositCents: deposit,
  });
  expect(booking.payments[0]).toMatchObject({ amountCents: deposit, currency: 'CNY' });
  await close(traveler);
});

test('in English the switch shows the yen guide in yen, and a reader in yen who picks Alipay is told it charges yuan', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const visitor = await open(browser, 'en', 375);
  const v = visitor.page;
  await cardAndProfile(v, 'en', 'CNY', 'en-375');
  await chooseCurrency(v, 'en', 'JPY');
  await cardAndProfile(v, 'en', 'JPY', 'en-jpy-375');
  await expect(v.getByTestId('price-includes')).toContainText('¥1,000 (JPY)');
  await close(visitor);

  const account = await signUpByApi(request, { prefix: 'fxen', fullName: 'Emma Hill', locale: 'en' });
  const reader = await open(browser, 'en', 375, { token: account.token, user: account.reply.user });
  const r = reader.page;
  await r.goto('/');
  await chooseCurrency(r, 'en', 'JPY');
  const slot = await freeSlot(request, guide.id, { hours: 2, fromDay: 8, notBefore: '10:00' });
  await r.goto(`/checkout/${guide.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&adults=1`);
  const review = r.getByTestId('order-review');
  // 2 h alone: ¥10,000, ¥2,000 online by card in yen.
  await expect(review.getByTestId('review-now')).toHaveText('¥2,000 (JPY)');
  await r.getByRole('radio', { name: 'Alipay' }).locator('..').click();
  const yuan = formatMoney(convertMinor(2_000, 'JPY', 'CNY', rate.jpyPerCny), 'CNY', 'en');
  await expect(review.getByTestId('review-now')).toHaveText(yuan);
  await expect(review).toContainText(
    `Alipay and WeChat Pay charge in RMB, so they charge ${yuan} rather than ¥2,000 (JPY).`,
  );
  await expect(review.getByTestId('review-in-person')).toHaveText('¥8,000 (JPY)');
  await expect(review.getByTestId('review-rate')).toContainText(`1 RMB = ${rate.jpyPerCny} JPY`);
  await shot(r, 'order-review-en-jpy-375', review);
  await close(reader);
});

test('in Japanese prices are in yen by default, and the switch shows yuan with the yen beside', async ({ browser }) => {
  const visitor = await open(browser, 'ja', 375);
  const v = visitor.page;
  await cardAndProfile(v, 'ja', 'JPY', 'ja-375');
  await expect(v.getByTestId('price-includes')).toContainText('1,000円');
  await chooseCurrency(v, 'ja', 'CNY');
  await cardAndProfile(v, 'ja', 'CNY', 'ja-cny-375');
  // Kept like the language: a fresh page load still reads in yuan.
  await v.reload();
  await expect(v.getByTestId('price-includes')).toContainText(read(YEN.additional, 'CNY', 'ja'));
  await close(visitor);
});

test('the wide screens: search, profile with its booking box, and the order review, in each language', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const slot = await freeSlot(request, guide.id, { hours: 2, fromDay: 10, notBefore: '10:00' });
  for (const locale of ['en', 'zh-CN', 'ja'] as const) {
    const account = await signUpByApi(request, { prefix: 'fxw', fullName: 'Lin Yue', locale });
    const reader = await open(browser, locale, 1280, { token: account.token, user: account.reply.user });
    const p = reader.page;
    await p.goto('/search?city=nara');
    const card = p.getByRole('article', { name: guide.name, exact: true });
    await expect(card).toBeVisible();
    await shot(p, `search-${locale}-1280`, card);
    await p.goto(`/guides/${guide.id}?date=${slot.date}&travelers=2`);
    const box = p.getByRole('complementary', { name: W[locale].box });
    await box.getByText(slot.startTime, { exact: true }).click();
    await expect(box.getByTestId('box-total')).toContainText(
      locale === 'ja' ? '12,000円' : W[locale].yen === 'JPY' ? '¥12,000 (JPY)' : '12,000 日元',
    );
    await shot(p, `profile-${locale}-1280`, box);
    await p.goto(`/checkout/${guide.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&adults=2`);
    await expect(p.getByTestId('review-in-person')).toBeVisible();
    await shot(p, `order-review-${locale}-1280`, p.getByTestId('order-review').locator('..'));
    await close(reader);
  }
});
