import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * The commerce disclosure (decision 121) and the final confirmation beside Pay (decision 122), read
 * as a visitor and a traveler would on a 375 px phone in both languages; screenshots at 1280 and
 * 375 px go to SHOTS_DIR.
 */

type Locale = 'en' | 'zh-CN';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-commerce';
mkdirSync(SHOTS, { recursive: true });

async function phone(browser: Browser, locale: Locale, width = 375): Promise<Page> {
  const context = await browser.newContext({
    locale: locale === 'zh-CN' ? 'zh-CN' : 'en-US',
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height: width < 640 ? 800 : 900 },
  });
  return context.newPage();
}

/** Screenshots of one part: the sticky header would cover what the page scrolled to. */
const unstickHeader = (page: Page) => page.addStyleTag({ content: 'header { position: static !important; }' });

/** axe-core's WCAG A/AA findings on the page as it is, in both themes. */
async function a11y(page: Page, label: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(result.violations.map((v) => `${label} (${scheme}): ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Fen as the app writes them: whole amounts without decimals, others with two; grouped. */
const amount = (cents: number) =>
  cents % 100 === 0
    ? new Intl.NumberFormat('en-US').format(cents / 100)
    : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(cents / 100);
const parseAmount = (text: string) => Math.round(Number(/([\d,]+(?:\.\d+)?)/.exec(text)![1]!.replace(/,/g, '')) * 100);

for (const locale of ['en', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  test(`/legal/commerce on a 375 px phone (${locale}): the Japanese particulars with both readings, fictitious in development, tiers from the rates`, async ({
    browser,
  }) => {
    const page = await phone(browser, locale);
    await gotoInLocale(page, '/legal/commerce', locale);
    const page_ = page.getByTestId('commerce-disclosure');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('特定商取引法に基づく表記');
    await expect(page_).toContainText(
      zh ? '依据日本《特定商业交易法》的标示' : 'Disclosure under the Act on Specified Commercial Transactions',
    );
    await expect(page.getByRole('note')).toContainText('以下の事業者情報は架空のものです');
    await expect(page.getByRole('note')).toContainText(
      zh ? '以下经营者信息为虚构' : 'These particulars are fictitious',
    );
    for (const [ja, reading] of [
      ['販売業者', zh ? '销售商' : 'Seller'],
      ['運営統括責任者', zh ? '运营负责人' : 'Person responsible for operations'],
      ['所在地', zh ? '所在地' : 'Address'],
      ['電話番号', zh ? '电话号码' : 'Telephone'],
      ['メールアドレス', zh ? '电子邮箱' : 'E-mail'],
      ['販売価格', zh ? '销售价格' : 'Prices'],
      ['商品代金以外の必要料金', zh ? '商品价格以外的必要费用' : 'Charges besides the price'],
      ['支払方法', zh ? '支付方式' : 'Payment methods'],
      ['支払時期', zh ? '支付时间' : 'When you pay'],
      ['役務の提供時期', zh ? '服务提供时间' : 'When the service is provided'],
      ['キャンセル・返金', zh ? '取消与退款' : 'Cancellation and refunds'],
      ['動作環境', zh ? '运行环境' : 'Supported environment'],
    ]) {
      const term = page_.locator('dt').filter({ hasText: ja! });
      await expect(term).toContainText(reading!);
    }
    await expect(page_.locator('#representative dd')).toHaveText('開発 太郎（架空 / fictitious）');
    await expect(page_.locator('#email').getByRole('link')).toHaveAttribute('href', 'mailto:operator@tabi.localhost');
    await expect(page_.locator('#payment-timing dd')).toContainText('手付金（総額の20%）');
    // What a family books reads as it is priced and paid: a price by the day, a child's share, the rest a share each
    // day.
    await expect(page_.locator('#price dd')).toContainText('日単位のご予約は、1日ごとにガイドの1日料金');
    await expect(page_.locator('#price dd')).toContainText(
      zh ? '按天预订时，每天的价格 = 地陪的日价' : "Booked by the day, each day costs the guide's day rate",
    );
    await expect(page_.locator('#payment-timing dd')).toContainText(
      zh ? '预订后增加人数或天数' : 'A change after booking that adds travelers or days',
    );
    // The tier table: the share of the deposit back and the fee as a share of the total (a 20 % deposit).
    const rows = await page.getByTestId('cancellation-table').locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' '))).toEqual([
      `ツアー開始の7日前より前 ${zh ? '行程开始前 7 天以上' : 'More than 7 days before the start'} 100% 0%`,
      `7日前から3日前まで ${zh ? '开始前 3–7 天' : '3 to 7 days before'} 50% 10%`,
      `3日前から24時間前まで ${zh ? '开始前 1–3 天' : '1 to 3 days before'} 25% 15%`,
      `24時間前を過ぎてから ${zh ? '开始前不足 24 小时' : 'Less than 24 hours before'} 0% 20%`,
      `連絡のない不参加 ${zh ? '未取消且未到场' : 'No-show'} 0% 20%`,
      `やむを得ない事情（証明書類の提出あり） ${zh ? '有证明材料的紧急情况' : 'A documented emergency'} 85% 3%`,
      `ガイドによる取消し・辞退・無回答 ${zh ? '地陪取消、拒绝或未回复' : 'The guide cancels, declines or does not answer'} 100% 0%`,
    ]);
    expect(await fitsWidth(page)).toBe(true);
    await a11y(page, '/legal/commerce');
    await unstickHeader(page);
    await page.screenshot({ path: `${SHOTS}/legal-commerce-375-${locale}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/legal-commerce-375-${locale}-top.png` });
    await page_.locator('#cancellation').screenshot({ path: `${SHOTS}/legal-commerce-375-${locale}-cancellation.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/legal-commerce-1280-${locale}.png`, fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/legal-commerce-1280-${locale}-top.png` });
    await page.context().close();
  });
}

test('every page’s footer links to the disclosure, and a click there renders it without a reload', async ({ page }) => {
  await gotoInLocale(page, '/search', 'en');
  const link = page.locator('footer').getByRole('link', { name: 'Commerce disclosure' });
  await expect(link).toHaveAttribute('href', '/legal/commerce');
  // A client-side navigation: the page asks GET /api/legal/commerce itself.
  const facts = page.waitForResponse((r) => r.url().endsWith('/api/legal/commerce') && r.status() === 200);
  await link.click();
  await facts;
  await expect(page).toHaveURL(/\/legal\/commerce$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('特定商取引法に基づく表記');
  await expect(page.getByTestId('cancellation-table')).toContainText('50%');
  await expect(page).toHaveTitle('Commerce disclosure · Tabi Guides');
});

test('in Chinese too, the footer on a 375 px phone links to the disclosure', async ({ browser }) => {
  const page = await phone(browser, 'zh-CN');
  await gotoInLocale(page, '/help', 'zh-CN');
  await page.locator('footer').getByRole('link', { name: '特定商业交易法标示' }).click();
  await expect(page).toHaveURL(/\/legal\/commerce$/);
  await expect(page.getByTestId('commerce-disclosure')).toContainText('依据日本《特定商业交易法》的标示');
  await page.context().close();
});

/** The demo guide's listing id, read through the API as the guide. */
async function demoGuideId(request: APIRequestContext): Promise<number> {
  const login = await (
    await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
  ).json();
  return (await (await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })).json())
    .id;
}

for (const locale of ['en', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  test(`checkout on a 375 px phone (${locale}): the review beside Pay names the tour, the amounts now and in person, this deposit per tier, the hold`, async ({
    browser,
    request,
  }) => {
    const guideId = await demoGuideId(request);
    const slot = await freeSlot(request, guideId, { fromDay: 30, notBefore: '10:00' });
    const page = await phone(browser, locale);
    await signIn(page, 'traveler', DEMO_PASSWORDS.traveler, locale);
    await page.goto(
      `/checkout/${guideId}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`,
    );
    const review = page.getByRole('region', { name: zh ? '确认订单内容' : 'Review your booking' });
    await expect(review).toBeVisible();
    const pay = page.getByRole('button', { name: zh ? /^支付 [\d,.]+ 元$/ : /^Pay [\d,.]+ RMB$/ });
    const deposit = parseAmount((await pay.textContent())!);
    const unit = zh ? '元' : 'RMB';
    await expect(review).toContainText(`${zh ? '现在在线支付' : 'Paid now, online'}${amount(deposit)} ${unit}`);
    await expect(review).toContainText(
      zh
        ? `支付宝：点击支付时扣款 ${amount(deposit)} 元。`
        : `Card: ${amount(deposit)} RMB, charged when you press Pay.`,
    );
    await expect(review).toContainText(zh ? '2 人' : '2 people');
    await expect(review).toContainText(slot.startTime);
    // Half of this deposit back 3 to 7 days before, the other half kept; all of it kept under 24 hours.
    const half = Math.round(deposit * 0.5);
    await expect(review.getByRole('row', { name: zh ? '开始前 3–7 天' : '3 to 7 days before' })).toHaveText(
      `${zh ? '开始前 3–7 天' : '3 to 7 days before'}${amount(half)} ${unit}${amount(deposit - half)} ${unit}`,
    );
    await expect(
      review.getByRole('row', { name: zh ? '开始前不足 24 小时' : 'Less than 24 hours before' }),
    ).toContainText(`0 ${unit}${amount(deposit)} ${unit}`);
    await expect(review.getByTestId('order-review-validity')).toHaveText(
      zh
        ? '点击支付后，该时段为您保留 30 分钟以完成支付；未支付则自动释放。'
        : 'Pressing Pay holds this time for 30 minutes while the payment completes; if it is not paid, the time is released.',
    );
    await expect(
      review.getByRole('link', {
        name: zh
          ? '特定商业交易法标示：价格、支付与取消条款'
          : 'Commerce disclosure: prices, payment and cancellation terms',
      }),
    ).toHaveAttribute('href', '/legal/commerce');
    expect(await fitsWidth(page)).toBe(true);
    await a11y(page, 'checkout');
    await unstickHeader(page);
    await review.screenshot({ path: `${SHOTS}/checkout-review-375-${locale}.png` });
    await page.screenshot({ path: `${SHOTS}/checkout-375-${locale}.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await review.screenshot({ path: `${SHOTS}/checkout-review-1280-${locale}.png` });
    await page.screenshot({ path: `${SHOTS}/checkout-1280-${locale}.png`, fullPage: true });
    await page.context().close();
  });
}
