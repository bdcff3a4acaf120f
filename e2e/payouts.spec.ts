import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAxeClean, signIn, test } from './fixtures';

/**
 * Payouts that leave (decisions 128, 129, 130): at 375 px the demo guide picks a bank and its branch
 * from the server's Zengin list, in English and Chinese, and requests a bank payout; the demo admin sees
 * the seeded paid bank batch with its line and the Zengin download, and enters the rate of this week's
 * bank batch the weekly run formed. Screenshots at 1280 and 375 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-payouts';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    method: 'Pay out to',
    findBank: 'Find your bank',
    otherAccount: 'Use a different account',
    findBranch: 'Find the branch',
    amount: /Amount/,
    holder: "Account holder's name",
    number: 'Bank account number',
    kana: "Account holder's name in katakana",
    submit: 'Request withdrawal',
    requested: 'Withdrawal requested',
    batches: 'Payout batches',
    done: 'Done',
    zengin: 'Download Zengin file',
    awaiting: 'Awaiting rate',
    setRate: 'Set rate',
    rate: 'Rate (yen per RMB)',
  },
  'zh-CN': {
    method: '提现到',
    findBank: '查找银行',
    otherAccount: '使用其他账户',
    findBranch: '查找支店',
    amount: /^金额/,
    holder: '账户持有人姓名',
    number: '银行账号',
    kana: '户名（片假名）',
    submit: '申请提现',
    requested: '提现申请已提交',
    batches: '打款批次',
    done: '已完成',
    zengin: '下载全银文件',
    awaiting: '待填汇率',
    setRate: '设定汇率',
    rate: '汇率（每 1 元人民币兑日元）',
  },
} as const;

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

for (const locale of ['en', 'zh-CN'] as const) {
  const w = WORDS[locale];

  test(`at 375 px the guide picks a bank and its branch and asks for a bank payout (${locale})`, async ({ page }) => {
    await signIn(page, 'guide', undefined, locale);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/withdrawal');
    await page.getByLabel(w.method).selectOption('bank');
    // The demo guide has been paid to a bank before: the form offers that account (decision 142); type another.
    await page.getByRole('button', { name: w.otherAccount }).click();
    // By name (kana) for the bank, by code for the branch.
    await page.getByLabel(w.findBank).fill(locale === 'en' ? 'みずほ' : 'ミズホ');
    await page.getByRole('button', { name: /^0001/ }).click();
    await expect(page.getByTestId('bank-chosen')).toContainText('0001');
    await page.getByLabel(w.findBranch).fill('001');
    await expect(page.getByRole('button', { name: /^001 東京営業部/ })).toBeVisible();
    await noHorizontalScroll(page);
    await page.screenshot({ path: `${SHOTS}/picker-${locale}-375.png`, fullPage: true });
    await page.getByRole('button', { name: /^001 東京営業部/ }).click();
    await expect(page.getByTestId('branch-chosen')).toContainText('東京営業部');

    await page.getByLabel(w.amount).fill('10');
    await page.getByLabel(w.holder, { exact: true }).fill('Yamada Taro');
    await page.getByLabel(w.number).fill('1234567');
    await page.getByLabel(w.kana).fill('ヤマダ　タロウ');
    await page.getByRole('button', { name: w.submit }).click();
    // The new request heads the history with the bank and branch the list named.
    await expect(page.locator('#history li').first()).toContainText('みずほ 東京営業部');
    // The success toast, then axe once it has gone (a toast mid-animation is half transparent).
    const toast = page.getByText(w.requested);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 15_000 });
    await noHorizontalScroll(page);
    await expectAxeClean(page, `withdrawal bank ${locale}`);
    await page.screenshot({ path: `${SHOTS}/withdrawal-bank-${locale}-375.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    // The chosen bank stays for the next request; changing it opens the search again.
    await page.getByTestId('bank-chosen').getByRole('button').click();
    await page.getByLabel(w.findBank).fill('0005');
    await expect(page.getByRole('button', { name: /^0005/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/picker-${locale}-1280.png`, fullPage: true });
  });

  test(`the admin sees the paid bank batch with its line and its Zengin file (${locale})`, async ({ page }) => {
    await signIn(page, 'admin', undefined, locale);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/payouts');
    const list = page.getByRole('list', { name: w.batches });
    // The seeded batch: last week's bank transfers, every line settled.
    const seeded = list.getByRole('link').filter({ hasText: w.done }).first();
    await expect(seeded).toBeVisible();
    await seeded.click();
    const detail = page.locator('article');
    await expect(detail.getByText('21.53')).toBeVisible();
    await expect(detail.getByText('ｻﾄｳ ﾕｷ', { exact: false })).toBeVisible();
    await expect(detail.getByRole('link', { name: w.zengin })).toBeVisible();
    await expectAxeClean(page, `payout batch ${locale}`);
    await page.screenshot({ path: `${SHOTS}/admin-batch-${locale}-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.locator('article').getByRole('link', { name: w.zengin })).toBeVisible();
    await noHorizontalScroll(page);
    await page.screenshot({ path: `${SHOTS}/admin-batch-${locale}-375.png`, fullPage: true });
  });
}

/** This week's bank batch, formed by the weekly run (seeded), opened at 375 px. */
async function openAwaiting(page: Page, locale: 'en' | 'zh-CN') {
  const w = WORDS[locale];
  await signIn(page, 'admin', undefined, locale);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/payouts');
  await page.getByRole('list', { name: w.batches }).getByRole('link').filter({ hasText: w.awaiting }).first().click();
  const form = page.getByRole('form', { name: w.setRate });
  await expect(form.getByLabel(w.rate)).toBeVisible();
  // Nothing to download before the rate.
  await expect(page.locator('article').getByRole('link', { name: w.zengin })).toHaveCount(0);
  await noHorizontalScroll(page);
  await expectAxeClean(page, `awaiting batch ${locale}`);
  await page.screenshot({ path: `${SHOTS}/admin-awaiting-${locale}-375.png`, fullPage: true });
  return form;
}

// The file's tests run in order: this one sees the batch before the next one rates it.
test('at 375 px the admin sees the weekly run’s bank batch awaiting its rate (zh-CN)', async ({ page }) => {
  await openAwaiting(page, 'zh-CN');
});

test('at 375 px the admin enters the rate of the weekly run’s bank batch; its yen and file follow (en)', async ({ page }) => {
  const form = await openAwaiting(page, 'en');
  await form.getByLabel('Rate (yen per RMB)').fill('21.53');
  await form.getByRole('button', { name: 'Set rate' }).click();
  // On a day that is not a business day in Japan the server refuses, and the form says why.
  const file = page.locator('article').getByRole('link', { name: 'Download Zengin file' });
  const refused = page.getByText('Bank batches are made and converted on Japanese business days only.');
  await expect(file.or(refused)).toBeVisible();
  if (await file.isVisible()) {
    // 80 RMB × 21.53 = 1,722.4 yen → 1,722.
    await expect(page.locator('article').getByText('¥1,722 (JPY)').first()).toBeVisible();
    await expect(form).toHaveCount(0);
  }
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/admin-rated-en-375.png`, fullPage: true });
});
