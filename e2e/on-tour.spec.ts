import type { Browser, BrowserContext, Page } from '@playwright/test';
import { convertMinor, type Currency } from '../src/shared/currency';
import { formatMoney } from '../src/shared/money-format';
import { DEMO_PASSWORDS, expect, expectAxeClean, signIn, test } from './fixtures';

/**
 * in the browser, in Chinese: the demo traveler and the demo guide in their own browser
 * contexts on the seeded tour day. Both confirm the start (each sees the other's step without a
 * reload) → ongoing; the traveler extends by 0.5 h and pays by card (in the yuan she reads, for the
 * demo guide's yen, decision 164); the guide approves; the
 * traveler confirms the extension, uploads a photo of the in-person payment, the guide verifies it;
 * the traveler completes the service; both review, and the traveler's review shows on the profile.
 */

// A 2×2 PNG: the server re-encodes it, so any real image works.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4Hh//8/DAwMDAwAX4kF+3CzUKoAAAAASUVORK5CYII=',
  'base64',
);
interface Actor {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function openAs(browser: Browser, username: string, timezoneId: string, width = 1280): Promise<Actor> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId,
    viewport: { width, height: width < 640 ? 740 : 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, username, DEMO_PASSWORDS[username], 'zh-CN');
  return { context, page, errors };
}

interface Trip {
  id: number;
  bookingNumber: string;
  guideId: number;
  status: string;
  startsAt: string;
  /** The booking's currency, the guide's (decision 164), and the rate it was fixed at. */
  currency: Currency;
  rate: { jpyPerCny: string } | null;
  extensionsPaidCents: number;
  extension: { priceCents: number } | null;
}

/** The demo traveler's trips, read through the API. */
async function travelerTrips(page: Page): Promise<Trip[]> {
  const login = await (
    await page.request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const list = await (
    await page.request.get(`/api/v2/bookings-new/traveler/${login.user.id}`, {
      headers: { authorization: `Bearer ${login.token}` },
    })
  ).json();
  return list.data;
}

/** The seeded tour of today that neither side has confirmed yet. */
async function todaysTour(page: Page): Promise<Trip> {
  const tour = (await travelerTrips(page)).find((b) => b.status === 'awaiting_start');
  expect(tour, 'the demo seed has a tour starting today').toBeTruthy();
  return tour!;
}

test('both confirm the start, the traveler extends by 0.5 h and pays, proves the in-person payment, completes, both review, and the review is on the profile (中文)', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const tour = await todaysTour(page);
  // The traveler is on a 375 px phone, the guide at a desk.
  const traveler = await openAs(browser, 'traveler', 'Asia/Shanghai', 375);
  const guide = await openAs(browser, 'guide', 'Asia/Tokyo');
  const t = traveler.page;
  const g = guide.page;
  const travelerCard = () => t.getByRole('article').filter({ hasText: tour.bookingNumber });
  const guideCard = () => g.getByRole('article').filter({ hasText: tour.bookingNumber });

  // Landed on the tour: under 即将出行 while its start is ahead, under 进行中 once it has come unconfirmed by the
  // guide (the seed's tour of today starts earlier in the day late in the evening in Japan).
  await t.goto(`/dashboard?booking=${tour.id}`);
  await g.goto('/guide-dashboard?tab=tours');
  await expect(g.getByRole('heading', { name: '您的行程' })).toBeVisible();

  // The traveler confirms first and waits for the guide; the guide's page shows it without a reload.
  await travelerCard().getByRole('button', { name: '确认开始' }).click();
  await expect(travelerCard().getByRole('button', { name: '等待地陪确认……' })).toBeDisabled();
  await expect(guideCard().getByText('旅行者已确认开始。')).toBeVisible({ timeout: 15_000 });

  // The guide confirms: the tour is under way, and the traveler's page follows.
  await guideCard().getByRole('button', { name: '确认开始' }).click();
  await expect(guideCard().getByText('进行中', { exact: true })).toBeVisible();
  // The traveler landed by the booking's link, so the page follows the tour to 进行中 without a reload, whether
  // its start was still ahead (it was under 即将出行) or had already come.
  await expect(travelerCard().getByText('进行中', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(t.getByRole('button', { name: /进行中的行程/ })).toHaveAttribute('aria-current', 'page');

  // The extension: 30 minutes at the server's fee, paid by card.
  await travelerCard().getByRole('button', { name: '申请延长' }).click();
  const request = t.getByRole('dialog', { name: '申请延长行程' });
  await expect(request.getByText('当前延长次数：0/2')).toBeVisible();
  await expect(request.getByRole('radio', { name: '1 小时' })).toBeChecked();
  await request.getByText('30 分钟', { exact: true }).click();
  await request.getByRole('button', { name: '继续付款' }).click();
  const payment = t.getByRole('dialog', { name: '行程延长付款' });
  await expect(payment.getByText('完成付款以延长您的行程')).toBeVisible();
  const payButton = payment.getByRole('button', { name: /^支付 .+ 元$/ });
  await expect(payButton).toBeDisabled();
  await payment.getByRole('radio', { name: '银行卡' }).locator('..').click();
  await payment.getByLabel('卡号').fill('4242 4242 4242 4242');
  await payment.getByLabel('有效期（MM/YY）').fill('12/34');
  await payment.getByLabel('CVV').fill('123');
  await payment.getByLabel('持卡人姓名').fill('Li Wei');
  const fee = (await payButton.textContent())!.match(/支付 (.+) 元/)![1]!;
  await payButton.click();
  await expect(payment).toBeHidden({ timeout: 15_000 });
  await expect(travelerCard().getByRole('button', { name: '已申请延长……' })).toBeDisabled();
  // The card counts the paid fee at once, in the booking's yen, and shows the half hour as pending; the
  // card paid it in yuan at the booking's rate.
  const extended = (await travelerTrips(t)).find((b) => b.id === tour.id)!;
  expect(extended.currency).toBe('JPY');
  expect(`${fee} 元`).toBe(
    formatMoney(convertMinor(extended.extensionsPaidCents, 'JPY', 'CNY', extended.rate!.jpyPerCny), 'CNY', 'zh-CN'),
  );
  // Its own line under the price (decision 179), the yen beside the yuan it was paid in.
  await expect(travelerCard().getByTestId('trip-money')).toContainText(
    `已在线支付延时费约 ${fee} 元 · ${formatMoney(extended.extensionsPaidCents, 'JPY', 'zh-CN')}`,
  );
  await expect(travelerCard().getByText('另有延长 30 分钟，待确认')).toBeVisible();

  // The guide approves the paid extension (live on their dashboard).
  await expect(guideCard().getByRole('button', { name: '批准延长' })).toBeVisible({ timeout: 15_000 });
  await guideCard().getByRole('button', { name: '批准延长' }).click();
  await expect(guideCard().getByText(/您已批准延长 30 分钟/)).toBeVisible();

  // The traveler confirms the extension, then completes the service.
  await expect(travelerCard().getByRole('button', { name: '确认延长' })).toBeVisible({ timeout: 15_000 });
  await travelerCard().getByRole('button', { name: '确认延长' }).click();
  await expect(travelerCard().getByRole('button', { name: '申请延长' })).toBeVisible();
  await expect(travelerCard().getByText('另有延长 30 分钟，待确认')).toHaveCount(0);
  await expect(travelerCard().getByText(/小时 30 分钟$/)).toBeVisible();

  // The rest is paid in person: the traveler uploads a photo of it, the guide verifies it.
  await travelerCard().getByRole('link', { name: '+ 上传付款凭证' }).click();
  await expect(t.getByRole('heading', { name: '付款凭证', level: 1 })).toBeVisible();
  await t.getByLabel('付款照片或 PDF').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await t.getByRole('button', { name: '上传凭证' }).click();
  await expect(t.locator('[data-proof-status="uploaded"]').first()).toHaveText('凭证已上传 · 等待核对');
  await g.goto('/guide-dashboard');
  const proof = g
    .getByRole('region', { name: '待核对的付款凭证' })
    .getByRole('listitem')
    .filter({ hasText: tour.bookingNumber });
  await proof.getByRole('button', { name: '标记为已验证' }).click();
  await expect(g.getByText('付款凭证已验证').first()).toBeVisible();
  await t.goto('/dashboard?tab=ongoing');
  await expect(travelerCard().locator('[data-proof-status]')).toHaveAttribute('data-proof-status', 'verified');

  await travelerCard().getByRole('button', { name: '完成服务' }).click();
  const confirm = t.getByRole('dialog', { name: '完成服务' });
  await confirm.getByRole('button', { name: '完成服务' }).click();
  await expect(travelerCard()).toHaveCount(0);
  await t.getByRole('button', { name: /过往体验/ }).click();
  await expect(travelerCard().getByText('已完成', { exact: true })).toBeVisible();
  // The guide's tours no longer list it.
  await expect(
    g.getByRole('region', { name: '您的行程' }).getByRole('article').filter({ hasText: tour.bookingNumber }),
  ).toHaveCount(0, { timeout: 15_000 });

  // Both review: the traveler first (it stays hidden), then the guide from Finished tours.
  await travelerCard().getByRole('button', { name: '评价您的地陪' }).click();
  const review = t.getByRole('dialog', { name: /^评价/ });
  await review.getByRole('group', { name: '您的评分' }).getByRole('radio', { name: '5 星' }).check({ force: true });
  const text = '佐藤先生带我们走了很多小巷，讲解细致，延长的半小时也很值得。';
  await review.getByLabel('您的评价（选填）').fill(text);
  await review.getByRole('button', { name: '提交评价' }).click();
  await expect(travelerCard().getByRole('status')).toContainText('正在等待对方评价。');
  await g.goto('/guide-dashboard?tab=past');
  const finished = g
    .getByRole('region', { name: '已完成的行程' })
    .getByRole('listitem')
    .filter({ hasText: tour.bookingNumber });
  await finished.getByRole('button', { name: '评价旅行者' }).click();
  const guideReview = g.getByRole('dialog');
  await guideReview.getByRole('radio', { name: '5 星' }).check({ force: true });
  await guideReview.getByRole('button', { name: '提交评价' }).click();
  await expect(finished.getByText(text)).toBeVisible();
  // Published: the review is on the guide's profile.
  await t.goto(`/guides/${tour.guideId}`);
  await expect(t.getByText(text)).toBeVisible();

  for (const a of [traveler, guide]) {
    expect(a.errors, 'console errors').toEqual([]);
    await a.context.close();
  }
});

test('the on-tour cards and both extension dialogs have no WCAG A/AA violations (axe)', async ({ browser }) => {
  test.setTimeout(90_000);
  const traveler = await openAs(browser, 'traveler', 'Asia/Shanghai');
  const t = traveler.page;
  await t.goto('/dashboard?tab=ongoing');
  const first = t
    .getByRole('article')
    .filter({ has: t.getByRole('button', { name: '申请延长' }) })
    .first();
  await expect(first).toBeVisible();
  const number = (await first.textContent())!.match(/TG\d{4,}/)![0];
  const card = t.getByRole('article').filter({ hasText: number });
  await expectAxeClean(t, 'trips ongoing', { settled: true });
  await card.getByRole('button', { name: '申请延长' }).click();
  await expect(t.getByRole('dialog', { name: '申请延长行程' })).toBeVisible();
  await expectAxeClean(t, 'request extension dialog', { settled: true });
  await t.getByRole('dialog').getByRole('button', { name: '继续付款' }).click();
  await expect(t.getByRole('dialog', { name: '行程延长付款' })).toBeVisible();
  await expectAxeClean(t, 'extension payment dialog', { settled: true });
  await t.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(t.getByRole('dialog')).toHaveCount(0);
  // Closed before paying: nothing was asked of the server, so the tour is simply under way.
  await expect(card.getByRole('button', { name: '申请延长' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^支付延长费用/ })).toHaveCount(0);
  const trip = (await travelerTrips(t)).find((b) => b.bookingNumber === number)!;
  expect(trip.status).toBe('ongoing');

  // An unpaid request (asked elsewhere, say) says when it lapses and can be withdrawn.
  const me = await (
    await t.request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const asked = await t.request.post(`/api/bookings/${trip.id}/request-extension`, {
    headers: { authorization: `Bearer ${me.token}` },
    data: { extensionHours: 0.25 },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await t.reload();
  // Its price asked in the booking's currency (the demo guide's yen).
  const unpaid = (await travelerTrips(t)).find((b) => b.id === trip.id)!;
  await expect(
    card.getByRole('button', {
      name: `支付延长费用（${formatMoney(unpaid.extension!.priceCents, unpaid.currency, 'zh-CN')}）`,
      exact: true,
    }),
  ).toBeVisible();
  await expect(card).toContainText('否则申请失效');
  await expectAxeClean(t, 'unpaid extension request', { settled: true });
  await card.getByRole('button', { name: '撤回申请' }).click();
  await expect(card.getByRole('button', { name: '申请延长' })).toBeVisible();

  const guide = await openAs(browser, 'guide', 'Asia/Tokyo');
  await guide.page.goto('/guide-dashboard?tab=tours');
  await expect(guide.page.getByRole('heading', { name: '您的行程' })).toBeVisible();
  await expectAxeClean(guide.page, 'guide dashboard tours', { settled: true });
  for (const a of [traveler, guide]) {
    expect(a.errors, 'console errors').toEqual([]);
    await a.context.close();
  }
});
