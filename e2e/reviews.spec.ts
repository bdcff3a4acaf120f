import { expect, signIn, test } from './fixtures';

/**
 * Reviews, in two browsers: on a tour the traveler completes (the demo seed's ongoing tour, completed
 * through the API as 'Complete Service' does), the traveler reviews in Chinese with the keyboard and waits
 * for the other side; the guide reviews the traveler from the dashboard; both reviews are then published and
 * the traveler's appears on the guide's profile.
 */
test('the traveler (Chinese) and the guide review a completed tour; the review shows on the profile', async ({ browser }) => {
  const travelerContext = await browser.newContext();
  const guideContext = await browser.newContext();
  try {
    const tp = await travelerContext.newPage();
    const traveler = await signIn(tp, 'traveler', undefined, 'zh-CN');
    const th = { authorization: `Bearer ${traveler.token}` };
    const trips = await (await tp.request.get(`/api/v2/bookings-new/traveler/${traveler.user.id}`, { headers: th })).json();
    const tour = trips.data.find((b: { status: string }) => b.status === 'ongoing');
    expect(tour, 'the demo seed has an ongoing tour').toBeTruthy();
    const done = await tp.request.patch(`/api/bookings/${tour.id}/status`, { headers: th, data: { status: 'completed' } });
    expect(done.status(), await done.text()).toBe(200);

    await tp.goto('/dashboard?tab=past');
    const card = tp.locator('article', { hasText: tour.bookingNumber });
    await card.getByRole('button', { name: '评价您的地陪' }).click();
    const dialog = tp.getByRole('dialog', { name: new RegExp(`^评价 ?${tour.guide.fullName}$`) });
    await dialog.getByRole('button', { name: '提交评价' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请选择评分');
    // Stars by keyboard: focus the first, pick it with Space, arrow over to the fifth.
    await dialog.getByRole('radio', { name: '1 星' }).focus();
    await tp.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await tp.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '5 星' })).toBeChecked();
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
    await expect(item.getByText(`${tour.traveler.fullName} has already left a review. Write yours to see it.`)).toBeVisible();
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
