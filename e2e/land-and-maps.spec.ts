import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * Decision 103 on a 375 px phone in Chinese: after paying a deposit, "查看我的行程" opens the tab that
 * holds the booking with its card in view, marked and focused; so does the guide's acceptance from
 * the bell, now under 即将出行. The meeting point opens in 高德地图 first, at its coordinates, and
 * "给司机看" shows its Japanese name and address in large type. Screenshots of the touched pages at
 * 375 and 1280 px in both languages go to test-results/shots (or SHOTS_DIR).
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

async function demoGuide(request: APIRequestContext) {
  const login = await (
    await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
  ).json();
  const me = await (
    await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })
  ).json();
  return { id: me.id as number, token: login.token as string };
}

/** The card a link landed on: in view, marked, holding the booking, with focus on it. */
async function expectLanded(page: Page, number: string, tab: string) {
  await expect(page).toHaveURL(/\/dashboard\?booking=\d+$/);
  const landed = page.getByTestId('landed-trip');
  await expect(landed).toBeVisible();
  await expect(landed).toContainText(number);
  await expect(landed).toContainText('您要查看的预订');
  await expect(landed).toBeInViewport();
  await expect(landed).toBeFocused();
  await expect(
    page.getByRole('navigation', { name: '行程', exact: true }).getByRole('button', { name: new RegExp(tab) }),
  ).toHaveAttribute('aria-current', 'page');
  return landed;
}

async function axe(page: Page, label: string) {
  // The payment's success toast may still be fading out; toasts are not what this page is about.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(result.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`)).toEqual([]);
}

async function shoot(page: Page, name: string, locale: 'en' | 'zh-CN', width: number, target?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: width < 640 ? 740 : 900 });
  if (target) await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${width}.png` });
}

test('375 px in Chinese: paying lands on the booking, and so does the bell; Amap first; the driver card', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { fromDay: 45, notBefore: '10:00' });
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 375, height: 740 },
  });
  const t = await context.newPage();
  const errors: string[] = [];
  t.on('pageerror', (e) => errors.push(e.message));
  t.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(t, 'traveler', undefined, 'zh-CN');

  // Checkout: Tokyo Station from the list (its coordinates come with it), a card, Pay.
  await t.goto(
    `/checkout/${guide.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`,
  );
  const address = t.getByRole('combobox', { name: '集合地址' });
  await address.fill('东京站');
  const option = t.getByRole('listbox', { name: '车站和景点' }).getByRole('option').first();
  await expect(option).toContainText('东京站');
  await option.click();
  await expect(address).toHaveValue('东京站 · 東京都千代田区丸の内1丁目');
  await t.getByRole('radio', { name: '银行卡' }).locator('..').click();
  await t.getByLabel('卡号').fill('4242424242424242');
  await t.getByLabel('有效期（MM/YY）').pressSequentially('1230');
  await t.getByLabel('CVV').fill('123');
  await t.getByLabel('持卡人姓名').fill('Li Wei');
  await t.getByRole('button', { name: /^支付 [\d,.]+ 元$/ }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  const bookingId = Number(new URL(t.url()).searchParams.get('booking'));
  const number = `TG${String(bookingId).padStart(4, '0')}`;

  // "查看我的行程": the request's tab, its card in view and marked.
  await t.getByRole('link', { name: '查看我的行程' }).click();
  const pending = await expectLanded(t, number, '待处理请求');

  // The map: 高德地图 first, at Tokyo Station's WGS-84 coordinates (longitude first, coordinate=wgs84).
  const maps = pending.getByTestId('meeting-map-links').getByRole('link');
  await expect(maps).toHaveText(['高德地图', 'Apple 地图', 'Google 地图']);
  const amap = new URL((await pending.getByTestId('meeting-map-link').getAttribute('href'))!);
  expect(amap.origin + amap.pathname).toBe('https://uri.amap.com/marker');
  expect(amap.searchParams.get('position')).toBe('139.7671,35.6812');
  expect(amap.searchParams.get('coordinate')).toBe('wgs84');
  expect(amap.searchParams.get('name')).toBe('东京站');
  await expect(pending.getByTestId('meeting-map-link')).toHaveAttribute('target', '_blank');
  await axe(t, 'landed trips page');

  // "给司机看": the Japanese name and address, large, on the whole screen; Escape closes it.
  const driverButton = pending.getByRole('button', { name: '给司机看' });
  await driverButton.click();
  const sheet = t.getByRole('dialog', { name: '给司机看' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('driver-name')).toHaveText('東京駅');
  await expect(sheet.getByTestId('driver-address')).toContainText('〒100-0005');
  await expect(sheet.getByTestId('driver-address')).toContainText('東京都千代田区丸の内1丁目');
  const px = async (l: Locator) => Number.parseFloat(await l.evaluate((el) => getComputedStyle(el).fontSize));
  expect(await px(sheet.getByTestId('driver-name'))).toBeGreaterThanOrEqual(40);
  expect(await px(sheet.getByTestId('driver-address'))).toBeGreaterThanOrEqual(28);
  expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
  // The payment's toast, still up, would cover the close button: it is cleared.
  await expect(t.locator('[data-sonner-toast]')).toHaveCount(0);
  await axe(t, 'driver card');
  await shoot(t, 'driver-card', 'zh-CN', 375);
  await t.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(driverButton).toBeFocused();
  // Turned sideways: still whole on the screen, and the close button takes a tap.
  await driverButton.click();
  await t.setViewportSize({ width: 740, height: 375 });
  await expect(sheet.getByTestId('driver-name')).toBeInViewport({ ratio: 1 });
  await expect(sheet.getByTestId('driver-address')).toBeInViewport({ ratio: 1 });
  await t.screenshot({ path: `${SHOTS}/driver-card-zh-CN-740x375.png` });
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();
  await t.setViewportSize({ width: 375, height: 740 });

  // The guide accepts: the booking moves to 即将出行, and the bell's notice lands there.
  const accepted = await request.post(`/api/v2/bookings/${bookingId}/accept`, {
    headers: { authorization: `Bearer ${guide.token}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await t.goto('/');
  const notice = t
    .getByTestId('notification-drawer')
    .getByRole('button')
    .filter({ hasText: number })
    .filter({ hasText: '地陪已接受您的预订' });
  await expect(async () => {
    await t.getByRole('button', { name: /^通知/ }).click();
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await notice.click();
  const upcoming = await expectLanded(t, number, '即将出行');
  await expect(upcoming.getByText('即将出行', { exact: true })).toBeVisible();

  // Screenshots of the touched pages, both languages, phone and desktop.
  for (const locale of ['zh-CN', 'en'] as const) {
    await gotoInLocale(t, `/dashboard?booking=${bookingId}`, locale);
    await t.evaluate((l) => localStorage.setItem('tabi.locale', l), locale);
    await t.reload();
    await expect(t.getByTestId('landed-trip')).toBeVisible();
    for (const width of [375, 1280]) {
      await shoot(t, 'dashboard-landed', locale, width, t.getByTestId('landed-trip'));
    }
    await t.setViewportSize({ width: 375, height: 740 });
    await t
      .getByTestId('landed-trip')
      .getByRole('button', { name: locale === 'en' ? 'Show the driver' : '给司机看' })
      .click();
    for (const width of [375, 1280]) await shoot(t, 'driver-card', locale, width);
    await t.keyboard.press('Escape');
    await t.goto(`/payment-success?booking=${bookingId}`);
    await expect(
      t.getByRole('heading', { level: 1, name: locale === 'en' ? 'Payment Successful' : '支付成功' }),
    ).toBeVisible();
    for (const width of [375, 1280]) await shoot(t, 'payment-success', locale, width);
  }
  expect(errors, 'console errors').toEqual([]);
  await context.close();
});
