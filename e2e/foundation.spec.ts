import type { BrowserContext } from '@playwright/test';
import { allowConsoleErrors, expect, gotoInLocale, signUpByApi, switchLanguage, test } from './fixtures';

test.describe('landing page', () => {
  test('renders in English', async ({ page }) => {
    await gotoInLocale(page, '/', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See Japan with someone who lives there');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
    await expect(page).toHaveTitle('Tabi Guides');
  });

  test('renders in Chinese', async ({ page }) => {
    await gotoInLocale(page, '/', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('跟着当地人，看见真实的日本');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('link', { name: '注册' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: '京都' })).toBeVisible();
  });

  test('follows the browser language when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('跟着当地人，看见真实的日本');
    await context.close();
  });
});

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('See Japan with someone who lives there');
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('跟着当地人，看见真实的日本');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('跟着当地人，看见真实的日本');
  await switchLanguage(page, 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('その街に暮らす人と、日本を歩こう');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('その街に暮らす人と、日本を歩こう');
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('See Japan with someone who lives there');
});

test('a first visit from a Japanese browser is served in Japanese, rendered on the server', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(await response!.text()).toContain('<html lang="ja">');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('その街に暮らす人と、日本を歩こう');
  await expect(page.getByRole('link', { name: '新規登録' }).first()).toBeVisible();
  await context.close();
});

test("a new device takes the account's language at sign-in; a choice made on the device stays", async ({
  browser,
  request,
}) => {
  const user = await signUpByApi(request, { locale: 'zh-CN' });
  const signInOn = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fprofile');
    return page;
  };
  // An English machine that never chose: after the sign-in it reads the account's 中文, and so do the server's replies.
  const fresh = await browser.newContext({ locale: 'en-US' });
  let page = await signInOn(fresh);
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '个人设置' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const cookies = await fresh.cookies();
  expect(cookies.find((c) => c.name === 'tabi_locale')?.value).toBe('zh-CN');
  await fresh.close();
  // A machine whose reader picked 日本語 before signing in keeps it.
  const chosen = await browser.newContext({ locale: 'en-US' });
  page = await signInOn(chosen);
  await switchLanguage(page, 'ja');
  await page.getByLabel('ユーザー名またはメールアドレス').fill(user.username);
  await page.getByLabel('パスワード', { exact: true }).fill(user.password);
  await page.locator('form').getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await chosen.close();
});

test('the dark-mode choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test.describe('not found', () => {
  // The status is 404 (search engines drop the address), which the browser reports.
  test.beforeEach(({ page }) => allowConsoleErrors(page, /status of 404/));
  test('an unknown path shows Page Not Found', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  });
  test('and 页面未找到 in Chinese', async ({ page }) => {
    await gotoInLocale(page, '/nope', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面未找到');
  });
});

test('every footer link leads to a real page', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toBeVisible();
  const hrefs = await footer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThanOrEqual(16);
  for (const href of hrefs) {
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 }), href!).not.toHaveText('Page Not Found');
  }
});

test('on a phone the menu opens as a sheet and navigates', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await context.close();
});
