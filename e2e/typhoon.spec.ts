import { formatMoney } from '../src/shared/money-format';
import { DEMO_PASSWORDS, expect, signIn, test } from './fixtures';

/**
 * The typhoon rule (decision 093), in Chinese: the demo traveler's Kyoto tour tomorrow is
 * under the JMA warning of the demo recordings. The trip card says so and offers the free
 * cancellation (the whole deposit back, shown before confirming); the admin sees the weather evidence
 * (kind, area, issue time, source) on the booking's timeline.
 */
test('a JMA warning on the trip card and the booking timeline, in Chinese', async ({ page }) => {
  const login = await (
    await page.request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const trips = await (
    await page.request.get(`/api/v2/bookings-new/traveler/${login.user.id}?tab=upcoming`, {
      headers: { authorization: `Bearer ${login.token}` },
    })
  ).json();
  const tour = trips.data.find((b: { weather: unknown }) => b.weather);
  expect(tour, 'the demo seed has one tour under a recorded warning').toBeTruthy();

  await signIn(page, 'traveler', undefined, 'zh-CN');
  await page.goto('/dashboard?tab=upcoming');
  const card = page.getByRole('article').filter({ hasText: tour.bookingNumber });
  const notice = card.getByRole('region', { name: '气象警报' });
  // JMA's Japanese names in Chinese (大雨警報 → 大雨警报), the office's area by name, and the recording
  // replayed at seeding: dated the day before (or the day of) the seeding, not the year it was recorded.
  await expect(notice).toContainText(
    `日本气象厅警报生效中：${({ 大雨警報: '大雨警报', 暴風警報: '暴风警报' } as Record<string, string>)[tour.weather.name]}`,
  );
  await expect(notice).toContainText('地区：京都（京都府）');
  await expect(notice).toContainText(`${new Date(tour.weather.issuedAt).getUTCFullYear()}年`);
  await expect(notice).toContainText(' 16:41（日本时间）');
  expect(Date.now() - Date.parse(tour.weather.issuedAt)).toBeLessThan(3 * 86_400_000);
  await expect(notice).toContainText('来源：日本气象厅（录制数据）');
  await expect(notice).toContainText('您可以免费取消，线上支付的款项全额退还；也可以免费改期。');
  await card.getByRole('button', { name: '取消', exact: true }).click();
  const dialog = page.getByRole('dialog');
  // The whole deposit back in what it was paid in: the Kyoto guide prices in yen, the card paid yuan (decision 164).
  await expect(dialog.getByTestId('refund-amount')).toHaveText(
    formatMoney(tour.chargeDepositCents, tour.chargeCurrency, 'zh-CN'),
  );
  await expect(dialog.getByText('行程所在地区正处于日本气象厅警报期间：线上支付的款项全额退还。')).toBeVisible();
  await dialog.getByRole('button', { name: '保留预订' }).click();

  // The admin's booking timeline keeps the evidence.
  const admin = await page.context().browser()!.newPage();
  await signIn(admin, 'admin', undefined, 'zh-CN');
  await admin.goto(`/admin/bookings/${tour.id}`);
  const check = admin.getByRole('listitem').filter({ hasText: '气象检查（日本气象厅）' }).first();
  await expect(check).toContainText('检查时点：前一天 18:00');
  await expect(check).toContainText('警报生效：是');
  await expect(check).toContainText(`警报：${tour.weather.name}`);
  await expect(check).toContainText('气象厅地区：260000');
  await expect(check).toContainText('发布时间：');
  await expect(check).toContainText('来源：日本气象厅（录制数据）');
  await admin.close();
});
