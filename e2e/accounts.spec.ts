import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';
import {
  allowConsoleErrors,
  expect,
  expectToast,
  gotoInLocale,
  openSignedIn,
  serverDataDir,
  signUpByApi,
  test,
  visibleToasts,
} from './fixtures';

type Locale = 'en' | 'zh-CN';
const HTTP_401 = /Failed to load resource: the server responded with a status of 401/;
// The realtime socket may try the expired token before the first API reply logs the reader out; the
// server refuses it and the browser logs that refusal, which is the expected outcome.
const WS_REFUSED = /WebSocket connection to .* failed: HTTP Authentication failed/;

/** The visible texts each test reads, in both languages (SPEC strings verbatim in their language). */
const T = {
  en: {
    signupTitle: 'Sign Up',
    submitSignup: 'Create account',
    first: 'First name',
    last: 'Last name',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    nameRequired: 'Please enter your first and last name',
    usernameRules: 'Username must be at least 3 characters, lowercase letters and numbers only',
    usernameTaken: 'Username already taken',
    usernameAvailable: 'Username is available',
    emailInvalid: 'Please enter a valid email address',
    passwordMin: 'Password must be at least 8 characters',
    mismatch: 'Passwords do not match',
    terms: 'Please agree to the Terms of Service and Privacy Policy',
    termsLabel: /I agree to the Terms of Service/,
    transferLabel: /personal data is transferred to Japan/,
    weak: 'Password strength: Weak',
    medium: 'Password strength: Medium',
    strong: 'Password strength: Strong',
    accountCreated: 'Account created',
    loginTitle: 'Log In',
    loginUser: 'Username or email',
    loginSubmit: 'Log In',
    fillAll: 'Please fill in all fields',
    errorTitle: 'Error',
    loginFailed: 'Login failed',
    loginFailedBody: 'Please check your credentials and try again.',
    loggedIn: 'Logged in successfully',
    welcome: 'Welcome back!',
    sessionExpired: 'Session Expired',
    loggedOut: 'Logged out',
    logOut: 'Log Out',
    forgotLink: 'Forgot password?',
    sendLink: 'Send reset link',
    checkEmail: 'Check your email',
    newPassword: 'New password',
    setPassword: 'Set new password',
    passwordUpdated: 'Password updated',
    invalidLink: 'This reset link is invalid, expired or already used.',
    traveler: 'Traveler',
    guide: 'Guide',
    roleSwitched: 'Role switched',
    viewingAsTraveler: 'You are now viewing as a traveler',
    viewingAsGuide: 'You are now viewing as a guide',
    changePhoto: 'Change photo',
    avatarUpdated: 'Avatar Updated',
    uploadFailed: 'Upload Failed',
    profileTitle: 'Profile settings',
    viewAs: 'View as',
    accountMenu: /Account menu/,
  },
  'zh-CN': {
    signupTitle: '注册',
    submitSignup: '创建账户',
    first: '名',
    last: '姓',
    username: '用户名',
    email: '邮箱',
    password: '密码',
    confirm: '确认密码',
    nameRequired: '请填写姓名',
    usernameRules: '用户名至少3个字符，只能包含小写字母和数字',
    usernameTaken: '用户名已被占用',
    usernameAvailable: '用户名可用',
    emailInvalid: '请输入有效的邮箱地址',
    passwordMin: '密码至少需要8个字符',
    mismatch: '两次输入的密码不匹配',
    terms: '请同意服务条款和隐私政策',
    termsLabel: /我同意服务条款/,
    transferLabel: /将我的个人信息传输至日本/,
    weak: '密码强度：弱',
    medium: '密码强度：中',
    strong: '密码强度：强',
    accountCreated: '账户已创建',
    loginTitle: '登录',
    loginUser: '用户名或邮箱',
    loginSubmit: '登录',
    fillAll: '请填写所有字段',
    errorTitle: '错误',
    loginFailed: '登录失败',
    loginFailedBody: '请检查您的账号和密码后重试。',
    loggedIn: '登录成功',
    welcome: '欢迎回来！',
    sessionExpired: '登录已过期',
    loggedOut: '已退出登录',
    logOut: '退出登录',
    forgotLink: '忘记密码？',
    sendLink: '发送重置链接',
    checkEmail: '请查收邮件',
    newPassword: '新密码',
    setPassword: '保存新密码',
    passwordUpdated: '密码已更新',
    invalidLink: '该重置链接无效、已过期或已被使用。',
    traveler: '旅行者',
    guide: '地陪',
    roleSwitched: '已切换角色',
    viewingAsTraveler: '您现在以旅行者身份浏览',
    viewingAsGuide: '您现在以地陪身份浏览',
    changePhoto: '更换头像',
    avatarUpdated: '头像已更新',
    uploadFailed: '上传失败',
    profileTitle: '个人设置',
    viewAs: '浏览身份',
    accountMenu: /的账户菜单/,
  },
} as const;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d0a1f90000000049454e44ae426082',
  'hex',
);

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

async function apiSignup(request: APIRequestContext, locale: Locale = 'en') {
  return signUpByApi(request, { locale });
}

for (const locale of ['en', 'zh-CN'] as const) {
  const s = T[locale];

  test.describe(`accounts (${locale})`, () => {
    test('sign up shows each validation error, then succeeds once they are fixed', async ({ page }) => {
      await gotoInLocale(page, '/signup?redirect=%2Fprofile', locale);
      await expect(page.getByRole('heading', { level: 1, name: s.signupTitle })).toBeVisible();
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expectToast(page, s.errorTitle);
      for (const message of [s.nameRequired, s.usernameRules, s.emailInvalid, s.passwordMin, s.terms]) {
        await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      }
      // Errors are tied to their fields.
      await expect(page.getByLabel(s.username, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(s.username, { exact: true })).toHaveAccessibleDescription(
        new RegExp(s.usernameRules),
      );

      await page.getByLabel(s.first, { exact: true }).fill('Mei');
      await page.getByLabel(s.last, { exact: true }).fill('Lin');
      await expect(page.getByText(s.nameRequired, { exact: true })).toHaveCount(0);

      // Forced to lowercase; a taken name (the demo traveler) gives a suggestion.
      const username = page.getByLabel(s.username, { exact: true });
      await username.fill('TRAVELER');
      await expect(username).toHaveValue('traveler');
      await expect(page.getByText(s.usernameTaken, { exact: true })).toBeVisible();
      const suggestion = page.getByRole('button', { name: /traveler\d{1,3}/ });
      await expect(suggestion).toBeVisible();
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expectToast(page, locale === 'en' ? 'Please choose an available username' : '请选择一个可用的用户名');
      const name = unique('mei');
      await username.fill(name);
      await expect(page.getByText(s.usernameAvailable)).toBeVisible();

      await page.getByLabel(s.email, { exact: true }).fill('not-an-email');
      await expect(page.getByText(s.emailInvalid)).toBeVisible();
      await page.getByLabel(s.email, { exact: true }).fill(`${name}@example.com`);
      await expect(page.getByText(s.emailInvalid)).toHaveCount(0);

      const password = page.getByLabel(s.password, { exact: true });
      await password.fill('abc');
      await expect(page.getByText(s.weak)).toBeVisible();
      await password.fill('abcdefg1');
      await expect(page.getByText(s.medium)).toBeVisible();
      await expect(page.getByText(s.passwordMin)).toHaveCount(0);
      await password.fill('Abcdefg1!');
      await expect(page.getByText(s.strong)).toBeVisible();
      await page.getByLabel(s.confirm, { exact: true }).fill('Abcdefg1?');
      await expect(page.getByText(s.mismatch)).toBeVisible();
      await page.getByLabel(s.confirm, { exact: true }).fill('Abcdefg1!');
      await expect(page.getByText(s.mismatch)).toHaveCount(0);

      await page.getByRole('checkbox', { name: s.termsLabel }).check();
      await expect(page.getByText(s.terms, { exact: true })).toHaveCount(0);
      // The transfer abroad is a box of its own (decision 124).
      await page.getByRole('checkbox', { name: s.transferLabel }).check();
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expectToast(page, s.accountCreated);
      // The redirect parameter is honoured.
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: s.profileTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: s.accountMenu })).toBeVisible();
    });

    test('log in with a redirect, carried from the signup link too', async ({ page }) => {
      allowConsoleErrors(page, HTTP_401);
      await gotoInLocale(page, '/signup?redirect=%2Fprofile', locale);
      await page
        .locator('main')
        .getByRole('link', { name: locale === 'en' ? 'Log in' : '登录', exact: true })
        .click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
      await page.getByRole('button', { name: s.loginSubmit, exact: true }).last().click();
      await expectToast(page, s.errorTitle);
      await expectToast(page, s.fillAll);
      await page.getByLabel(s.loginUser).fill('traveler');
      await page.getByLabel(s.password, { exact: true }).fill('wrong-password');
      await page.locator('form').getByRole('button', { name: s.loginSubmit }).click();
      await expectToast(page, s.loginFailed);
      await expectToast(page, s.loginFailedBody);
      await expect(visibleToasts(page)).toHaveCount(1);
      await page.getByLabel(s.password, { exact: true }).fill('traveler123');
      await page.locator('form').getByRole('button', { name: s.loginSubmit }).click();
      await expectToast(page, s.loggedIn);
      await expectToast(page, s.welcome);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: s.profileTitle })).toBeVisible();
    });

    test('an expired session logs out to /login with the Session Expired toast', async ({ page }) => {
      allowConsoleErrors(page, HTTP_401, WS_REFUSED);
      const user = await apiSignup(page.request, locale);
      const reply = await openSignedIn(page, '/', locale, user.username, user.password);
      const claims = JSON.parse(Buffer.from(reply.token.split('.')[1], 'base64url').toString());
      const secret = readFileSync(path.join(serverDataDir(), 'jwt-secret'), 'utf8').trim();
      const expired = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(secret));
      // Swap in the expired token as the next page starts, before the app runs: set on the live page,
      // a request of that page could meet it first and log out there, before /profile is opened.
      await page.addInitScript((token) => {
        if (location.pathname === '/profile') localStorage.setItem('tabi.token', token);
      }, expired);
      await page.goto('/profile');
      await expectToast(page, s.sessionExpired);
      await expect(page).toHaveURL(/\/login$/);
      expect(
        await page.evaluate(() => [localStorage.getItem('tabi.token'), localStorage.getItem('tabi.user')]),
      ).toEqual([null, null]);
      await expect(page.getByRole('link', { name: s.loginTitle }).first()).toBeVisible();
    });

    test('reset a forgotten password through the e-mail link, then log in with it', async ({ page }) => {
      allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400/);
      const user = await apiSignup(page.request, locale);
      await gotoInLocale(page, '/login', locale);
      await page.getByRole('link', { name: s.forgotLink }).click();
      await page.getByLabel(s.email, { exact: true }).fill(user.email.toUpperCase());
      await page.getByRole('button', { name: s.sendLink }).click();
      await expect(page.getByText(s.checkEmail)).toBeVisible();

      let link = '';
      await expect(async () => {
        const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
        const mail = (await res.json()).data[0];
        link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.textBody ?? '')?.[0] ?? '';
        expect(link).not.toBe('');
      }).toPass();
      const resetPath = new URL(link).pathname + new URL(link).search;
      await page.goto(resetPath);
      await page.getByLabel(s.newPassword, { exact: true }).fill('Fuji-san2026');
      await page.getByLabel(s.confirm, { exact: true }).fill('Fuji-san2026');
      await page.getByRole('button', { name: s.setPassword }).click();
      await expectToast(page, s.passwordUpdated);
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel(s.loginUser).fill(user.username);
      await page.getByLabel(s.password, { exact: true }).fill('Fuji-san2026');
      await page.locator('form').getByRole('button', { name: s.loginSubmit }).click();
      await expectToast(page, s.loggedIn);
      await expect(page).toHaveURL(/\/$/);

      // The link works once.
      await page.goto(resetPath);
      await page.getByLabel(s.newPassword, { exact: true }).fill('Another2026!');
      await page.getByLabel(s.confirm, { exact: true }).fill('Another2026!');
      await page.getByRole('button', { name: s.setPassword }).click();
      await expect(page.getByText(s.invalidLink)).toBeVisible();
    });

    test('a guide switches to the traveler view and back; a guide is sent from / to /guide', async ({ page }) => {
      await openSignedIn(page, '/', locale, 'guide', 'guide1234');
      await expect(page).toHaveURL(/\/guide$/);
      const group = page.getByRole('group', { name: s.viewAs });
      await expect(group.getByRole('button', { name: s.guide })).toHaveAttribute('aria-pressed', 'true');
      await group.getByRole('button', { name: s.traveler }).click();
      await expectToast(page, s.roleSwitched);
      await expectToast(page, s.viewingAsTraveler);
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => localStorage.getItem('tabi.view'))).toBe('traveler');
      await expect(group.getByRole('button', { name: s.traveler })).toHaveAttribute('aria-pressed', 'true');
      await group.getByRole('button', { name: s.guide }).click();
      await expectToast(page, s.viewingAsGuide);
      await expect(page).toHaveURL(/\/guide$/);
      expect(await page.evaluate(() => localStorage.getItem('tabi.view'))).toBe('guide');
      // Reloading / keeps the guide on the guide landing page.
      await page.goto('/');
      await expect(page).toHaveURL(/\/guide$/);
    });

    test('a traveler sees no role switch, but Become a Guide; logging out says Logged out', async ({ page }) => {
      await openSignedIn(page, '/', locale, 'traveler', 'traveler123');
      await expect(page.getByRole('group', { name: s.viewAs })).toHaveCount(0);
      await expect(
        page.locator('header').getByRole('link', { name: locale === 'en' ? 'Become a Guide' : '成为地陪' }),
      ).toBeVisible();
      await page.getByRole('button', { name: s.accountMenu }).click();
      const menu = page.getByRole('menu');
      for (const item of locale === 'en'
        ? ['Profile', 'Messages', 'My Trips', 'Help Center', 'Log Out']
        : ['个人资料', '消息', '我的行程', '帮助中心', '退出登录']) {
        await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
      }
      await menu.getByRole('menuitem', { name: s.logOut }).click();
      await expectToast(page, s.loggedOut);
      await expect(page.locator('header').getByRole('link', { name: s.loginTitle })).toBeVisible();
    });

    test('change the avatar; a file that is not an image is refused', async ({ page }) => {
      allowConsoleErrors(page, /Failed to load resource: the server responded with a status of 400/);
      const user = await apiSignup(page.request, locale);
      await openSignedIn(page, '/profile', locale, user.username, user.password);
      await expect(page.getByRole('heading', { level: 1, name: s.profileTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: s.changePhoto })).toBeVisible();
      await page.getByTestId('avatar-input').setInputFiles({
        name: 'not-really.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<script>alert(1)</script>'),
      });
      await expectToast(page, s.uploadFailed);
      await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expectToast(page, s.avatarUpdated);
      const img = page.locator('img[src^="/uploads/avatars/"]').first();
      await expect(img).toBeVisible();
      // The header shows it too, and it survives a reload.
      await page.reload();
      await expect(
        page.getByRole('button', { name: s.accountMenu }).locator('img[src^="/uploads/avatars/"]'),
      ).toBeVisible();
    });
  });
}
