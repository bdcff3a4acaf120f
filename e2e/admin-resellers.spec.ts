import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAxeClean, signIn, test } from './fixtures';

/**
 * The admin console's resellers (decision 201): the demo admin creates one, reads its key once, and the key opens
 * GET /api/octo/supplier; a rotation answers a new key and shuts the old one out; a revocation shuts the key out at
 * once. Screenshots at 1280 and 375 px in Chinese and Japanese (SHOTS_DIR, /tmp/shots-channels by default).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-channels';
mkdirSync(SHOTS, { recursive: true });

const supplier = (request: APIRequestContext, key: string) =>
  request.get('/api/octo/supplier', { headers: { authorization: `Bearer ${key}` } });

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

test('an admin creates a reseller, reads its key once, rotates it and revokes it', async ({ page, baseURL }) => {
  // Two accessibility checks and a reload beside the journey: it took 39 s of the default 45 on two busy cores.
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const name = `Partner ${Date.now()}`;
  await signIn(page, 'admin', undefined, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin queues' }).getByRole('link', { name: 'Resellers' }).click();
  await expect(page).toHaveURL(/\/admin\/resellers$/);

  // By keyboard: the name, Tab to the commission, Enter sends the form.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Commission', { exact: true })).toBeFocused();
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('note')).toContainText('It will not be shown again');
  const key = (await dialog.getByTestId('new-api-key').textContent())!;
  expect(key).toMatch(/^octo_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('button', { name: 'Copy key' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAxeClean(page, 'new key dialog');
  expect((await supplier(page.request, key)).status()).toBe(200);

  await dialog.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('reseller').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('12%');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  // Shown once: neither this page nor a fresh load of it holds the key any more.
  expect(await page.content()).not.toContain(key);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await expectAxeClean(page, 'resellers');

  // Rotate: asked first, then the new key in the same dialog; the old key is shut out at once.
  await row.getByRole('button', { name: 'Rotate key' }).click();
  await expect(dialog.getByRole('heading', { name: `Rotate the key of ${name}?` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = (await dialog.getByTestId('new-api-key').textContent())!;
  expect(rotated).not.toBe(key);
  expect((await supplier(page.request, key)).status()).toBe(401);
  expect((await supplier(page.request, rotated)).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(`${rotated.slice(0, 12)}…`);

  // Revoke: asked first; the row then reads revoked, with nothing left to do, and the key gets 401.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('heading', { name: `Revoke the key of ${name}?` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Revoked', { exact: true }).first()).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  const refused = await supplier(page.request, rotated);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('UNAUTHORIZED');
});

const WORDS = {
  'zh-CN': {
    create: '创建分销商',
    name: '名称',
    commission: '佣金比例',
    rotate: '轮换密钥',
    rotateConfirm: '轮换密钥',
    revoke: '撤销',
  },
  ja: {
    create: '追加する',
    name: '名称',
    commission: '販売手数料',
    rotate: 'キーを再発行',
    rotateConfirm: '再発行する',
    revoke: '無効化',
  },
} as const;

for (const locale of ['zh-CN', 'ja'] as const) {
  const w = WORDS[locale];
  test(`the resellers page at 1280 and 375 px (${locale})`, async ({ page }) => {
    // Two widths, four screenshots each, and an accessibility check each: more than one journey's time.
    test.setTimeout(120_000);
    const admin = await signIn(page, 'admin', undefined, locale);
    // One revoked reseller beside the ones made here, so each state is on the page.
    const made = await page.request.post('/api/admin/channels', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { name: locale === 'ja' ? '旧パートナー' : '旧分销商' },
    });
    expect(made.status()).toBe(201);
    const gone = await page.request.delete(`/api/admin/channels/${(await made.json()).id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(gone.status()).toBe(200);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
      await page.goto('/admin/resellers');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('button', { name: w.create }).click();
      await expect(page.getByLabel(w.name, { exact: true })).toBeFocused();
      await page.getByLabel(w.name, { exact: true }).fill(`携程 ${width}`);
      await page.getByLabel(w.commission, { exact: true }).fill('15');
      await page.getByRole('button', { name: w.create }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('new-api-key')).toBeVisible();
      await noHorizontalScroll(page);
      await page.screenshot({ path: `${SHOTS}/key-${locale}-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('reseller').first()).toContainText(`携程 ${width}`);
      await noHorizontalScroll(page);
      await expectAxeClean(page, `resellers ${locale} ${width}`);
      await page.screenshot({ path: `${SHOTS}/resellers-${locale}-${width}.png`, fullPage: true });
      await page.getByTestId('reseller').first().getByRole('button', { name: w.rotate }).click();
      await expect(dialog.getByRole('button', { name: w.rotateConfirm })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rotate-${locale}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.getByTestId('reseller').first().getByRole('button', { name: w.revoke }).click();
      await expect(dialog.getByRole('button', { name: w.revoke })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/revoke-${locale}-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    // Dark mode on the phone (the theme follows the system at load).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByTestId('reseller').first()).toBeVisible();
    await expectAxeClean(page, `resellers dark ${locale}`);
    await page.screenshot({ path: `${SHOTS}/resellers-dark-${locale}-375.png` });
  });
}
