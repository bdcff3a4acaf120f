import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, expectAxeClean, signIn, test } from './fixtures';

/**
 * Payouts that leave (decisions 128, 129, 130, 167, 169): at 375 px the demo guide, who earns yen,
 * picks a bank and its branch from the server's Zengin list, in English and Chinese, and requests a
 * payout of her yen, which goes to a bank as it is; the demo admin sees the seeded paid bank batch of
 * yen with its line, no rate and the Zengin download, and makes the next bank batch of her approved
 * ¥1,600 without typing a rate. Screenshots at 1280 and 375 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-payouts';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    method: 'Pay out to',
    yenToBank: 'Your yen balance is paid to a Japanese bank account, in yen, as it is.',
    findBank: 'Find your bank',
    otherAccount: 'Use a different account',
    findBranch: 'Find the branch',
    amount: /^Amount \(yen\)/,
    requestedAmount: '¥500 (JPY)',
    holder: "Account holder's name",
    number: 'Bank account number',
    kana: "Account holder's name in katakana",
    submit: 'Request withdrawal',
    requested: 'Withdrawal requested',
    batches: 'Payout batches',
    done: 'Done',
    zengin: 'Download Zengin file',
    paidLine: '¥4,000 (JPY) · @guide',
    newBatch: 'New payout batch',
    create: 'Create batch from approved payouts',
  },
  'zh-CN': {
    method: '提现到',
    yenToBank: '日元余额将按原金额以日元汇入您的日本银行账户。',
    findBank: '查找银行',
    otherAccount: '使用其他账户',
    findBranch: '查找支店',
    amount: /^金额（日元）/,
    requestedAmount: '500 日元',
    holder: '账户持有人姓名',
    number: '银行账号',
    kana: '户名（片假名）',
    submit: '申请提现',
    requested: '提现申请已提交',
    batches: '打款批次',
    done: '已完成',
    zengin: '下载全银文件',
    paidLine: '4,000 日元 · @guide',
    newBatch: '新建打款批次',
    create: '用已批准的提现创建批次',
  },
} as const;

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

for (const locale of ['en', 'zh-CN'] as const) {
  const w = WORDS[locale];

  test(`at 375 px the guide picks a bank and its branch and asks for a bank payout (${locale})`, async ({ page }) => {
    await signIn(page, 'guide', undefined, locale);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/withdrawal');
    // Her balance is yen: no method to choose, it goes to a Japanese bank account as it is.
    await expect(page.getByTestId('yen-to-bank')).toHaveText(w.yenToBank);
    await expect(page.getByLabel(w.method)).toHaveCount(0);
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

    await page.getByLabel(w.amount).fill('500');
    await page.getByLabel(w.holder, { exact: true }).fill('Yamada Taro');
    await page.getByLabel(w.number).fill('1234567');
    await page.getByLabel(w.kana).fill('ヤマダ　タロウ');
    await page.getByRole('button', { name: w.submit }).click();
    // The new request heads the history with the bank and branch the list named.
    await expect(page.locator('#history li').first()).toContainText('みずほ 東京営業部');
    await expect(page.locator('#history li').first().getByText(w.requestedAmount, { exact: true })).toBeVisible();
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
    await expect(detail.locator('[data-testid^="payout-line-"] p').first()).toHaveText(w.paidLine);
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

/**
 * The next bank batch, made by the admin at 375 px from the demo guide's approved ¥1,600: a batch of yen
 * alone asks no rate (decision 169), is dated for the next business day and has its file at once.
 */
test('at 375 px the admin makes a bank batch of yen without a rate; its file follows (en)', async ({ page }) => {
  // Refused on a day that is not a business day in Japan (409 not_business_day): the browser logs that reply.
  allowConsoleErrors(page, /status of 409/);
  await signIn(page, 'admin', undefined, 'en');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/payouts');
  const form = page.getByRole('form', { name: WORDS.en.newBatch });
  await expect(form.getByText('leave it empty when only yen payouts are waiting')).toBeVisible();
  await noHorizontalScroll(page);
  await expectAxeClean(page, 'new batch en');
  await form.getByRole('button', { name: WORDS.en.create }).click();
  // On a day that is not a business day in Japan the server refuses, and the form says why.
  const file = page.locator('article').getByRole('link', { name: WORDS.en.zengin });
  const refused = page.getByText('Bank batches are made and converted on Japanese business days only.');
  await expect(file.or(refused)).toBeVisible();
  if (await file.isVisible()) {
    // Its one line is the demo guide's ¥1,600, sent as it is: the batch's total and its yen are that line's, and it has
    // no rate.
    const article = page.locator('article');
    await expect(article.locator('[data-testid^="payout-line-"] p').first()).toHaveText('¥1,600 (JPY) · @guide');
    await expect(article.getByRole('definition').filter({ hasText: /^¥1,600 \(JPY\)$/ })).toHaveCount(2);
  }
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/admin-yen-batch-en-375.png`, fullPage: true });
});
