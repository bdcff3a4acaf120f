import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, DEMO_PASSWORDS, expect, signIn, test } from './fixtures';
import { acceptedBooking, auth } from './guide-helpers';

/**
 * the trip offline (decision 095): after a first visit to the trips page, the service worker
 * has the app and the traveler's trips; with the network off the page still shows the meeting point and
 * the time, with the "offline, last updated …" line; logging out leaves nothing of the traveler in the
 * browser's caches. At 375 px in Chinese (E2E_ALL_SIZES=1 adds 1280 px and English, for screenshots).
 */
const out = 'test-results/offline';
const sizes = [
  { locale: 'zh-CN' as const, width: 375, height: 812 },
  ...(process.env.E2E_ALL_SIZES
    ? [
        { locale: 'zh-CN' as const, width: 1280, height: 900 },
        { locale: 'en' as const, width: 375, height: 812 },
        { locale: 'en' as const, width: 1280, height: 900 },
      ]
    : []),
];
const words = {
  'zh-CN': {
    offline: /^离线 · 最后更新于\d+月\d+日 \d\d:\d\d$/,
    zone: '日本时间',
    menu: '菜单',
    logOut: '退出登录',
    loggedOut: '已退出登录',
    upcoming: '即将出行',
    pleaseLogIn: '请登录',
  },
  en: {
    offline: /^Offline · last updated [A-Z][a-z]{2} \d+ \d\d:\d\d$/,
    zone: 'Japan time',
    menu: 'Menu',
    logOut: 'Log Out',
    loggedOut: 'Logged out',
    upcoming: 'Upcoming Trips',
    pleaseLogIn: 'Please log in',
  },
};

/** Every cache of the page's origin: its name and, per entry, the URL and the text of the body. */
function cacheContents(page: Page) {
  return page.evaluate(async () => {
    const all: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const res = await cache.match(request);
        const type = res?.headers.get('content-type') ?? '';
        all.push({ cache: name, url: request.url, body: /json|text|javascript/.test(type) ? await res!.text() : '' });
      }
    }
    return all;
  });
}

for (const size of sizes) {
  test(`a trip stays readable offline, and logging out clears it (${size.width} px, ${size.locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // With the network off, what the app asks beyond its cached trips fails (the notification count, the
    // live socket), as on a train; the page shows what it has.
    allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /WebSocket/);
    const w = words[size.locale];
    await page.setViewportSize({ width: size.width, height: size.height });
    const guideLogin = await (
      await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
    ).json();
    const guide = await (await request.get('/api/guides/me', { headers: auth(guideLogin.token) })).json();
    const traveler = await signIn(page, 'traveler', undefined, size.locale);
    const booking = await acceptedBooking(request, guide.id, guideLogin.token, traveler.token);
    const detail = await (
      await request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(traveler.token) })
    ).json();

    // The first visit, online: the service worker installs after the page has loaded and keeps the trips.
    await page.goto('/dashboard?tab=upcoming');
    const card = page.locator('article').filter({ hasText: booking.bookingNumber });
    await expect(card.getByText(detail.meetingAddress)).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect
      .poll(
        async () => {
          const entries = await cacheContents(page);
          const trips = entries.some(
            (e) =>
              e.cache === `tabi-private-${traveler.user.id}` &&
              e.url.includes(`/api/v2/bookings-new/traveler/${traveler.user.id}`),
          );
          const shell = entries.some((e) => e.url.endsWith('/__offline-shell'));
          return `${trips ? 'trips' : 'no trips'}, ${shell ? 'shell' : 'no shell'}`;
        },
        { timeout: 20_000 },
      )
      .toBe('trips, shell');
    // The last messages too: the traveler reads the chat with the guide once, online.
    const opened = await (
      await request.post('/api/conversations', { data: { guideId: guide.id }, headers: auth(traveler.token) })
    ).json();
    const chat = `/messages?c=${opened.data.conversation.id}`;
    const note = `Meet at the north exit, ${size.locale} ${size.width}`;
    const sent = await request.post(`/api/conversations/${opened.data.conversation.id}/messages`, {
      data: { clientMessageId: `offline-${size.locale}-${size.width}-${Date.now()}`, body: note },
      headers: auth(traveler.token),
    });
    expect(sent.status()).toBe(201);
    const mine = page.getByTestId('message-mine').filter({ hasText: note });
    await page.goto(chat);
    await expect(mine).toBeVisible();
    await expect
      .poll(async () =>
        (await cacheContents(page)).some(
          (e) => e.url.includes(`/api/conversations/${opened.data.conversation.id}/messages`) && e.body.includes(note),
        ),
      )
      .toBe(true);
    await page.goto('/dashboard?tab=upcoming');

    // No connection: the same page opens, from the service worker.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: w.upcoming })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(w.offline);
    await expect(card.getByText(detail.meetingAddress)).toBeVisible();
    await expect(card).toContainText(`${detail.scheduledStartTime}–`);
    await expect(card).toContainText(w.zone);
    await expect(card).toContainText(booking.bookingNumber);
    // The offline line and the meeting point's map link keep the page's WCAG A/AA (docs/rules/look-and-language.md).
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
    if (size.width === 375 || process.env.E2E_ALL_SIZES) {
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: `${out}/offline-trip-${size.width}-${size.locale}.png`, fullPage: true });
    }
    // The chat read before: its last message, under the same line.
    await page.goto(chat);
    await expect(mine).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(w.offline);
    if (size.width === 375 || process.env.E2E_ALL_SIZES)
      await page.screenshot({ path: `${out}/offline-chat-${size.width}-${size.locale}.png` });

    // Back online, the traveler logs out: no cache keeps anything of theirs.
    await page.context().setOffline(false);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    if (size.width < 768) await page.getByRole('button', { name: w.menu }).click();
    else await page.getByRole('button', { name: /账户菜单|Account menu/ }).click();
    await page.getByRole(size.width < 768 ? 'button' : 'menuitem', { name: w.logOut }).click();
    await expect(page.getByText(w.loggedOut)).toBeVisible();
    const leftover = async () => {
      const entries = await cacheContents(page);
      return entries
        .filter(
          (e) =>
            e.cache.startsWith('tabi-private-') ||
            (e.url.includes('/api/') && !e.url.includes('/api/v2/avatars/')) ||
            e.body.includes(booking.bookingNumber) ||
            e.body.includes(detail.meetingAddress),
        )
        .map((e) => `${e.cache} ${e.url}`);
    };
    await expect.poll(leftover).toEqual([]);
    // A visitor's visit to the trips page keeps nothing private either.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: w.pleaseLogIn })).toBeVisible();
    expect(await leftover()).toEqual([]);
  });
}
