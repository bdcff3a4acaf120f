import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';

/**
 * Issue 12 with a wallet (simulated provider): the traveler pays an extension of the seeded tour under
 * way with Alipay, approves it on /payment-demo (a booking under way is never `pending`, so the page
 * judges the extension's own payment), and lands on /payment-success for the extension, which leads
 * back to the trip (decision 042, 'Extensions'). SHOTS_DIR=… also saves screenshots of that page.
 */
test('an Alipay extension is approved on /payment-demo and lands on the extension’s /payment-success', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'traveler', undefined, 'en');
  await page.goto('/dashboard?tab=ongoing');
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Request Extension' }) }).first();
  await card.getByRole('button', { name: 'Request Extension' }).click();
  const request = page.getByRole('dialog', { name: 'Request Tour Extension' });
  await request.getByRole('button', { name: 'Continue to Payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Tour Extension Payment' });
  await payment.getByText('Alipay', { exact: true }).click();
  await payment.getByLabel('Alipay account').fill('li@example.com');
  await payment.getByRole('button', { name: /^Pay .+ RMB$/ }).click();
  const approval = payment.getByRole('link', { name: 'Open approval page' });
  const href = await approval.getAttribute('href');
  expect(href).toMatch(/^\/payment-demo\?.*&payment=\d+/);

  await page.goto(href!);
  await expect(page.getByRole('link', { name: 'Back to my trip' })).toHaveAttribute('href', '/dashboard?tab=ongoing');
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/payment-success\?booking=\d+&payment=\d+$/);
  await expect(page.getByRole('heading', { name: 'Extension Paid' })).toBeVisible();
  await expect(page.getByText(/now approves the extension/)).toBeVisible();
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  const url = page.url();

  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    for (const locale of ['en', 'zh-CN'] as const) {
      await gotoInLocale(page, url, locale);
      await page.evaluate((l) => localStorage.setItem('tabi.locale', l), locale);
      await page.reload();
      await expect(page.getByRole('heading', { name: locale === 'en' ? 'Extension Paid' : '延长费用已支付' })).toBeVisible();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${dir}/payment-success-extension-${locale}-${width}.png`, fullPage: true });
      }
    }
  }

  await page.getByRole('link', { name: dir ? '返回我的行程' : 'Back to my trip' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=ongoing$/);

  // The guide turns it down (the fee is refunded), so the seeded tour is under way again for other tests.
  const bookingId = Number(new URL(url).searchParams.get('booking'));
  const guide = await (await page.request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })).json();
  const rejected = await page.request.post(`/api/v2/bookings/${bookingId}/extension/reject`, { headers: { authorization: `Bearer ${guide.token}` } });
  expect(rejected.status(), await rejected.text()).toBe(200);
  expect((await rejected.json()).status).toBe('ongoing');
});
