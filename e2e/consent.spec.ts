import type { Page } from '@playwright/test';
import { expect, gotoInLocale, signIn, signUpByApi, test, visibleToasts } from './fixtures';

/**
 * Terms, privacy and the transfer abroad: the unticked boxes at sign-up and the blocking consent screen (decision 124),
 * on a phone.
 */
const T = {
  en: {
    first: 'First name',
    last: 'Last name',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    submitSignup: 'Create account',
    termsBox: /I agree to the Terms of Service and the Privacy Policy/,
    transferBox: /Separately, I agree that my personal data is transferred to Japan/,
    termsRequired: 'Please agree to the Terms of Service and Privacy Policy',
    transferRequired: 'Please agree to the transfer of your data abroad',
    accountCreated: 'Account created',
    gateTitle: 'Before you continue',
    gateSubmit: 'Agree and continue',
    gateRequired: 'Please tick this box to continue',
    termsVersion: /^Version \d+ · in effect from \w+ \d{1,2}, \d{4}$/,
    termsTitle: 'Terms of Service',
    transferTitle: 'Cross-border transfer notice',
  },
  'zh-CN': {
    first: '名',
    last: '姓',
    username: '用户名',
    email: '邮箱',
    password: '密码',
    confirm: '确认密码',
    submitSignup: '创建账户',
    termsBox: /我同意服务条款和隐私政策/,
    transferBox: /我单独同意按照个人信息出境告知，将我的个人信息传输至日本/,
    termsRequired: '请同意服务条款和隐私政策',
    transferRequired: '请同意将您的个人信息传输至境外',
    accountCreated: '账户已创建',
    gateTitle: '继续之前',
    gateSubmit: '同意并继续',
    gateRequired: '请勾选此项以继续',
    termsVersion: /^版本 \d+ · 自\d{4}年\d{1,2}月\d{1,2}日起生效$/,
    termsTitle: '服务条款',
    transferTitle: '个人信息出境告知',
  },
} as const;

const PHONE = { width: 375, height: 740 };
const toast = (page: Page, text: string) => visibleToasts(page).filter({ hasText: text }).first();

async function myConsents(page: Page, token: string) {
  const res = await page.request.get('/api/me/consents', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { needed: string[]; consents: { kind: string; version: string; locale: string }[] };
}

for (const locale of ['en', 'zh-CN'] as const) {
  const s = T[locale];

  test.describe(`consents (${locale}, 375 px)`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(PHONE));

    test('sign-up shows both boxes unticked and creates no account until both are ticked', async ({ page }) => {
      await gotoInLocale(page, '/signup', locale);
      const terms = page.getByRole('checkbox', { name: s.termsBox });
      const transfer = page.getByRole('checkbox', { name: s.transferBox });
      await expect(terms).not.toBeChecked();
      await expect(transfer).not.toBeChecked();

      const name = `cs${Date.now().toString(36)}`;
      await page.getByLabel(s.first, { exact: true }).fill('Mei');
      await page.getByLabel(s.last, { exact: true }).fill('Lin');
      await page.getByLabel(s.username, { exact: true }).fill(name);
      await page.getByLabel(s.email, { exact: true }).fill(`${name}@example.com`);
      await page.getByLabel(s.password, { exact: true }).fill('Sakura2026!');
      await page.getByLabel(s.confirm, { exact: true }).fill('Sakura2026!');

      let signups = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/signup')) signups++;
      });
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expect(page.getByText(s.termsRequired, { exact: true }).first()).toBeVisible();
      await expect(terms).toHaveAttribute('aria-invalid', 'true');

      // Terms and privacy alone are not enough: the transfer abroad is a consent of its own.
      await terms.check();
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expect(toast(page, s.transferRequired)).toBeVisible();
      await expect(transfer).toHaveAttribute('aria-invalid', 'true');
      await expect(transfer).toBeFocused();
      expect(signups).toBe(0);
      await expect(page).toHaveURL(/\/signup$/);

      await transfer.check();
      await page.getByRole('button', { name: s.submitSignup }).click();
      await expect(toast(page, s.accountCreated)).toBeVisible();
      expect(signups).toBe(1);
      // Signed in, with nothing left to consent to: no consent screen.
      const token = await page.evaluate(() => localStorage.getItem('tabi.token'));
      const mine = await myConsents(page, token!);
      expect(mine.needed).toEqual([]);
      expect(mine.consents.map((c) => c.kind).sort()).toEqual(['cross_border', 'privacy', 'terms']);
      expect(new Set(mine.consents.map((c) => c.locale))).toEqual(new Set([locale]));
      await page.goto('/');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('an account made without consents meets the blocking consent screen, which needs both boxes', async ({
      page,
    }) => {
      const user = await signUpByApi(page.request, { prefix: 'gate', locale, consents: false });
      await signIn(page, user.username, user.password, locale);
      await gotoInLocale(page, '/dashboard', locale);
      const dialog = page.getByRole('dialog', { name: s.gateTitle });
      await expect(dialog).toBeVisible();
      // It cannot be dismissed.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();

      const terms = dialog.getByRole('checkbox', { name: s.termsBox });
      const transfer = dialog.getByRole('checkbox', { name: s.transferBox });
      await expect(terms).not.toBeChecked();
      await expect(transfer).not.toBeChecked();
      await dialog.getByRole('button', { name: s.gateSubmit }).click();
      await expect(dialog.getByText(s.gateRequired)).toHaveCount(2);
      await terms.check();
      await dialog.getByRole('button', { name: s.gateSubmit }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(s.gateRequired)).toHaveCount(1);
      // The notice the box names is readable while the screen waits (a new tab of the same app).
      const [notice] = await Promise.all([
        page.context().waitForEvent('page'),
        dialog
          .getByRole('link', { name: new RegExp(`^${s.transferTitle}`) })
          .first()
          .click(),
      ]);
      await expect(notice.getByRole('heading', { level: 1, name: s.transferTitle })).toBeVisible();
      await expect(notice.getByRole('dialog')).toHaveCount(0);
      await notice.close();

      await transfer.check();
      await dialog.getByRole('button', { name: s.gateSubmit }).click();
      await expect(dialog).toHaveCount(0);
      expect((await myConsents(page, user.token)).needed).toEqual([]);
      await page.reload();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('a document not yet consented to (a new one, or a new version) is asked for alone', async ({ page }) => {
      const user = await signUpByApi(page.request, { prefix: 'newdoc', locale, consents: false });
      // Terms and privacy given, the transfer notice not: as after a new document is published.
      const give = await page.request.post('/api/me/consents', {
        headers: { authorization: `Bearer ${user.token}` },
        data: {
          consents: (await (await page.request.get('/api/legal/documents')).json()).documents
            .filter((d: { kind: string }) => d.kind !== 'cross_border')
            .map((d: { kind: string; version: string }) => ({ kind: d.kind, version: d.version })),
        },
      });
      expect(give.status()).toBe(200);
      await signIn(page, user.username, user.password, locale);
      await gotoInLocale(page, '/', locale);
      const dialog = page.getByRole('dialog', { name: s.gateTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('checkbox')).toHaveCount(1);
      await dialog.getByRole('checkbox', { name: s.transferBox }).check();
      await dialog.getByRole('button', { name: s.gateSubmit }).click();
      await expect(dialog).toHaveCount(0);
    });

    test('the legal pages show their version and the day it applies from', async ({ page }) => {
      for (const [path, title] of [
        ['/terms', s.termsTitle],
        ['/privacy/cross-border', s.transferTitle],
      ] as const) {
        await gotoInLocale(page, path, locale);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('legal-version')).toHaveText(s.termsVersion);
      }
    });
  });
}
