import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, gotoInLocale, test } from './fixtures';

/**
 * Empty results that help (decision 104) on a 375 px phone, in both languages: licensed guides in
 * Tokyo are none in the demo data. The page names the licence filter, offers to clear it in one tap
 * (with how many guides that brings back) and shows the nearest guides without it; the folded search
 * bar names every filter, the language and the licence included; one tap and the results are back.
 * SHOTS_DIR=… saves screenshots of the empty page at 375 and 1280 px.
 */
const WORDS = {
  'zh-CN': {
    licensed: '只看持证地陪',
    heading: '东京没有符合“持证地陪”的地陪',
    chip: /^清除“持证地陪”：(\d+) 位地陪$/,
    summary: '东京 · 会说中文 · 持证地陪',
    nearest: /^去掉“持证地陪”后有 (\d+) 位地陪$/,
    found: (n: string) => `找到 ${n} 位地陪`,
  },
  en: {
    licensed: 'Licensed guides only',
    heading: 'No guides in Tokyo match “Licensed guides”',
    chip: /^Clear “Licensed guides”: (\d+) guides$/,
    summary: 'Tokyo · Speaks Chinese · Licensed guides',
    nearest: /^Without “Licensed guides”: (\d+) guides$/,
    found: (n: string) => `${n} guides found`,
  },
} as const;

for (const locale of ['zh-CN', 'en'] as const) {
  test(`375 px (${locale}): licensed guides in Tokyo are none; the filter is named, cleared in one tap, and the guides come back`, async ({
    browser,
  }) => {
    const w = WORDS[locale];
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await gotoInLocale(page, '/search?city=tokyo&language=zh', locale);
    await expect(page.locator('html')).toHaveAttribute('data-ready', ''); // hydrated: the tap is not lost
    await expect(page.getByRole('article').first()).toBeVisible();
    // A click, not check(): the box follows the URL, so it shows ticked once the search has moved there.
    await page.getByRole('checkbox', { name: w.licensed }).click();
    await expect(page).toHaveURL(/\/search\?city=tokyo&language=zh&licensed=true$/);

    const empty = page.getByTestId('empty-results');
    await expect(empty.getByText(w.heading, { exact: true })).toBeVisible();
    await expect(page.getByText(locale === 'en' ? /try again later/ : /请稍后再试/)).toHaveCount(0);
    await expect(page.getByTestId('search-summary')).toHaveText(w.summary);
    const chip = empty.getByRole('button', { name: w.chip });
    const count = (await chip.getAttribute('aria-label'))!.match(w.chip)![1]!;
    expect(Number(count)).toBeGreaterThan(0);
    // The nearest guides: the same search without the licence.
    const nearest = page.getByRole('region', { name: w.nearest });
    await expect(nearest.getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 640 ? 740 : 900 });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/search-empty-${locale}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 375, height: 740 });
    }

    // One tap: the licence is cleared and the results are back.
    await chip.click();
    await expect(page).toHaveURL(/\/search\?city=tokyo&language=zh$/);
    await expect(page.getByRole('heading', { level: 2, name: w.found(count) })).toBeVisible();
    await expect(empty).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: w.licensed })).not.toBeChecked();

    // Loaded as a whole page (rendered on the server, then hydrated), the empty result reads the same.
    await page.goto('/search?city=tokyo&language=zh&licensed=true');
    await expect(page.locator('html')).toHaveAttribute('data-ready', '');
    await expect(empty.getByText(w.heading, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: w.nearest }).getByRole('article').first()).toBeVisible();
    expect(errors, 'console errors').toEqual([]);
    await context.close();
  });
}
