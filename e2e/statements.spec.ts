import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatMoney } from '../src/shared/money-format';
import { expect, signIn, test } from './fixtures';

/**
 * Monthly statements (decision 127): the demo guide opens /profile and finds the wallet's monthly
 * statements — the seeded past tours give a month that is over, with its PDF, and the running month
 * marked in progress — in the yen she earns (decision 167), at 375 px without sideways scrolling, in
 * both languages, and downloads a PDF.
 * Screenshots at 1280 and 375 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-statements';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    title: 'Monthly statements',
    closing: 'Closing balance',
    inProgress: 'In progress',
    pdf: /^Download the statement and invoice for /,
  },
  'zh-CN': { title: '月度对账单', closing: '期末余额', inProgress: '进行中', pdf: /^下载.+的对账单和请求书（PDF）$/ },
} as const;

/** Scrolls the list's heading to just below the sticky header, for the screenshot. */
const showList = (page: Page) =>
  page.evaluate(() => {
    document.getElementById('statements-title')?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });

for (const locale of ['en', 'zh-CN'] as const) {
  const w = WORDS[locale];
  test(`the guide's monthly statements at 375 px (${locale})`, async ({ page }) => {
    const { token } = await signIn(page, 'guide', undefined, locale);
    const { statements } = await (
      await page.request.get('/api/v2/wallet/statements', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/profile');
    const list = page.locator('section[aria-labelledby="statements-title"]');
    await expect(list.getByRole('heading', { name: w.title })).toBeVisible();
    const months = list.getByRole('listitem');
    await expect(months.first()).toBeVisible();
    // Newest first: the running month (the seed's tours of the last days) in progress, without a PDF.
    await expect(months.first().getByText(w.inProgress)).toBeVisible();
    await expect(months.first().getByRole('button')).toHaveCount(0);
    // A month that is over, with its figures and its PDF.
    const closed = months.filter({ has: page.getByRole('button', { name: w.pdf }) }).first();
    await expect(closed).toBeVisible();
    await expect(closed.getByText(w.closing)).toBeVisible();
    // Her month in yen alone: its closing balance and its tax as the API states them, written in yen.
    const month = (await closed.getAttribute('data-testid'))!.replace('statement-', '');
    const statement = statements.find(
      (x: { month: string; currency: string }) => x.month === month && x.currency === 'JPY',
    );
    expect(statements.filter((x: { month: string }) => x.month === month)).toHaveLength(1);
    await expect(closed.getByTestId(`closing-${month}`)).toHaveText(
      formatMoney(statement.closingBalanceCents, 'JPY', locale),
    );
    await expect(closed.getByTestId(`tax-${month}`)).toHaveText(
      formatMoney(statement.commission.taxCents, 'JPY', locale),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await showList(page);
    await page.screenshot({ path: `${SHOTS}/statements-${locale}-375.png` });

    // No WCAG A/AA violations in the list (docs/rules/look-and-language.md), light and dark.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const axe = await new AxeBuilder({ page })
        .include('section[aria-labelledby="statements-title"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        scheme,
      ).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The PDF is downloaded with the keyboard, with the session's token, in the reader's language.
    const download = page.waitForEvent('download');
    await closed.getByRole('button', { name: w.pdf }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Tabi-Guides-statement-\d{4}-\d{2}\.pdf$/);
    await file.saveAs(`${SHOTS}/demo-${locale}.pdf`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await showList(page);
    await page.screenshot({ path: `${SHOTS}/statements-${locale}-1280.png` });
  });
}

test('a traveler has no statements: the wallet shows none and the API refuses', async ({ page }) => {
  const { token } = await signIn(page, 'traveler');
  await page.goto('/profile');
  await expect(page.locator('#wallet').getByTestId('credit-level')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="statements-title"]')).toHaveCount(0);
  const res = await page.request.get('/api/v2/wallet/statements', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});
