import AxeBuilder from '@axe-core/playwright';
import { allowConsoleErrors, expect, expectToast, gotoInLocale, openSignedIn, signUpByApi, test } from './fixtures';

/**
 * The account pages on a phone, their security steps (password, e-mail, deletion) and their
 * accessibility; accounts.spec.ts has sign-up, sign-in and the profile in both languages.
 */

test('on a phone, the role switch in the menu switches and closes the menu; opened again at once, the menu stays', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US' });
  const page = await context.newPage();
  const { token } = await openSignedIn(page, '/guide', 'en', 'guide', 'guide1234');
  // A slow phone's CPU: the next page takes a while to show after its address, as on a real one.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('dialog')
      .getByRole('group', { name: 'View as' })
      .getByRole('button', { name: 'Traveler' })
      .click();
    await expectToast(page, 'You are now viewing as a traveler');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Opened again before the landing page shows: once it shows, the menu is still open (it used to
    // close itself under the finger).
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('#featured-title')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Guide' }).click();
    await expectToast(page, 'You are now viewing as a guide');
    await expect(page).toHaveURL(/\/guide$/);
  } finally {
    // The demo guide is shared by the tests of this worker: a failure here must not leave them a traveler.
    await page.request.patch('/api/me/role', {
      headers: { authorization: `Bearer ${token}` },
      data: { role: 'guide' },
    });
    await context.close();
  }
});

test('account pages fit a 375 px phone without horizontal scrolling', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'zh-CN' });
  const page = await context.newPage();
  for (const p of ['/login', '/signup', '/forgot-password', '/reset-password?token=x']) {
    await page.goto(p);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(375);
  }
  // Signed in (as a guide, with the role switch), the profile page fits too.
  await openSignedIn(page, '/profile', 'zh-CN', 'guide', 'guide1234');
  await expect(page.getByRole('heading', { level: 1, name: '个人设置' })).toBeVisible();
  await expect(page.getByRole('button', { name: '更换头像' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('change the password, then delete the account with a typed confirmation', async ({ page }) => {
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 40[01]/);
  const user = await signUpByApi(page.request);
  await openSignedIn(page, '/profile', 'en', user.username, user.password);
  const security = page.locator('#security');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByText('Please enter your current password')).toBeVisible();
  await security.getByLabel('Current password').fill('not-my-password');
  await security.getByLabel('New password', { exact: true }).fill('Shinkansen-700');
  await security.getByLabel('Confirm new password').fill('Shinkansen-700');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByText('The current password is not correct')).toBeVisible();
  await security.getByLabel('Current password').fill(user.password);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed');
  // This device stays signed in with its fresh token; the old password no longer works.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  expect(
    (
      await page.request.post('/api/auth/login', { data: { username: user.username, password: user.password } })
    ).status(),
  ).toBe(401);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete account permanently' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your username/).fill('someone-else');
  await expect(dialog.getByText('That is not your username')).toBeVisible();
  await dialog.getByLabel(/Type your username/).fill(user.username);
  await dialog.getByLabel('Password', { exact: true }).fill('Shinkansen-700');
  await confirm.click();
  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header').getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(
    (
      await page.request.post('/api/auth/login', { data: { username: user.username, password: 'Shinkansen-700' } })
    ).status(),
  ).toBe(401);
});

test('a new e-mail address needs the current password, and the old address is told (zh-CN)', async ({ page }) => {
  allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400/);
  const user = await signUpByApi(page.request, { locale: 'zh-CN' });
  await openSignedIn(page, '/profile', 'zh-CN', user.username, user.password);
  const personal = page.locator('#personal');
  const email = personal.getByLabel('邮箱', { exact: true });
  await expect(email).toHaveValue(user.email);
  // Only a changed address asks for the password.
  await expect(personal.getByLabel('当前密码')).toHaveCount(0);
  const next = `moved.${user.username}@example.com`;
  await email.fill(next);
  await expect(personal.getByText('更改邮箱需要输入当前密码，我们会通知您原来的邮箱。')).toBeVisible();
  await personal.getByRole('button', { name: '保存修改' }).click();
  await expect(personal.getByText('请输入当前密码')).toBeVisible();
  await personal.getByLabel('当前密码').fill('not-my-password');
  await personal.getByRole('button', { name: '保存修改' }).click();
  await expect(personal.getByText('当前密码不正确')).toBeVisible();
  await personal.getByLabel('当前密码').fill(user.password);
  await personal.getByRole('button', { name: '保存修改' }).click();
  await expectToast(page, '资料已更新');
  await expect(personal.getByLabel('当前密码')).toHaveCount(0);
  expect(
    (await (await page.request.get('/api/me', { headers: { authorization: `Bearer ${user.reply.token}` } })).json())
      .email,
  ).toBe(next);
  await expect(async () => {
    const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)).json()).data;
    expect(
      mails.some(
        (m: { subject: string; textBody: string }) =>
          m.subject === '您的 Tabi 日本地陪邮箱已更改' && m.textBody.includes(next),
      ),
    ).toBe(true);
  }).toPass();
});

test('the account pages have no WCAG A/AA violations', async ({ page }) => {
  const user = await signUpByApi(page.request);
  for (const p of ['/login', '/signup', '/forgot-password', '/reset-password?token=x']) {
    await gotoInLocale(page, p, 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(result.violations.map((v) => `${p}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
  await openSignedIn(page, '/profile', 'zh-CN', user.username, user.password);
  await expect(page.getByRole('button', { name: '更换头像' })).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((v) => `/profile: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
});
