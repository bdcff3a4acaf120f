import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoInLocale, test } from './fixtures';
import { WECHAT_TEST_PORT } from './servers';

// WeChat login at 375 px in Chinese through the local WeChat (src/server/test/wechat-cli.ts, whose
// consent screen signs in at once whoever the test names): a new traveler accepts the terms before the
// account exists, then comes back with WeChat and is signed in straight away (decision 148).
/**
 * Who scans the QR code next; a key per run of the file, so a second run in the same worker meets no link of the first.
 */
async function nextWeChatPerson(page: Page, nickname: string): Promise<void> {
  const key = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const res = await page.request.get(
    `http://127.0.0.1:${WECHAT_TEST_PORT}/__test/next-person?key=${key}&nickname=${encodeURIComponent(nickname)}`,
  );
  expect(res.status()).toBe(200);
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('a new traveler signs up with WeChat, consents first, and signs in with it again', async ({ page }) => {
  await nextWeChatPerson(page, '小美旅行中');
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoInLocale(page, '/login?redirect=/search', 'zh-CN');
  const wechat = page.getByRole('link', { name: '微信登录' });
  await expect(wechat).toBeVisible();
  await noSidewaysScroll(page);
  await wechat.click();

  // Back from WeChat: no account yet, the terms first.
  await expect(page.getByRole('heading', { name: '还差一步' })).toBeVisible();
  await expect(page.getByText('微信：小美旅行中')).toBeVisible();
  await noSidewaysScroll(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.getByRole('button', { name: '创建账户' }).click();
  await expect(page.getByText('请同意服务条款和隐私政策').first()).toBeVisible();
  await page.getByRole('checkbox', { name: /我同意服务条款/ }).check();
  await page.getByRole('checkbox', { name: /我单独同意/ }).check();
  await page.getByRole('button', { name: '创建账户' }).click();

  await expect(page.getByText('账户已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
  const user = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('tabi.user') ?? 'null') as {
        fullName: string;
        profilePicture: string | null;
      } | null,
  );
  expect(user?.fullName).toBe('小美旅行中');
  expect(user?.profilePicture).toMatch(/^\/uploads\/avatars\/.+\.webp$/);

  // Signed out, the same WeChat signs in to the same account without asking again.
  await page.evaluate(() => {
    localStorage.removeItem('tabi.token');
    localStorage.removeItem('tabi.user');
  });
  await gotoInLocale(page, '/signup', 'zh-CN');
  await page.getByRole('link', { name: '微信登录' }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(
      () => (JSON.parse(localStorage.getItem('tabi.user') ?? '{}') as { fullName?: string }).fullName,
    ),
  ).toBe('小美旅行中');
});

test('linking WeChat in the settings: the account shows it linked', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { data: { username: 'traveler', password: 'traveler123' } });
  const login = (await res.json()) as { token: string; user: unknown };
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('tabi.token', token!);
        localStorage.setItem('tabi.user', user!);
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [login.token, JSON.stringify(login.user)],
  );
  await nextWeChatPerson(page, '旅行的猫');
  await gotoInLocale(page, '/profile', 'zh-CN');
  const panel = page.locator('#wechat');
  await expect(panel.getByText('尚未绑定微信。')).toBeVisible();
  await panel.getByRole('button', { name: '绑定微信' }).click();
  await expect(page.getByText('微信已绑定', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/profile#wechat$/);
  await expect(panel.getByText('已绑定微信（旅行的猫）')).toBeVisible();
  await panel.getByRole('button', { name: '解除绑定' }).click();
  await expect(panel.getByText('尚未绑定微信。')).toBeVisible();
});
