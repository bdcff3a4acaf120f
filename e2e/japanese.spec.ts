import { expect, signUpByApi, test } from './fixtures';
import { look, phoneAs, word } from './japanese-look';
import { freeSlot } from './slots';

/**
 * The product in Japanese on a 375 px phone (decision 144): a traveler books and pays, the guide answers
 * and reads their business pages, the admin opens the console. Every page: nothing scrolls sideways, and
 * no English is left in what the interface itself says (text marked as written in another language —
 * a guide's bio, a chat message — is the writer's, not the interface's). Screenshots in test-results/japanese.
 */

test('a traveler books and pays in Japanese, and the guide accepts, on a phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const login = await (
    await request.post('/api/auth/login', { data: { username: 'guide', password: 'guide1234' } })
  ).json();
  const me = await (
    await request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })
  ).json();
  const slot = await freeSlot(request, me.id, { hours: 2, fromDay: 12, notBefore: '10:00' });
  const traveler = await phoneAs(browser, 'traveler', { timezoneId: 'Asia/Shanghai' });
  const t = traveler.page;

  await t.goto('/');
  await look(t, 'home');
  await t.goto('/search?city=tokyo');
  await look(t, 'search');
  await t.goto(`/guides/${me.id}`);
  await look(t, 'guide-profile');

  await t.goto(`/checkout/${me.id}?date=${slot.date}&time=${encodeURIComponent(slot.startTime)}&hours=2&travelers=2`);
  await expect(t.getByRole('heading', { level: 1, name: word('bookings', 'checkout.title') })).toBeVisible();
  await t.getByRole('combobox', { name: word('bookings', 'meeting.address') }).fill('新宿駅 東口');
  await t.getByRole('combobox', { name: word('bookings', 'meeting.address') }).press('Escape');
  await t.getByLabel(word('bookings', 'meeting.postal')).fill('1600022');
  // A Japanese reader starts on the card (the payment methods' order, decision 144).
  await t.getByLabel(word('bookings', 'payment.cardNumber')).fill('4242424242424242');
  await t.getByLabel(word('bookings', 'payment.expiry')).pressSequentially('1230');
  await t.getByLabel('CVV').fill('123');
  await t.getByLabel(word('bookings', 'payment.holder')).fill('Yamada Taro');
  await look(t, 'checkout');
  // A Japanese reader sees yen and a card pays in them (decision 168).
  await t.getByRole('button', { name: /^[\d,.]+円を支払う$/ }).click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  await expect(t.getByRole('heading', { level: 1, name: word('bookings', 'success.heading') })).toBeVisible();
  await look(t, 'payment-success');
  const number = (await t
    .locator('dd')
    .filter({ hasText: /^TG\d{4,}$/ })
    .first()
    .textContent())!;
  await t.goto('/dashboard');
  await look(t, 'trips');

  const guide = await phoneAs(browser, 'guide');
  const g = guide.page;
  await g.goto('/guide');
  await look(g, 'guide-home');
  await g.goto('/guide-dashboard');
  const card = g.getByRole('article').filter({ hasText: number });
  await expect(card).toBeVisible();
  await look(g, 'guide-dashboard');
  await card.getByRole('button', { name: word('bookings', 'requests.accept') }).click();
  // The accepted tour shows again where the guide's tours are listed once the lists are read again (slow on a busy
  // machine).
  await expect(
    g.getByRole('region', { name: /./ }).getByRole('article').filter({ hasText: number }).first(),
  ).toBeVisible({ timeout: 15_000 });
  await traveler.context.close();
  await guide.context.close();
});

test("the guide's business pages and the admin console read in Japanese on a phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const guide = await phoneAs(browser, 'guide');
  // Every tab of the dashboard: requests, tours, rates and hours, the calendar, the profile and its itineraries.
  await guide.page.goto('/guide-dashboard');
  const tabs = guide.page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await look(guide.page, `guide-dashboard-tab-${i + 1}`);
  }
  for (const [name, url] of [
    ['guide-wallet-statements', '/profile#wallet'],
    ['withdrawal', '/withdrawal'],
    ['messages', '/messages'],
    ['notification-settings', '/settings/notifications'],
  ] as const) {
    await guide.page.goto(url);
    await look(guide.page, name);
  }
  await guide.context.close();
  const admin = await phoneAs(browser, 'admin');
  await admin.page.goto('/admin');
  await look(admin.page, 'admin');
  await admin.context.close();
});

test('a new traveler in Japanese applies to guide and reaches identity verification, on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signUpByApi(request, { prefix: 'ja', fullName: '山田 太郎', locale: 'ja' });
  const { context, page } = await phoneAs(browser, account.username, { password: account.password });
  for (const [name, url] of [
    ['become-guide', '/become-guide'],
    ['verify-identity', '/verify-identity'],
    ['profile', '/profile'],
  ] as const) {
    await page.goto(url);
    await look(page, name);
  }
  await context.close();
});
