import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORDS, expect, expectAxeClean, signIn, test } from './fixtures';
import { formatMoney } from '../src/shared/money-format';
import { bookingNumberOn, chooseInBox, close, demoGuide, openAs } from './booking-steps';
import { fillCard, fillMeetingPoint } from './checkout';
import { freeSlot } from './slots';

/**
 * in the browser: a traveler and the demo guide, each in their own browser context (the
 * traveler in Shanghai, one hour behind Japan; the guide in Tokyo), in Chinese and in English.
 * Search → the profile's booking box → checkout → the deposit (card, or Alipay through the demo page)
 * → the guide accepts → the trip is upcoming; a declined card; a cancellation with its refund.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/tabi-shots/booking';

test('in Chinese: a traveler books from the search, pays the deposit by card, the guide accepts and the trip is upcoming', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 3, fromDay: 10, notBefore: '10:00' });
  const traveler = await openAs(browser, 'traveler', 'zh-CN', 'Asia/Shanghai');
  const guideUser = await openAs(browser, 'guide', 'zh-CN', 'Asia/Tokyo');
  const t = traveler.page;

  await chooseInBox(t, { ...slot, guideName: guide.name, locale: 'zh-CN', hours: 3 });
  await expect(t.getByRole('heading', { level: 1, name: '确认并支付' })).toBeVisible();
  await expect(t.getByText(`${slot.startTime}–`)).toBeVisible();
  await expect(t.getByText('演示支付——不会产生真实扣款')).toBeVisible();
  // docs/rules/money-and-cancellation.md: Pay stays disabled until the payment form is complete; the address is
  // required.
  const pay = t.getByRole('button', { name: /^支付 [\d,.]+ 元$/ });
  await expect(pay).toBeDisabled();
  await expect(t.getByText('请填写支付信息')).toBeVisible();
  await fillCard(t, true, '4242424242424242');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(t.getByText('请提供集合地址。')).toBeVisible();
  await fillMeetingPoint(t, true, `${SHOTS}/checkout-picker-zh-CN-1280.png`);
  await pay.click();

  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  await expect(t.locator('[data-sonner-toast]').filter({ hasText: '支付成功' })).toBeVisible();
  await expect(t.getByRole('heading', { level: 1, name: '支付成功' })).toBeVisible();
  await expect(t.getByText('已用尾号 4242 的银行卡支付 · 演示支付，未产生真实扣款')).toBeVisible();
  const number = await bookingNumberOn(t);

  await t.getByRole('link', { name: '查看我的行程' }).click();
  const pending = t.getByRole('article').filter({ hasText: number });
  await expect(pending.getByText('等待地陪接受')).toBeVisible();
  await expect(pending.getByText(new RegExp(`^等待 ?${guide.name} ?接受`))).toBeVisible();
  await expect(t.getByRole('button', { name: /待处理请求/ })).toContainText(/\d/);

  // The guide, in their own browser, accepts the request.
  const g = guideUser.page;
  await g.goto('/guide-dashboard');
  await expect(g.getByRole('heading', { level: 2, name: /预订请求/ })).toBeVisible();
  const request_ = g.getByRole('article').filter({ hasText: number });
  await expect(request_.getByText('Li Wei')).toBeVisible();
  await expect(request_.getByText('2 人 · 3 小时')).toBeVisible();
  await expect(request_.getByText('〒160-0022 新宿站 东口')).toBeVisible();
  await request_.getByRole('button', { name: '接受' }).click();
  await expect(g.locator('[data-sonner-toast]').filter({ hasText: '已接受请求' })).toBeVisible();
  // It leaves the requests and joins the guide's tours (the next tab).
  await expect(
    g
      .getByRole('region', { name: /预订请求/ })
      .getByRole('article')
      .filter({ hasText: number }),
  ).toHaveCount(0);
  await g.getByRole('tab', { name: /^行程/ }).click();
  await expect(
    g.getByRole('region', { name: '您的行程' }).getByRole('article').filter({ hasText: number }),
  ).toBeVisible();

  await t.goto('/dashboard?tab=upcoming');
  const upcoming = t.getByRole('article').filter({ hasText: number });
  await expect(upcoming.getByText('即将出行', { exact: true })).toBeVisible();
  await expect(upcoming.getByRole('button', { name: '取消' })).toBeVisible();
  await close(traveler, guideUser);
});

test('on a 375 px phone in Chinese: Alipay comes first, hands over to the wallet without a code to scan, and comes back paid', async ({
  browser,
  request,
}) => {
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 2, fromDay: 20, notBefore: '10:00' });
  const traveler = await openAs(browser, 'traveler', 'zh-CN', 'Asia/Shanghai', [], 375);
  const t = traveler.page;
  await t.goto(
    `/checkout/${guide.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`,
  );
  const methods = t.getByRole('group', { name: '支付方式' });
  await expect(t.getByRole('radio', { name: '支付宝' })).toBeChecked();
  expect(await methods.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
    'alipay',
    'wechat',
    'card',
  ]);
  await fillMeetingPoint(t, true);
  await t.getByLabel('支付宝账号').fill('liwei@example.com');
  await t.getByRole('button', { name: /^支付 [\d,.]+ 元$/ }).click();

  await expect(t).toHaveURL(/\/payment-demo\?ref=sim_alipay_/);
  await expect(t.getByTestId('wallet-app')).toContainText('此页面代替手机上的支付宝应用');
  await expect(t.getByRole('img', { name: '演示付款码（不是真实的二维码）' })).toHaveCount(0);
  expect(await t.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await t.screenshot({
    path: `${process.env.SHOTS_DIR ?? '/tmp/tabi-shots/booking'}/payment-demo-alipay-375-zh.png`,
    fullPage: true,
  });
  await t.getByRole('button', { name: '确认付款' }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  await expect(t.getByText('已用支付宝支付 · 演示支付，未产生真实扣款')).toBeVisible();
  await close(traveler);
});

test('in English: Alipay through the demo approval page, the guide accepts, and a cancellation shows its refund', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 4, fromDay: 12, notBefore: '10:00' });
  const traveler = await openAs(browser, 'traveler', 'en', 'Asia/Shanghai');
  const guideUser = await openAs(browser, 'guide', 'en', 'Asia/Tokyo');
  const t = traveler.page;

  await chooseInBox(t, { ...slot, guideName: guide.name, locale: 'en', hours: 4 });
  await fillMeetingPoint(t, false, `${SHOTS}/checkout-picker-en-1280.png`);
  await t.getByRole('radio', { name: 'Alipay' }).locator('..').click();
  await t.getByLabel('Alipay account').fill('liwei@example.com');
  const deposit = (await t.getByRole('button', { name: /^Pay [\d,.]+ RMB$/ }).textContent())!.match(/[\d,.]+/)![0];
  await t.getByRole('button', { name: /^Pay [\d,.]+ RMB$/ }).click();

  await expect(t).toHaveURL(/\/payment-demo\?ref=sim_alipay_/);
  await expect(t.getByText('Demo', { exact: true })).toBeVisible();
  await expect(t.getByRole('heading', { level: 1, name: 'Approve the payment with Alipay' })).toBeVisible();
  await expect(t.getByText(`${deposit} RMB`, { exact: true })).toBeVisible();
  await expect(t.getByRole('img', { name: 'Demo payment code (not a real QR code)' })).toBeVisible();
  await t.getByRole('button', { name: 'Approve payment' }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  await expect(t.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(t.getByText('Paid with Alipay · demo payment, no money moved')).toBeVisible();
  const number = await bookingNumberOn(t);
  // The demo guide prices in yen: the booking's deposit is hers in yen, Alipay paid it in yuan (decision 164).
  const session = await (
    await request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const booked = await (
    await request.get(`/api/v2/bookings/${new URL(t.url()).searchParams.get('booking')}`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json();
  expect(booked).toMatchObject({ currency: 'JPY', chargeCurrency: 'CNY' });
  expect(formatMoney(booked.chargeDepositCents, 'CNY', 'en')).toBe(`${deposit} RMB`);

  const g = guideUser.page;
  await g.goto('/guide-dashboard');
  await g.getByRole('article').filter({ hasText: number }).getByRole('button', { name: 'Accept' }).click();
  await expect(g.locator('[data-sonner-toast]').filter({ hasText: 'Request accepted' })).toBeVisible();

  await t.goto('/dashboard?tab=upcoming');
  const trip = t.getByRole('article').filter({ hasText: number });
  await expect(trip.getByText('Upcoming', { exact: true })).toBeVisible();
  // More than 7 days ahead: the whole deposit comes back in the yuan it was paid in, to Alipay in 1–3
  // business days; the deposit it is all of is the booking's, in yen.
  await trip.getByRole('button', { name: 'Cancel' }).click();
  const dialog = t.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByTestId('refund-amount')).toHaveText(`${deposit} RMB`);
  await expect(
    dialog.getByText(`100% of your ${formatMoney(booked.depositCents, 'JPY', 'en')} deposit`, { exact: true }),
  ).toBeVisible();
  await expect(
    dialog.getByText('The refund goes back to your Alipay account and arrives in 1–3 business days.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(t.locator('[data-sonner-toast]').filter({ hasText: 'Booking has been cancelled' })).toBeVisible();
  await expect(t.getByRole('article').filter({ hasText: number })).toHaveCount(0);
  await t.getByRole('button', { name: 'Past Experiences' }).click();
  const past = t.getByRole('article').filter({ hasText: number });
  await expect(past.getByText('Booking was cancelled')).toBeVisible();
  await expect(past.getByText(`Refunded: ${deposit} RMB`)).toBeVisible();
  await close(traveler, guideUser);
});

test('a declined card shows "Payment Failed" with support prefilled, and a good card then pays the same booking', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 3, fromDay: 20, notBefore: '10:00' });
  const traveler = await openAs(browser, 'traveler', 'en', 'Asia/Shanghai', [/status of 402/]);
  const t = traveler.page;
  await chooseInBox(t, { ...slot, guideName: guide.name, locale: 'en', hours: 3 });
  await fillMeetingPoint(t, false);
  await fillCard(t, false, '4000 0000 0000 0002');
  await t.getByRole('button', { name: /^Pay [\d,.]+ RMB$/ }).click();

  const toast = t.locator('[data-sonner-toast]').filter({ hasText: 'Payment Failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Payment failed. Please check your information and try again.');
  await expect(t).toHaveURL(/\/checkout\/\d+\?booking=\d+$/);
  const bookingUrl = t.url();
  await expect(
    t.getByRole('alert').filter({ hasText: 'Payment failed. Please check your information and try again.' }),
  ).toBeVisible();
  await t
    .getByRole('alert')
    .filter({ hasText: 'Payment failed' })
    .getByRole('button', { name: 'Contact support' })
    .click();
  const support = t.getByRole('dialog', { name: 'Tabi support' });
  await expect(support.getByRole('textbox', { name: 'Your message' })).toHaveValue(/my payment failed/);
  await support.getByRole('button', { name: 'Close support chat' }).click();

  // The card fields are kept; a working card pays the booking already made (no second booking).
  await expect(t.getByLabel('Name on card')).toHaveValue('Li Wei');
  await t.getByLabel('Card number').fill('4242 4242 4242 4242');
  await t.getByRole('button', { name: /^Pay [\d,.]+ RMB$/ }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  expect(new URL(t.url()).searchParams.get('booking')).toBe(new URL(bookingUrl).searchParams.get('booking'));
  await expect(t.locator('[data-sonner-toast]').filter({ hasText: 'Payment Successful' })).toBeVisible();
  await close(traveler);
});

test('a visitor who presses Book logs in and comes back to the checkout', async ({ browser, request }) => {
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 3, fromDay: 30, notBefore: '10:00' });
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.goto(`/guides/${guide.id}?date=${slot.date}&travelers=2`);
  const box = page.getByRole('complementary', { name: 'Book this guide' });
  await box.getByText(slot.startTime, { exact: true }).click();
  // In Tokyo, Japan time is the visitor's own: no second time is shown.
  await expect(box.getByText(/your time$/)).toHaveCount(0);
  await box.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%2F\d+%3Fdate%3D/);
  await page.getByLabel('Username or email').fill('traveler');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.traveler!);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${guide.id}\\?date=${slot.date}&time=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await context.close();
});

test('on a phone the booking box is a bar that opens a sheet, and the booking pages do not scroll sideways', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 3, fromDay: 40, notBefore: '10:00' });
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await signIn(page, 'traveler', undefined, 'zh-CN');
  await page.goto(`/guides/${guide.id}?date=${slot.date}&travelers=2`);
  await expect(page.getByRole('complementary', { name: '预订这位地陪' })).toBeHidden();
  await page.getByRole('button', { name: '查看时间' }).click();
  const sheet = page.getByRole('dialog', { name: '预订这位地陪' });
  await sheet.getByText(slot.startTime, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(new RegExp(`· ${slot.startTime}$`))).toBeVisible();
  await page.getByRole('button', { name: '预订', exact: true }).click();
  await sheet.getByRole('button', { name: '预订', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\?/);
  await expect(page.getByRole('heading', { level: 1, name: '确认并支付' })).toBeVisible();
  // Typing 京都站 offers Kyoto Station; choosing it fills the address and the postal code.
  const address = page.getByRole('combobox', { name: '集合地址' });
  await address.pressSequentially('京都站');
  await expect(page.getByRole('listbox', { name: '车站和景点' }).getByRole('option').first()).toContainText(
    '〒600-8216',
  );
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/checkout-picker-zh-CN-375.png` });
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(address).toHaveValue('京都站 · 京都府京都市下京区東塩小路町');
  await expect(page.getByLabel('邮政编码')).toHaveValue('600-8216');
  for (const path of [page.url(), `/guides/${guide.id}`, '/dashboard', '/dashboard?tab=past']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await context.close();
});

test('the booking pages have no WCAG A/AA violations (axe)', async ({ browser, request }) => {
  // Eleven pages checked, the trips tabs now with a replacement choice and a started tour among them:
  // 46 s alone, over 2 minutes beside another worker on a two-core machine.
  test.setTimeout(240_000);
  const guide = await demoGuide(request);
  const slot = await freeSlot(request, guide.id, { hours: 3, fromDay: 50, notBefore: '10:00' });
  const traveler = await openAs(browser, 'traveler', 'zh-CN', 'Asia/Shanghai');
  const t = traveler.page;
  await t.goto(`/guides/${guide.id}?date=${slot.date}&travelers=2`);
  await t.getByRole('complementary', { name: '预订这位地陪' }).getByText(slot.startTime, { exact: true }).click();
  await expectAxeClean(t, 'profile', { settled: true });
  await t
    .getByRole('complementary', { name: '预订这位地陪' })
    .getByRole('button', { name: '预订', exact: true })
    .click();
  await expect(t.getByRole('heading', { level: 1, name: '确认并支付' })).toBeVisible();
  await expectAxeClean(t, 'checkout', { settled: true });
  await fillMeetingPoint(t, true);
  await t.getByRole('radio', { name: '微信支付' }).locator('..').click();
  await t.getByLabel('微信号').fill('liwei_88');
  await t.getByRole('button', { name: /^支付 [\d,.]+ 元$/ }).click();
  await expect(t).toHaveURL(/\/payment-demo\?/);
  await expectAxeClean(t, 'payment-demo', { settled: true });
  await t.getByRole('button', { name: '确认付款' }).click();
  await expect(t).toHaveURL(/\/payment-success\?/);
  // The payment's toast comes with the toaster's code, which may arrive after the page: let it show,
  // then let it go, so it is not checked while it fades in.
  await expect(t.locator('[data-sonner-toast]').filter({ hasText: '支付成功' })).toBeVisible();
  await expectAxeClean(t, 'payment-success', { settled: true });
  for (const tab of ['pending-requests', 'upcoming', 'past']) {
    await t.goto(`/dashboard?tab=${tab}`);
    await expectAxeClean(t, `dashboard ${tab}`, { settled: true });
  }
  await t.goto('/dashboard');
  await t.getByRole('article').first().getByRole('button', { name: '取消' }).click();
  await expect(t.getByRole('dialog')).toBeVisible();
  await expectAxeClean(t, 'cancel dialog', { settled: true });
  await close(traveler);

  const guideUser = await openAs(browser, 'guide', 'en', 'Asia/Tokyo');
  await guideUser.page.goto('/guide-dashboard');
  await expect(guideUser.page.getByRole('heading', { level: 2, name: /Requests/ })).toBeVisible();
  await expectAxeClean(guideUser.page, 'guide-dashboard', { settled: true });
  await close(guideUser);
});
