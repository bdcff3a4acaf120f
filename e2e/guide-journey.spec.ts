import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { freeSlot } from './slots';
import { approvedApplicant, auth, signup, verifiedIdentity } from './guide-helpers';

/**
 * Becoming a guide from end to end, in Chinese and in English: a traveler's application (made through the API here; the
 * four pages have their own spec, become-guide.spec.ts) is approved by an admin through the API. The
 * new guide's dashboard lists what is missing to be found (identity, open times: decision 091); they
 * set weekly hours and a rate, their identity is verified, and they appear first in Nara's newest guides,
 * receives a paid booking, accepts it, runs the tour on its day with the traveler and completes it,
 * then sees the earnings as pending in the wallet.
 */

type Locale = 'en' | 'zh-CN';
const T = {
  en: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    addHours: (d: string) => `Add hours on ${d}`,
    from: (d: string) => `${d}: from`,
    missingBoth: 'Still missing: identity verification, open times',
    missingIdentity: 'Still missing: identity verification',
    saveHours: 'Save availability',
    hoursSaved: 'Availability saved',
    rate: 'Price of an hour for one traveler (RMB)',
    saveRates: 'Save rates',
    ratesSaved: 'Rates saved',
    accept: 'Accept',
    accepted: 'Request accepted',
    confirmStart: 'Confirm Start',
    ongoing: 'Ongoing',
    complete: 'Complete Service',
    money: (amount: string) => `${amount} RMB`,
    pendingNote:
      /Pending earnings become withdrawable five working days after the tour; the next on [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
  },
  'zh-CN': {
    days: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
    addHours: (d: string) => `为${d}添加时间段`,
    from: (d: string) => `${d}：开始`,
    missingBoth: '还差：身份认证、开放时间',
    missingIdentity: '还差：身份认证',
    saveHours: '保存可预约时间',
    hoursSaved: '可预约时间已保存',
    rate: '一位旅行者每小时价格（元）',
    saveRates: '保存价格',
    ratesSaved: '价格已保存',
    accept: '接受',
    accepted: '已接受请求',
    confirmStart: '确认开始',
    ongoing: '进行中',
    complete: '完成服务',
    money: (amount: string) => `${amount} 元`,
    pendingNote: /待结算收入在服务结束后五个工作日内转为可提现；下一笔将于\d{4}年\d{1,2}月\d{1,2}日可提现。/,
  },
} as const;

async function guidePage(browser: Browser, username: string, password: string, locale: Locale): Promise<Page> {
  const context = await browser.newContext({
    locale,
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signIn(page, username, password, locale);
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

for (const locale of ['zh-CN', 'en'] as const) {
  test(`a new guide is approved, opens hours and a rate, is found, booked, runs the tour and sees pending earnings (${locale})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const s = T[locale];
    const name = `${locale === 'en' ? 'Nara Guide ' : '奈良导游'}${Date.now().toString(36).slice(-4)}`;
    const applicant = await approvedApplicant(page.request, name);
    const g = await guidePage(browser, applicant.username, applicant.password, locale);
    const me = await (await g.request.get('/api/guides/me', { headers: auth(applicant.token) })).json();

    // Approved, yet not in search: the dashboard's checklist says what is missing, each a link.
    await g.goto('/guide-dashboard#availability');
    const checklist = g.getByRole('region', {
      name: locale === 'en' ? 'Travelers cannot find you in search yet' : '旅行者暂时还搜索不到您',
    });
    await expect(checklist).toContainText(s.missingBoth);
    await expect(
      checklist.getByRole('link', { name: locale === 'en' ? 'identity verification' : '身份认证' }),
    ).toHaveAttribute('href', '/verify-identity');

    // Weekly hours: every day gets the editor's default range; then the hourly rate.
    const availability = g.locator('#availability');
    await expect(availability.getByRole('button', { name: s.saveHours })).toBeVisible();
    for (const day of s.days) {
      const add = availability.getByRole('button', { name: s.addHours(day) });
      if ((await availability.getByLabel(s.from(day)).count()) === 0) await add.click();
    }
    await availability.getByRole('button', { name: s.saveHours }).click();
    await expect(g.getByText(s.hoursSaved)).toBeVisible();
    const rates = g.locator('#rates');
    await rates.getByLabel(s.rate).fill('268');
    await rates.getByRole('button', { name: s.saveRates }).click();
    await expect(g.getByText(s.ratesSaved)).toBeVisible();
    await expect(checklist).toContainText(s.missingIdentity);
    await expect(checklist).not.toContainText(s.missingBoth);

    // The team checks the identity document: listed, and the checklist is gone.
    await verifiedIdentity(page.request, applicant.token);
    await g.reload();
    await expect(availability.getByRole('button', { name: s.saveHours })).toBeVisible();
    await expect(checklist).toHaveCount(0);

    // A visitor finds the new guide at once, newest first in Nara, at the new rate.
    await page.goto('/search?city=nara&sort=newest');
    const card = page.getByRole('article').filter({ hasText: name }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('268');

    // A traveler books two hours on the first free day and pays the deposit by card.
    const traveler = await signup(page.request, '王小明');
    const { date, startTime } = await freeSlot(page.request, me.id, { fromDay: 2, notBefore: '10:00' });
    const booked = await page.request.post('/api/v2/bookings', {
      headers: auth(traveler.token),
      data: {
        guideId: me.id,
        date,
        startTime,
        durationHours: 2,
        travelers: 1,
        meetingAddress: '奈良公园 东大寺南大门前',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as { id: number; bookingNumber: string };
    const paid = await page.request.post(`/api/v2/bookings/${booking.id}/payments`, {
      headers: { ...auth(traveler.token), 'idempotency-key': `e2e-journey-${booking.id}` },
      data: {
        kind: 'deposit',
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
        expiryDate: '12/34',
        cvv: '123',
        cardHolder: 'Wang Xiaoming',
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    // The guide sees the request live, first in what needs an answer, and accepts it in the requests tab.
    const tourCard = () => g.getByRole('article').filter({ hasText: booking.bookingNumber });
    await expect(g.getByTestId('needs-answer-request')).toBeVisible({ timeout: 15_000 });
    await g.getByRole('tab', { name: locale === 'en' ? /^Requests/ : /^请求/ }).click();
    await expect(tourCard().getByRole('button', { name: s.accept })).toBeVisible({ timeout: 15_000 });
    await tourCard().getByRole('button', { name: s.accept }).click();
    await expect(g.getByText(s.accepted)).toBeVisible();

    // The tour day comes (the test server moves the booking to today and opens the day).
    const moved = await page.request.post('/api/dev/bookings/tour-day', { data: { bookingId: booking.id } });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(traveler.token) })).json())
            .status,
        { timeout: 20_000 },
      )
      .toBe('awaiting_start');
    const started = await page.request.patch(`/api/bookings/${booking.id}/confirm-start`, {
      headers: auth(traveler.token),
      data: { userType: 'traveler' },
    });
    expect(started.status(), await started.text()).toBe(200);

    await g.goto('/guide-dashboard?tab=tours');
    await tourCard().getByRole('button', { name: s.confirmStart }).click();
    await expect(tourCard().getByText(s.ongoing, { exact: true })).toBeVisible();
    await tourCard().getByRole('button', { name: s.complete }).click();
    await g.getByRole('dialog', { name: s.complete }).getByRole('button', { name: s.complete }).click();
    // While the dialog is open the page behind it is hidden from role queries, so the card would
    // count as gone before the server has answered: wait for the dialog to close first.
    await expect(g.getByRole('dialog', { name: s.complete })).toHaveCount(0);
    await expect(tourCard()).toHaveCount(0); // it left Your tours

    // The earnings: 90% of the deposit, pending for five working days.
    const wallet = await (await g.request.get('/api/v2/wallet', { headers: auth(applicant.token) })).json();
    expect(wallet.earnings.pendingCents).toBeGreaterThan(0);
    expect(wallet.earnings.withdrawableCents).toBe(0);
    const yuan = (cents: number) =>
      s.money(
        (cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 }),
      );
    // The guide home's wallet link lands on the section, below the fold, once it has loaded.
    await g.goto('/profile#wallet');
    const section = g.locator('#wallet');
    await expect(section).toBeInViewport();
    await expect(
      section
        .getByRole('definition')
        .filter({ hasText: yuan(wallet.earnings.pendingCents) })
        .first(),
    ).toBeVisible();
    await expect(section.getByText(s.pendingNote)).toBeVisible();
    expect((g as Page & { errors?: string[] }).errors).toEqual([]);
    await g.context().close();
  });
}
