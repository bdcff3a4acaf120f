import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORDS, expect, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * The guide's phone (decision 105): what waits for the guide's answer comes first and short on
 * /guide-dashboard — the traveler's new time among them, above the fold at 375 px — each line opens
 * its card, and /guide lists them too. Screenshots of both pages at 375 and 1280 px in
 * both languages go to test-results/shots.
 */
const SHOTS = 'test-results/shots';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(request: APIRequestContext, username: string) {
  return (await (
    await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORDS[username] } })
  ).json()) as { token: string; user: { id: number } };
}

/**
 * The seed has a traveler's open proposal on one of the demo guide's requests; when an earlier spec
 * has answered it, the demo traveler books and pays a new request and asks to move it.
 */
async function ensureTravelersProposal(request: APIRequestContext) {
  const guide = await login(request, 'guide');
  const list = (
    await (await request.get(`/api/v2/bookings-new/guide/${guide.user.id}`, { headers: bearer(guide.token) })).json()
  ).data as { reschedule?: { status: string; mine: boolean } | null }[];
  if (list.some((b) => b.reschedule?.status === 'open' && !b.reschedule.mine)) return;
  const me = (await (await request.get('/api/guides/me', { headers: bearer(guide.token) })).json()) as { id: number };
  const traveler = await login(request, 'traveler');
  const slot = await freeSlot(request, me.id, { fromDay: 30 });
  const booked = await request.post('/api/v2/bookings', {
    headers: bearer(traveler.token),
    data: { guideId: me.id, date: slot.date, startTime: slot.startTime, durationHours: 2, travelers: 2 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = (await booked.json()).id as number;
  const paid = await request.post(`/api/v2/bookings/${id}/payments`, {
    headers: { ...bearer(traveler.token), 'idempotency-key': `guide-answers-${Date.now()}` },
    data: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Li Wei',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const later = await freeSlot(request, me.id, { fromDay: 40 });
  const moved = await request.post(`/api/v2/bookings/${id}/reschedule`, {
    headers: bearer(traveler.token),
    data: { date: later.date, startTime: later.startTime },
  });
  expect(moved.status(), await moved.text()).toBe(201);
}

/** The element's whole box lies within the first screen. */
async function aboveTheFold(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.y + box!.height, 'bottom edge within the first screen').toBeLessThanOrEqual(height);
}

test('at 375 px in Chinese the traveler’s new time is the guide’s to answer at the top of /guide and of the dashboard', async ({
  page,
}) => {
  await ensureTravelersProposal(page.request);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'guide', undefined, 'zh-CN');
  await page.goto('/guide');
  const home = page.getByRole('region', { name: /需要您处理/ });
  const first = home.getByRole('link', { name: /改期提议/ }).first();
  await expect(first).toContainText('日本时间');
  await aboveTheFold(page, first);
  await page.goto('/guide-dashboard');

  const list = page.getByRole('region', { name: /需要您处理/ });
  const item = list.getByRole('link', { name: /改期提议/ }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText('日本时间');
  await aboveTheFold(page, item);
  // The other sections are tabs: the finished tours and the settings are one tap away, not below.
  await expect(page.getByRole('tab', { name: '经营设置' })).toBeVisible();
  await expect(page.locator('#availability')).toHaveCount(0);

  // The line opens the card, in its tab, with the traveler's proposal to answer.
  await item.click();
  const card = page.locator('article[id^="booking-"]').filter({ hasText: '提议更改时间' }).first();
  await expect(card).toBeInViewport();
  await expect(card.getByRole('button', { name: '接受新时间' })).toBeVisible();

  // Keyboard: the tabs move with the arrow keys.
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: '经营设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#availability')).toBeVisible();
});

for (const locale of ['zh-CN', 'en'] as const) {
  for (const width of [375, 1280]) {
    test(`screenshots of /guide and /guide-dashboard (${locale}, ${width} px)`, async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await signIn(page, 'guide', undefined, locale);
      for (const [path, name] of [
        ['/guide', 'guide-home'],
        ['/guide-dashboard', 'guide-dashboard'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(sideways, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${locale}.png`, fullPage: true });
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${locale}-first-screen.png` });
      }
    });
  }
}
