import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';

/**
 * Reviews, in two browsers: on a tour the traveler completes (the demo seed's ongoing tour, completed
 * through the API as 'Complete Service' does), the traveler reviews in Chinese with the keyboard and waits
 * for the other side; the guide reviews the traveler from the dashboard; both reviews are then published and
 * the traveler's appears on the guide's profile.
 */
test('the traveler (Chinese) and the guide review a completed tour; the review shows on the profile', async ({
  browser,
}) => {
  const travelerContext = await browser.newContext();
  const guideContext = await browser.newContext();
  try {
    const tp = await travelerContext.newPage();
    const traveler = await signIn(tp, 'traveler', undefined, 'zh-CN');
    const th = { authorization: `Bearer ${traveler.token}` };
    const trips = await (
      await tp.request.get(`/api/v2/bookings-new/traveler/${traveler.user.id}`, { headers: th })
    ).json();
    const tour = trips.data.find((b: { status: string }) => b.status === 'ongoing');
    expect(tour, 'the demo seed has an ongoing tour').toBeTruthy();
    const done = await tp.request.patch(`/api/bookings/${tour.id}/status`, {
      headers: th,
      data: { status: 'completed' },
    });
    expect(done.status(), await done.text()).toBe(200);

    await tp.goto('/dashboard?tab=past');
    const card = tp.locator('article', { hasText: tour.bookingNumber });
    await card.getByRole('button', { name: '评价您的地陪' }).click();
    const dialog = tp.getByRole('dialog', { name: new RegExp(`^评价 ?${tour.guide.fullName}$`) });
    await dialog.getByRole('button', { name: '提交评价' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请选择评分');
    // Stars by keyboard: focus the first, pick it with Space, arrow over to the fifth.
    const overall = dialog.getByRole('group', { name: '您的评分' });
    await overall.getByRole('radio', { name: '1 星' }).focus();
    await tp.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await tp.keyboard.press('ArrowRight');
    await expect(overall.getByRole('radio', { name: '5 星' })).toBeChecked();
    const text = '佐藤先生非常专业，行程安排得很好，强烈推荐！';
    await dialog.getByLabel('您的评价（选填）').fill(text);
    await expect(dialog.getByText(`${text.length}/2000`)).toBeVisible();
    await dialog.getByRole('button', { name: '提交评价' }).click();
    await expect(card.getByRole('status')).toContainText('正在等待对方评价。');

    // Dual-blind: the profile does not show it yet.
    const guideId = tour.guideId as number;
    const hidden = await (await tp.request.get(`/api/v2/reviews/guides/${guideId}`)).json();
    expect(hidden.map((r: { content: string }) => r.content)).not.toContain(text);

    // The guide reviews the traveler from the dashboard.
    const gp = await guideContext.newPage();
    await signIn(gp, 'guide', undefined, 'en');
    await gp.goto('/guide-dashboard?tab=past');
    const past = gp.getByRole('region', { name: 'Finished tours' });
    const item = past.getByRole('listitem').filter({ hasText: tour.bookingNumber });
    await expect(
      item.getByText(`${tour.traveler.fullName} has already left a review. Write yours to see it.`),
    ).toBeVisible();
    await item.getByRole('button', { name: 'Review the traveler' }).click();
    const gd = gp.getByRole('dialog');
    await gd.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await gd.getByLabel('Your review (optional)').fill('On time, friendly and curious. Welcome back any time!');
    await gd.getByRole('button', { name: 'Submit review' }).click();
    await expect(item.getByText(text)).toBeVisible();

    // Both are published: the traveler sees the guide's review, and the profile shows the traveler's.
    await tp.reload();
    await expect(card.getByText('On time, friendly and curious. Welcome back any time!')).toBeVisible();
    await tp.goto(`/guides/${guideId}`);
    await expect(tp.getByText(text)).toBeVisible();
  } finally {
    await travelerContext.close();
    await guideContext.close();
  }
});

/**
 * The demo data at once, on a 375 px phone in Chinese, as a visitor: the demo guide's profile shows a
 * toured review with sub-ratings, photos (enlarged on tap) and the guide's reply, the review photo
 * gallery and the guide's figures (decision 134).
 */
test('a phone in Chinese shows a review with photos, sub-ratings and the guide’s reply on the profile', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const login = await (
      await page.request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
    ).json();
    const me = await (
      await page.request.get('/api/guides/me', { headers: { authorization: `Bearer ${login.token}` } })
    ).json();
    await gotoInLocale(page, `/guides/${me.id}`, 'zh-CN');

    const card = page.getByRole('article').filter({ hasText: '谢谢您的好评' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('与该地陪同游过')).toBeVisible();
    await expect(card.getByText('地陪的回复')).toBeVisible();
    await expect(card.getByText('守时')).toBeVisible();
    const photos = card.getByRole('img', { name: /评价中的第 \d 张照片$/ });
    await expect(photos).toHaveCount(3);
    await expect
      .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await card.getByRole('button', { name: /^放大：.*第 1 张照片$/ }).click();
    const big = page.getByRole('dialog');
    await expect(big.getByRole('img')).toBeVisible();
    await big.getByRole('button', { name: '关闭' }).click();

    await expect(page.getByRole('region', { name: '旅行者的照片' }).getByRole('img')).toHaveCount(5);
    await expect(page.getByText(/^已完成 \d+ 次行程$/)).toBeVisible();
    await expect(page.getByText(/^近 12 个月地陪取消 \d+ 次$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await context.close();
  }
});
