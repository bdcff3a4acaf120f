import { mkdirSync, readFileSync } from 'node:fs';
import { expect, signIn, test } from './fixtures';

/**
 * Receipts (decision 125) on a phone: the demo traveler opens a paid trip's receipts from the trip
 * card, in English and in Chinese, at 375 px; renames the addressee and downloads the PDF. Screenshots
 * of the page at 1280 and 375 px go to SHOTS_DIR when it is set.
 */
const SHOTS = process.env.SHOTS_DIR;

const WORDS = {
  en: {
    company: 'Shanghai Lotus Trading Co., Ltd.',
    link: /^Receipts, /,
    heading: 'Receipts',
    receipt: 'Receipt',
    edit: 'Change name',
    label: 'Made out to',
    save: 'Save',
    to: 'To: ',
    pdf: 'English',
    fapiao: /fapiao/,
  },
  'zh-CN': {
    company: '上海莲花贸易有限公司',
    link: /^收据，/,
    heading: '收据',
    receipt: '收据',
    edit: '修改抬头',
    label: '收据抬头',
    save: '保存',
    to: '抬头：',
    pdf: '中文',
    fapiao: /发票/,
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the traveler opens a trip's receipt from the booking at 375 px (${locale}), renames the addressee and downloads the PDF`, async ({
    page,
  }) => {
    const w = WORDS[locale];
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'traveler', undefined, locale);
    await page.goto('/dashboard?tab=upcoming');
    const link = page.getByRole('link', { name: w.link }).first();
    await expect(link).toBeVisible({ timeout: 20_000 }); // the trips load first (two cores shared)
    await link.click();
    await expect(page).toHaveURL(/\/booking\/\d+\/receipts$/);
    await expect(page.getByRole('heading', { name: w.heading, level: 1 })).toBeVisible();
    const receipt = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: w.receipt, level: 2 }) })
      .first();
    await expect(receipt).toContainText(/R-\d{8}/);
    // The payer's name (or the one the other language's test gave it: both share the seeded database).
    await expect(receipt).toContainText(
      new RegExp(
        `${w.to}(Li Wei|${Object.values(WORDS)
          .map((x) => x.company.replace(/[.,]/g, '.'))
          .join('|')})`,
      ),
    );
    await expect(page.getByText(w.fapiao).first()).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/receipts-${locale}-375.png`, fullPage: true });
    }

    // The addressee, by keyboard.
    await receipt.getByRole('button', { name: new RegExp(w.edit) }).click();
    const field = receipt.getByLabel(w.label);
    await expect(field).toBeFocused();
    await field.fill(w.company);
    await field.press('Enter');
    await expect(receipt).toContainText(`${w.to}${w.company}`);

    // The PDF, fetched with the session and handed to the browser as a download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: new RegExp(w.pdf) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Tabi-Guides-R-\\d{8}-${locale}\\.pdf$`));
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header where it belongs in a full-page shot
      await page.screenshot({ path: `${SHOTS}/receipts-${locale}-1280.png`, fullPage: true });
    }
  });
}
