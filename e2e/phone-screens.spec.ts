import { mkdirSync } from 'node:fs';
import { expect, gotoInLocale, signIn, test, DEMO_PASSWORDS } from './fixtures';

// Issue 27: the pages this branch touched, at 375 px in Chinese and 1280 px in English, as PNGs to
// look at (test-results/phone-screens) and with no horizontal scroll.
const out = 'test-results/phone-screens';
const sizes = [
  { locale: 'zh-CN' as const, width: 375, height: 812 },
  { locale: 'en' as const, width: 1280, height: 900 },
];

for (const size of sizes) {
  test(`pages at ${size.width} px in ${size.locale}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    mkdirSync(out, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    const login = await (await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })).json();
    const me = await (await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })).json();
    const shot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${out}/${name}-${size.width}-${size.locale}.png`, fullPage: true });
    };
    await gotoInLocale(page, '/settings/notifications', size.locale);
    await shot('notification-settings-visitor');
    await page.goto(`/guides/${me.id}`);
    await shot('guide-profile');
    await page.goto('/login');
    await shot('login');
    await signIn(page, 'traveler', undefined, size.locale);
    await page.goto('/dashboard');
    await shot('dashboard');
  });

  test(`the guide's dashboard at ${size.width} px in ${size.locale}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'guide', undefined, size.locale);
    await page.goto('/guide-dashboard');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${out}/guide-dashboard-${size.width}-${size.locale}.png`, fullPage: true });
  });
}
