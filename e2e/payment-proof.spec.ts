import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, signIn, test } from './fixtures';

/**
 * The payment proof (decision 062), in the browser, in Chinese, in two contexts: the demo traveler uploads a
 * photo of the in-person final payment for the seeded tour under way, the demo guide sees it on the
 * dashboard and marks it verified, and the traveler's badge turns green. The file is never public.
 */
interface Actor {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

// A 2×2 PNG: the server re-encodes it, so any real image works.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYPj/n4Hh//8/DAwMDAwAX4kF+3CzUKoAAAAASUVORK5CYII=',
  'base64',
);

async function openAs(browser: Browser, username: string): Promise<Actor> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 900 },
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

/** The seeded tour under way (SEED=demo), read through the API as the traveler. */
async function ongoingTour(page: Page): Promise<{ id: number; bookingNumber: string }> {
  const login = await (
    await page.request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const list = await (
    await page.request.get(`/api/v2/bookings-new/traveler/${login.user.id}`, {
      headers: { authorization: `Bearer ${login.token}` },
    })
  ).json();
  const tour = list.data.find(
    (b: { status: string; payments: { kind: string; verifiedByGuide: boolean }[] }) =>
      b.status === 'ongoing' && !b.payments.some((p) => p.kind === 'final_payment' && p.verifiedByGuide),
  );
  expect(tour, 'the demo seed has a tour under way').toBeTruthy();
  return tour;
}

test('the traveler uploads a payment proof in Chinese, the guide verifies it, the badge turns green', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const tour = await ongoingTour(page);
  const traveler = await openAs(browser, 'traveler');
  const guide = await openAs(browser, 'guide');
  const t = traveler.page;
  const g = guide.page;
  const card = () => t.getByRole('article').filter({ hasText: tour.bookingNumber });

  // The ongoing trip offers '+ upload payment proof'; it leads to the proof page.
  await t.goto('/dashboard?tab=ongoing');
  await card().getByRole('link', { name: '+ 上传付款凭证' }).click();
  await expect(t).toHaveURL(new RegExp(`/booking/${tour.id}/payment-proof$`));
  await expect(t.getByRole('heading', { name: '付款凭证', level: 1 })).toBeVisible();
  // The demo guide prices in yen: what is handed over in person is her yen (decision 164).
  await expect(t.getByText(/请当面向地陪支付剩余的 [\d,]+ 日元，/)).toBeVisible();

  // A wrong type is refused in the browser with the Chinese message; a photo is previewed and uploaded.
  const input = t.getByLabel('付款照片或 PDF');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(t.getByRole('alert')).toHaveText('文件类型无效：请选择有效的图片（JPEG、PNG、GIF、WEBP）或 PDF 文件。');
  await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(t.getByAltText('所选文件预览')).toBeVisible();
  await t.getByRole('button', { name: '上传凭证' }).click();
  await expect(t.locator('[data-proof-status="uploaded"]').first()).toHaveText('凭证已上传 · 等待核对');
  const stored = t.getByRole('img', { name: '付款凭证' });
  await expect(stored).toBeVisible();
  // The stored image loads (through its signed URL) and is a real picture.
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  // The file is never public: without the signature or a token it is refused.
  const fileUrl = new URL((await stored.getAttribute('src'))!, t.url());
  const bare = await page.request.get(fileUrl.pathname);
  expect(bare.status()).toBe(401);
  const signed = await page.request.get(fileUrl.pathname + fileUrl.search);
  expect(signed.status()).toBe(200);
  expect(signed.headers()['x-content-type-options']).toBe('nosniff');

  // The guide sees it on the dashboard and verifies it.
  await g.goto('/guide-dashboard');
  const toCheck = g.getByRole('region', { name: '待核对的付款凭证' });
  const item = toCheck.getByRole('listitem').filter({ hasText: tour.bookingNumber });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: '标记为已验证' }).click();
  await expect(g.getByText('付款凭证已验证').first()).toBeVisible();
  await expect(toCheck).toHaveCount(0);

  // The traveler's trip card now shows the green badge.
  await t.goto('/dashboard?tab=ongoing');
  const badge = card().locator('[data-proof-status]');
  await expect(badge).toHaveAttribute('data-proof-status', 'verified');
  await expect(badge).toHaveText('付款已验证');
  await expect(badge).toHaveClass(/bg-green-100/);
  await card().getByRole('link', { name: '付款已验证' }).click();
  await expect(t.getByText('地陪已确认收款，谢谢您！')).toBeVisible();
  await expect(t.getByRole('button', { name: '上传凭证' })).toHaveCount(0);

  expect(traveler.errors, 'traveler console errors').toEqual([]);
  expect(guide.errors, 'guide console errors').toEqual([]);
  await traveler.context.close();
  await guide.context.close();
});
