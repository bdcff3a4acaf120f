import { DEMO_PASSWORDS, expect, signIn, test } from './fixtures';

/**
 * "Help now" on the trip under way (decision 132), at 375 px in Chinese: the sheet's numbers to call, and
 * "Contact support now" opening the support chat on the urgent thread it posted (location not shared); offline,
 * the numbers stay and contacting support says it needs the network.
 */
test('the ongoing trip’s 紧急求助 sheet calls 110 / 119 / the hotline and opens urgent support (375 px, 中文)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, 'traveler', DEMO_PASSWORDS.traveler, 'zh-CN');
  await page.goto('/dashboard?tab=ongoing');
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: '紧急求助' }) }).first();
  await card.getByRole('button', { name: '紧急求助' }).click();
  const sheet = page.getByRole('dialog', { name: '紧急求助' });
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByRole('link', { name: /^119 · 火警与急救/ })).toHaveAttribute('href', 'tel:119');
  await expect(sheet.getByRole('link', { name: /^050-3816-2787 · 日本游客热线/ })).toHaveAttribute('href', 'tel:+81-50-3816-2787');
  await expect(sheet.getByRole('checkbox', { name: '向客服分享我的位置' })).not.toBeChecked();
  // The sheet fits the phone: nothing wider than the screen.
  expect(await sheet.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);

  await sheet.getByRole('button', { name: '立即联系客服' }).click();
  const chat = page.getByRole('dialog', { name: 'Tabi 客服' });
  await expect(chat.getByRole('log')).toContainText(/我的行程 TG\d+ 需要紧急帮助。/);

  // With no connection the numbers still dial; contacting support says it needs the network.
  await chat.getByRole('button', { name: '关闭客服聊天' }).click();
  await context.setOffline(true);
  await card.getByRole('button', { name: '紧急求助' }).click();
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByText('联系客服需要网络连接。上面的电话仍可拨打。')).toBeVisible();
  await expect(sheet.getByRole('button', { name: '立即联系客服' })).toBeDisabled();
  await context.close();
});
