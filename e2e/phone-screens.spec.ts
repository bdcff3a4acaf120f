import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, gotoInLocale, signIn, test, DEMO_PASSWORDS } from './fixtures';
import { freeSlot } from './slots';

// The pages it touched, as PNGs to look at (test-results/phone-screens), none scrolling
// sideways. At 375 px in Chinese and 1280 px in English; E2E_ALL_SIZES=1 adds the other two.
const out = 'test-results/phone-screens';
const sizes = [
  { locale: 'zh-CN' as const, width: 375, height: 812 },
  { locale: 'en' as const, width: 1280, height: 900 },
  ...(process.env.E2E_ALL_SIZES
    ? [
        { locale: 'en' as const, width: 375, height: 812 },
        { locale: 'zh-CN' as const, width: 1280, height: 900 },
      ]
    : []),
];
const words = {
  'zh-CN': { bell: /^通知/, viewAll: '查看全部', address: '集合地址', places: '车站和景点', station: '京都站' },
  en: {
    bell: /^Notifications/,
    viewAll: 'View all',
    address: 'Meeting address',
    places: 'Stations and sights',
    station: 'Kyoto Station',
  },
};

for (const size of sizes) {
  const w = words[size.locale];
  const shooter =
    (page: Page) =>
    async (name: string, fullPage = true) => {
      await page.waitForLoadState('networkidle');
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${out}/${name}-${size.width}-${size.locale}.png`, fullPage });
    };

  test(`pages at ${size.width} px in ${size.locale}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    mkdirSync(out, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    const login = await (
      await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
    ).json();
    const me = await (
      await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })
    ).json();
    const shot = shooter(page);
    await gotoInLocale(page, '/settings/notifications', size.locale);
    await shot('notification-settings-visitor');
    await page.goto('/');
    await shot('landing');
    await page.goto('/search?city=kyoto');
    await shot('search-kyoto');
    await page.goto(`/guides/${me.id}`);
    await shot('guide-profile');
    await page.goto('/login');
    await shot('login');
    await signIn(page, 'traveler', undefined, size.locale);
    await page.goto('/dashboard');
    await shot('dashboard');
    // The bell's sheet, open.
    await page.getByRole('button', { name: w.bell }).click();
    await expect(page.getByRole('link', { name: w.viewAll })).toBeVisible();
    await shot('notification-drawer', false);
    await page.keyboard.press('Escape');
    await page.goto('/messages');
    await shot('messages');
    // Checkout: the payment methods and the meeting-point picker as the traveler types.
    const slot = await freeSlot(page.request, me.id, { fromDay: 20 });
    await page.goto(
      `/checkout/${me.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`,
    );
    const address = page.getByRole('combobox', { name: w.address });
    await address.pressSequentially(size.locale === 'zh-CN' ? '京都站' : 'Kyoto');
    await expect(page.getByRole('listbox', { name: w.places }).getByRole('option').first()).toContainText(w.station);
    await shot('checkout-picker');
  });

  test(`the guide's dashboard at ${size.width} px in ${size.locale}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'guide', undefined, size.locale);
    await page.goto('/guide-dashboard');
    await shooter(page)('guide-dashboard');
  });
}
