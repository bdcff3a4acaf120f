import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, signUpByApi, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * Sign-in by phone (decision 147) on a 375 px phone in Chinese: a new traveler signs up with a code
 * (read from GET /api/dev/sms, where the outbox provider leaves it under NODE_ENV=test) and books; an
 * existing traveler adds a phone in the profile and signs in with it.
 */

const PHONE = { width: 375, height: 740 };
/** A fresh mainland mobile number (national digits) for each test. */
const newNumber = () => `139${String(Date.now() % 1e8).padStart(8, '0')}`;

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: PHONE });
  return { context, page: await context.newPage() };
}

/** The last text read per number: a new code is one the test has not read yet. */
const read = new Map<string, number>();

/**
 * The code the server texted to the number, as a phone would show it. The click that asks for it
 * returns before the server has sent it, so the outbox is asked until a text not read before is there.
 */
/** What the text says the code is for (decisions 182, 195): signing in or up, or adding this number to an account. */
const CODE_TEXT = {
  signIn: /^【Tabi Guides】您正在登录 Tabi Guides，验证码 \d{6}，5分钟内有效。请勿告诉他人。$/,
  signUp: /^【Tabi Guides】您正在注册 Tabi Guides，验证码 \d{6}，5分钟内有效。请勿告诉他人。$/,
  addNumber:
    /^【Tabi Guides】您正在将本手机号绑定到 Tabi Guides 账户，验证码 \d{6}，5分钟内有效。如非本人操作，请勿告诉他人。$/,
};

async function texted(
  request: APIRequestContext,
  e164: string,
  purpose: keyof typeof CODE_TEXT = 'signIn',
): Promise<string> {
  let latest: { id: number; body: string } | undefined;
  await expect
    .poll(async () => {
      const reply = await (await request.get(`/api/dev/sms?to=${encodeURIComponent(e164)}`)).json();
      latest = reply.data[0];
      return latest !== undefined && latest.id !== read.get(e164);
    })
    .toBe(true);
  read.set(e164, latest!.id);
  expect(latest!.body).toMatch(CODE_TEXT[purpose]);
  return /\d{6}/.exec(latest!.body)![0];
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a new traveler signs up by phone and books a guide', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { context, page } = await phonePage(browser);
  const number = newNumber();
  await gotoInLocale(page, '/signup', 'zh-CN');
  const phone = page.getByRole('region', { name: '手机号登录' });
  await expect(phone).toBeVisible();
  await expect(phone.getByRole('combobox', { name: '国家或地区' })).toHaveValue('CN');
  await noSidewaysScroll(page);
  // The picker and the number side by side, both inside the 375 px screen, the number wide enough to read.
  const box = (await phone.getByLabel('手机号', { exact: true }).boundingBox())!;
  expect(box.width).toBeGreaterThan(120);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await phone.getByLabel('手机号', { exact: true }).fill(number);
  await phone.getByRole('button', { name: '获取验证码' }).click();
  const code = phone.getByLabel('验证码');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(phone.getByRole('button', { name: /秒后重新发送$/ })).toBeDisabled();
  await code.fill(await texted(request, `+86${number}`, 'signUp'));
  for (const box of await phone.getByRole('checkbox').all()) await box.check();
  // Her name, family name first, is what guides will see: never a generated username.
  await phone.getByLabel('姓', { exact: true }).fill('王');
  await phone.getByLabel('名', { exact: true }).fill('芳');
  await phone.getByRole('button', { name: '继续' }).click();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('tabi.user') ?? 'null') as { phone: string; email: string | null } | null,
  );
  expect(me).toMatchObject({ phone: `+86${number}`, email: null, fullName: '王芳' });

  // The same traveler books the demo guide: checkout, Alipay first, the wallet's demo page, paid.
  const login = await (
    await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
  ).json();
  const guide = await (
    await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })
  ).json();
  const slot = await freeSlot(request, guide.id, { hours: 2, fromDay: 33, notBefore: '10:00' });
  await page.goto(
    `/checkout/${guide.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`,
  );
  const address = page.getByRole('combobox', { name: '集合地址' });
  await address.fill('新宿站 东口');
  await address.press('Escape');
  await page.getByLabel('邮政编码').fill('1600022');
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  await page.getByLabel('支付宝账号').fill('liwei@example.com');
  await page.getByRole('button', { name: /^支付 [\d,.]+ 元$/ }).click();
  await expect(page).toHaveURL(/\/payment-demo\?ref=sim_alipay_/);
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/payment-success\?booking=\d+$/);
  await expect(page.getByText('已用支付宝支付 · 演示支付，未产生真实扣款')).toBeVisible();
  await context.close();
});

test('an existing traveler adds a phone in the profile, then signs in with it', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const account = await signUpByApi(request, { prefix: 'ph', fullName: '王芳', locale: 'zh-CN' });
  const number = newNumber();
  const { context, page } = await phonePage(browser);
  await signIn(page, account.username, account.password, 'zh-CN');
  await page.goto('/profile');
  await expect(page.getByText('尚未绑定手机号。')).toBeVisible();
  const section = page.getByRole('region', { name: '手机号' });
  await section.getByRole('textbox', { name: '手机号' }).fill(number);
  await section.getByRole('button', { name: '获取验证码' }).click();
  await section.getByLabel('验证码').fill(await texted(request, `+86${number}`, 'addNumber'));
  await section.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '手机号已保存' })).toBeVisible();
  // Written as a Chinese number is written: 139 0471 5320.
  await expect(
    page.getByText(`当前手机号：${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}`),
  ).toBeVisible();
  await noSidewaysScroll(page);
  await context.close();

  // Signed out, on another phone: a second code within the minute is refused, then sent.
  const other = await phonePage(browser);
  const p = other.page;
  await gotoInLocale(p, '/login', 'zh-CN');
  const phone = p.getByRole('region', { name: '手机号登录' });
  await phone.getByLabel('手机号', { exact: true }).fill(number);
  await phone.getByRole('button', { name: '获取验证码' }).click();
  await expect(phone.getByText(/获取验证码过于频繁，请 \d+ 秒后再试。/)).toBeVisible();
  // The minute's pause is the server's to end: the dev route ends it now instead of the test waiting.
  expect((await request.post('/api/dev/sms/pause-ended', { data: { to: `+86${number}` } })).status()).toBe(204);
  await phone.getByRole('button', { name: '获取验证码' }).click();
  await phone.getByLabel('验证码').fill(await texted(request, `+86${number}`));
  await phone.getByRole('button', { name: '继续' }).click();
  await expect(p).toHaveURL(/\/$/);
  const me = await p.evaluate(
    () => JSON.parse(localStorage.getItem('tabi.user') ?? 'null') as { username: string } | null,
  );
  expect(me?.username).toBe(account.username);
  await other.context.close();
});
