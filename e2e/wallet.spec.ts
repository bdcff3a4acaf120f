import { mkdirSync } from 'node:fs';
import { formatMoney } from '../src/shared/money-format';
import { expect, openSignedIn, signIn, test } from './fixtures';
import { approvedApplicant } from './guide-helpers';

/**
 * The wallet (decisions 067, 167): the demo guide sees the wallet on /profile, follows 'Request
 * withdrawal' to /withdrawal, reads what she may withdraw in the yen she earns, and is refused an
 * amount above it before anything is sent; a
 * traveler sees a credit level and no earnings. Screenshots at 1280 and 375 px in both languages.
 * A new guide saves her bank account before she has earned anything, and the withdrawal form offers
 * it (decision 172).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/wallet';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    wallet: 'Wallet',
    earnings: 'Guide earnings',
    request: 'Request withdrawal',
    title: 'Withdrawal',
    amount: /^Amount \(yen\)/,
    tooMuch: 'The amount is more than your withdrawable balance.',
    bronze: 'Bronze',
  },
  'zh-CN': {
    wallet: '钱包',
    earnings: '地陪收入',
    request: '申请提现',
    title: '提现',
    amount: /^金额（日元）/,
    tooMuch: '金额超过了您的可提现余额。',
    bronze: '青铜',
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  const w = WORDS[locale];
  test(`a guide's wallet and the withdrawal page (${locale})`, async ({ page }) => {
    const { token } = await signIn(page, 'guide', undefined, locale);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile');
    const section = page.locator('#wallet');
    await expect(section.getByRole('heading', { name: w.wallet })).toBeVisible();
    await expect(section.getByText(w.earnings)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-wallet-${locale}-1280.png` });

    await section.getByRole('link', { name: w.request }).click();
    await expect(page).toHaveURL(/\/withdrawal$/);
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
    const wallet = await (
      await page.request.get('/api/v2/wallet', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(wallet).toMatchObject({ currency: 'JPY', otherBalances: [] });
    await expect(page.getByTestId('earnings-withdrawable')).toHaveText(
      formatMoney(wallet.earnings.withdrawableCents, 'JPY', locale),
    );
    await page.screenshot({ path: `${SHOTS}/withdrawal-${locale}-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel(w.amount).fill('999999');
    await page.locator('form').evaluate((f: HTMLFormElement) => f.requestSubmit());
    // The amount's own error: under it, and the field outlined.
    await expect(page.getByText(w.tooMuch)).toBeVisible();
    await expect(page.getByLabel(w.amount)).toHaveAttribute('aria-invalid', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: `${SHOTS}/withdrawal-${locale}-375.png`, fullPage: true });
  });

  test(`a traveler's wallet has a credit level and no earnings (${locale})`, async ({ page }) => {
    await signIn(page, 'traveler', undefined, locale);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/profile');
    const section = page.locator('#wallet');
    await expect(section.getByTestId('credit-level')).toBeVisible();
    await expect(section.getByText(w.earnings)).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-wallet-traveler-${locale}-375.png` });
  });
}

test('a new guide saves her bank account before any earnings, and the withdrawal form offers it (ja, 375 px)', async ({
  page,
}) => {
  // A guide of her own: the demo guide's account is every other spec's too.
  const guide = await approvedApplicant(page.request, '佐藤 花子');
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, '/profile', 'ja', guide.username, guide.password);
  const card = page.getByTestId('payout-account');
  await expect(page.getByTestId('asset-balance')).toHaveText('0 元');
  await expect(card.getByText(/初めてのツアーの前でも登録でき/)).toBeVisible();
  await card.getByRole('button', { name: '受取口座を登録' }).click();
  await expect(card.getByLabel('出金先')).toHaveValue('bank');
  await card.getByLabel('口座名義', { exact: true }).fill('Sato Hanako');
  await card.getByLabel(/銀行を検索/).fill('みずほ');
  await card.getByRole('button', { name: /0001/ }).click();
  await card.getByLabel(/支店を検索/).fill('001');
  await card.getByRole('button', { name: /東京営業部/ }).click();
  await card.getByLabel(/口座番号/).fill('1234567');
  await card.getByLabel(/口座名義（カタカナ）/).fill('サトウ ハナコ');
  await card.getByRole('button', { name: '口座を保存' }).click();
  await expect(card.getByTestId('account-line')).toHaveText('みずほ 東京営業部 · 普通 · •••4567 · ｻﾄｳ ﾊﾅｺ');
  await expect(card).not.toContainText('1234567');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/payout-account-ja-375.png` });

  await page.goto('/withdrawal');
  await expect(page.getByTestId('same-account')).toContainText('登録済みの受取口座に出金します');
  await expect(page.getByTestId('same-account')).toContainText('•••4567');
});
