import type { APIRequestContext, Page } from '@playwright/test';
import { currentConsents, expect, signIn, signUpByApi, test } from './fixtures';

/**
 * Decision 185 in a real browser: a traveler made by phone (no password) deletes the account with the
 * code texted to the phone; a traveler ends another device's session on /profile/sessions and that
 * device's token stops working. Screenshots of the sessions page at 375 and 1280 px, in en and zh-CN,
 * go to SHOTS_DIR.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-account-security';
const newNumber = () => `139${String(Date.now() % 1e8).padStart(8, '0')}`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The newest text to the number once it differs from `before` (the click that asks for it returns before it is sent).
 */
async function texted(request: APIRequestContext, e164: string, before = ''): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      body = (await (await request.get(`/api/dev/sms?to=${encodeURIComponent(e164)}`)).json()).data[0]?.body ?? '';
      return /\d{6}/.test(body) && body !== before;
    })
    .toBe(true);
  return body;
}

/** Stores a session where the web app keeps it, as `signIn` does for a password account. */
async function useSession(page: Page, reply: { token: string; user: unknown }, locale: 'en' | 'zh-CN') {
  await page.addInitScript(
    ([token, user, l]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('tabi.token', token!);
        localStorage.setItem('tabi.user', user!);
        localStorage.setItem('tabi.locale', l!);
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [reply.token, JSON.stringify(reply.user), locale],
  );
}

test('a traveler made by phone deletes the account with a code texted to the phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const e164 = `+86${newNumber()}`;
  expect((await request.post('/api/auth/phone/start', { data: { phone: e164 } })).status()).toBe(202);
  const signInText = await texted(request, e164);
  const made = await request.post('/api/auth/phone/verify', {
    data: {
      phone: e164,
      code: /\d{6}/.exec(signInText)![0],
      consents: await currentConsents(request),
      fullName: '王芳',
      locale: 'en',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const reply = await made.json();
  expect(reply.user.hasPassword).toBe(false);
  expect((await request.post('/api/dev/sms/pause-ended', { data: { to: e164 } })).status()).toBe(204);

  await useSession(page, reply, 'en');
  await page.goto('/profile#account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(`Type your username ${reply.user.username} to confirm`).fill(reply.user.username);
  // No password to give: a code to the phone instead.
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Text me a code' }).click();
  const body = await texted(request, e164, signInText);
  expect(body).toContain('code to delete your account');
  await dialog.getByLabel('Verification code').fill(/\d{6}/.exec(body)![0]);
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${reply.token}` } })).status()).toBe(401);
});

test('a traveler signs out another device on the sessions page', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const account = await signUpByApi(request, { prefix: 'sess' });
  for (const [locale, width, height] of [
    ['en', 1280, 900],
    ['zh-CN', 375, 740],
    ['en', 375, 740],
    ['zh-CN', 1280, 900],
  ] as const) {
    const phone = await request.post('/api/auth/login', {
      data: { username: account.username, password: account.password },
      headers: { 'user-agent': IPHONE },
    });
    const phoneToken = (await phone.json()).token as string;
    const context = await browser.newContext({ locale, viewport: { width, height } });
    const page = await context.newPage();
    await signIn(page, account.username, account.password, locale);
    await page.goto('/profile/sessions');
    const iphone = locale === 'en' ? 'Safari on iPhone' : 'iPhone 上的 Safari';
    const end = page.getByRole('button', { name: locale === 'en' ? `Sign out ${iphone}` : `将 ${iphone} 退出登录` });
    await expect(end).toBeVisible();
    await expect(page.getByText(locale === 'en' ? 'This device' : '本设备')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/sessions-${locale}-${width}.png`, fullPage: true });

    // By keyboard: the button takes focus and Enter signs the phone out.
    await end.focus();
    await page.keyboard.press('Enter');
    await expect(end).toHaveCount(0);
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${phoneToken}` } })).status()).toBe(401);
    await context.close();
  }
});
