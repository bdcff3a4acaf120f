import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { expect, gotoInLocale, signIn, test } from './fixtures';

/**
 * Decision 070: the demo guide writes a new itinerary in Japanese only on
 * /guide-dashboard; a Chinese reader sees it with '原文为日语', an English reader with 'Written in
 * Japanese'. The profile editor saves and search shows the change at once. Everything changed is
 * put back (the itinerary is deleted, the profile restored). SHOTS_DIR=… saves screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;
const TITLE = '谷中さんぽ（テスト）';

test('a guide writes an itinerary in Japanese only; Chinese and English readers see the original named', async ({
  page,
  browser,
}) => {
  const login = await signIn(page, 'guide', undefined, 'en');
  const headers = { authorization: `Bearer ${login.token}` };
  const before = await (await page.request.get('/api/v2/guides/me/itineraries', { headers })).json();
  const beforeIds = new Set(before.data.map((i: { id: number }) => i.id));
  const created: number[] = [];
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/guide-dashboard#itineraries');
    const panel = page.locator('#itineraries');
    await panel.getByRole('button', { name: 'Add itinerary' }).click();
    const form = panel.getByRole('form', { name: 'New itinerary' });
    await form.getByLabel('Original language').selectOption('ja');
    await form.getByRole('tab', { name: /日本語/ }).click();
    await form.getByLabel('Title (Japanese)').fill(TITLE);
    await form.getByLabel('Summary (Japanese)').fill('谷中銀座で食べ歩きをして、夕やけだんだんで夕日を見ます。');
    await form.getByLabel('Stop 1: place').fill('谷中銀座');
    await form.getByLabel('Stop 1: what you do there').fill('コロッケを食べ歩き');
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await panel.screenshot({ path: `${SHOTS}/itinerary-editor-1280-en.png` });
    }
    await form.getByRole('button', { name: 'Save itinerary' }).click();
    await expect(page.getByText('Itinerary saved')).toBeVisible();
    await expect(panel.getByText(TITLE)).toBeVisible();
    const after = await (await page.request.get('/api/v2/guides/me/itineraries', { headers })).json();
    const mine = after.data.filter((i: { id: number }) => !beforeIds.has(i.id));
    expect(mine).toHaveLength(1);
    created.push(mine[0].id);
    expect(Object.keys(mine[0].texts)).toEqual(['ja']);
    const id = mine[0].id as number;

    // A Chinese reader: the Japanese original, named.
    const zh = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const reader = await zh.newPage();
    await gotoInLocale(reader, `/itinerary/${id}`, 'zh-CN');
    await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(reader.getByText('原文为日语').first()).toBeVisible();
    await expect(reader.locator('h1')).toHaveAttribute('lang', 'ja');
    if (SHOTS) await reader.screenshot({ path: `${SHOTS}/itinerary-page-375-zh-CN.png`, fullPage: true });
    await reader.goto(`/guides/${after.data[0].guideId}`);
    const card = reader
      .locator('section[aria-labelledby="itineraries"]')
      .getByRole('link', { name: new RegExp(TITLE) });
    await expect(card).toContainText('原文为日语');
    // Her bio exists in Chinese: no note there.
    await expect(reader.locator('section[aria-labelledby="about"]')).not.toContainText('原文为');
    if (SHOTS) {
      await reader
        .locator('section[aria-labelledby="itineraries"]')
        .screenshot({ path: `${SHOTS}/profile-itineraries-375-zh-CN.png` });
      await reader.setViewportSize({ width: 1280, height: 900 });
      await reader
        .locator('section[aria-labelledby="itineraries"]')
        .screenshot({ path: `${SHOTS}/profile-itineraries-1280-zh-CN.png` });
    }
    await zh.close();

    // An English reader of the same page.
    await page.goto(`/itinerary/${id}`);
    await expect(page.getByText('Written in Japanese').first()).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/itinerary-page-1280-en.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/itinerary-page-375-en.png`, fullPage: true });
    }
  } finally {
    for (const id of created)
      expect((await page.request.delete(`/api/v2/guides/me/itineraries/${id}`, { headers })).status()).toBe(204);
  }
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the guide saves the profile and search shows it at once (${locale})`, async ({ page }) => {
    const login = await signIn(page, 'guide', undefined, locale);
    const headers = { authorization: `Bearer ${login.token}` };
    const before = await (await page.request.get('/api/v2/guides/me/profile', { headers })).json();
    const en = locale === 'en';
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/guide-dashboard#profile');
      const panel = page.locator('#profile');
      await panel.getByRole('tab', { name: /日本語/ }).click();
      const bio = panel.getByLabel(en ? 'Bio (Japanese)' : '个人简介（日语）');
      await bio.fill(`${await bio.inputValue()}（更新）`);
      await panel.getByLabel(en ? 'Residence zip code' : '居住地邮编').fill('12345');
      await panel.getByRole('button', { name: en ? 'Save profile' : '保存资料' }).click();
      await expect(
        panel.getByText(en ? 'Please enter a valid 7-digit postal code.' : '请输入有效的7位邮政编码。'),
      ).toBeVisible();
      await panel.getByLabel(en ? 'Residence zip code' : '居住地邮编').fill('1110032');
      await expect(panel.getByLabel(en ? 'Residence zip code' : '居住地邮编')).toHaveValue('111-0032');
      await panel.getByRole('button', { name: en ? 'Save profile' : '保存资料' }).click();
      await expect(page.getByText(en ? 'Profile saved' : '资料已保存')).toBeVisible();
      // Search shows the change at once, to a Japanese reader.
      const found = await (await page.request.get(`/api/v2/guides?city=tokyo&limit=50&lang=ja`)).json();
      expect(found.data.find((g: { id: number }) => g.id === before.guideId)?.bio).toContain('（更新）');
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await panel.screenshot({ path: `${SHOTS}/profile-editor-${width}-${locale}.png` });
          await page.locator('#itineraries').screenshot({ path: `${SHOTS}/itineraries-${width}-${locale}.png` });
        }
        // A card in search whose bio exists only in Japanese.
        await page.goto('/search?city=kyoto');
        await expect(page.getByTestId('written-in').first()).toBeVisible();
        await page
          .getByTestId('written-in')
          .first()
          .locator('xpath=ancestor::article[1]')
          .screenshot({ path: `${SHOTS}/card-375-${locale}.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: `${SHOTS}/search-1280-${locale}.png` });
      }
    } finally {
      const {
        guideId: _g,
        email: _e,
        basicPricePerHourCents: _b,
        additionalPricePerPersonCents: _a,
        minDurationHours: _m,
        currency: _c,
        ...body
      } = before;
      const restore = await page.request.put('/api/v2/guides/me/profile', { headers, data: body });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
}

test('the profile and itinerary editors have no WCAG A/AA violations (axe), at phone width', async ({ page }) => {
  await signIn(page, 'guide', undefined, 'zh-CN');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/guide-dashboard?tab=settings');
  await page.locator('#itineraries').getByRole('button', { name: '添加行程' }).click();
  await page
    .locator('#profile')
    .getByRole('tab', { name: /日本語/ })
    .focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#profile').getByRole('tab', { name: /English/ })).toHaveAttribute('aria-selected', 'true');
  const result = await new AxeBuilder({ page })
    .include('#profile')
    .include('#itineraries')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
