import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { allowConsoleErrors, DEMO_PASSWORDS, expect, test } from './fixtures';
import { acceptedBooking, auth, signup } from './guide-helpers';
import { e2eServer } from './servers';

/**
 * Offline by every path (decision 102): a traveler who reaches the trip the usual way — the home page,
 * ☰ → 我的行程 → 即将出行 — and reloads with no connection sees the trip, not the browser's error; the
 * menu, the booking PDF (its page never opened online) and logging out work offline. At 375 px, in
 * Chinese, and once in English. Screenshots at 375 and 1280 px go to test-results/shots/.
 */
const shots = 'test-results/shots';
const words = {
  'zh-CN': {
    menu: '菜单',
    myTrips: '我的行程',
    upcoming: /^即将出行/,
    offline: /^离线 · 最后更新于\d+月\d+日 \d\d:\d\d$/,
    pdfLink: (n: string) => `预订确认单 PDF，${n}`,
    pdfTitle: (n: string) => `预订确认单 ${n}`,
    logOut: '退出登录',
    loggedOutLocally: '已在此设备上退出登录',
    offlinePage: '当前处于离线状态',
    failed: '出了点问题，请重试。',
    guidesFailedToast: '获取地陪失败',
    homeHeading: '跟着当地人，看见真实的日本',
  },
  en: {
    menu: 'Menu',
    myTrips: 'My Trips',
    upcoming: /^Upcoming Trips/,
    offline: /^Offline · last updated [A-Z][a-z]{2} \d+ \d\d:\d\d$/,
    pdfLink: (n: string) => `Booking PDF, ${n}`,
    pdfTitle: (n: string) => `Booking confirmation ${n}`,
    logOut: 'Log Out',
    loggedOutLocally: 'Logged out on this device',
    offlinePage: 'You are offline',
    failed: 'Something went wrong. Please try again.',
    guidesFailedToast: 'Failed to fetch guides',
    homeHeading: 'See Japan with someone who lives there',
  },
};

/**
 * fixtures.ts's signIn for the top frame only (as in pdf.spec.ts): init scripts run in the PDF's frame
 * too, which has no sessionStorage. `pdfViewer` makes the browser say it shows PDFs in a page, so the
 * preview uses its frame (the headless shell has no viewer of its own).
 */
async function signIn(page: Page, locale: 'en' | 'zh-CN', pdfViewer: boolean) {
  // A traveler of its own: the demo traveler gathers other specs' trips, and only the soonest few are kept.
  const { username, password } = await signup(page.request, locale === 'en' ? 'Wang Xiaoming' : '王小明');
  const reply = await (await page.request.post('/api/auth/login', { data: { username, password } })).json();
  await page
    .context()
    .addCookies([{ name: 'tabi_locale', value: locale, url: e2eServer(test.info().parallelIndex).baseURL }]);
  await page.addInitScript(
    ([token, user, l, viewer]) => {
      if (viewer === '1') Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => true });
      if (window !== window.top || !window.sessionStorage || sessionStorage.getItem('e2e-session-set')) return;
      localStorage.setItem('tabi.token', token!);
      localStorage.setItem('tabi.user', user!);
      localStorage.setItem('tabi.locale', l!);
      sessionStorage.setItem('e2e-session-set', '1');
    },
    [reply.token, JSON.stringify(reply.user), locale, pdfViewer ? '1' : ''],
  );
  return reply as { token: string; user: { id: number } };
}

/** What the worker keeps for the trip: the trip's files, the shell, the trips list and this booking's PDF. */
function kept(page: Page, userId: number, bookingId: number) {
  return page.evaluate(
    async ([user, booking]) => {
      const trip = (await caches.has('tabi-trip-v1')) ? (await (await caches.open('tabi-trip-v1')).keys()).length : 0;
      const shell = !!(await caches.match('/__offline-shell'));
      const mine = (await caches.has(`tabi-private-${user}`)) ? await caches.open(`tabi-private-${user}`) : null;
      const paths = mine ? (await mine.keys()).map((r) => new URL(r.url).pathname) : [];
      const trips = paths.includes(`/api/v2/bookings-new/traveler/${user}`);
      const pdf = paths.includes(`/api/v2/bookings/${booking}/pdf`);
      return `${trip > 10 ? 'trip files' : 'no trip files'}, ${shell ? 'shell' : 'no shell'}, ${trips ? 'trips' : 'no trips'}, ${pdf ? 'pdf' : 'no pdf'}`;
    },
    [userId, bookingId] as const,
  );
}

/**
 * Offline, a namespace the worker did not keep shows its keys ("grid.retry") instead of words: no text on the
 * page may look like one.
 */
async function expectNoKeys(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  const text = await page.locator('body').innerText();
  expect(text.match(/\b[a-z]+[A-Z]?\w*\.[a-z]\w*(\.\w+)*\b/g) ?? []).toEqual([]);
}

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

for (const locale of ['zh-CN', 'en'] as const) {
  test(`by the home page and the menu, then offline: the trip, the menu, the PDF and logging out (375 px, ${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // With no connection, what the app asks beyond what it kept fails (the bell's count, the live socket).
    allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /WebSocket/);
    const w = words[locale];
    await page.setViewportSize({ width: 375, height: 812 });
    const guideLogin = await (
      await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
    ).json();
    const guide = await (await request.get('/api/guides/me', { headers: auth(guideLogin.token) })).json();
    const traveler = await signIn(page, locale, locale === 'zh-CN');
    const booking = await acceptedBooking(request, guide.id, guideLogin.token, traveler.token);
    const detail = await (
      await request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(traveler.token) })
    ).json();

    // Online: the home page, then ☰ → My Trips → Upcoming (no full page load of the trips page).
    await page.goto('/');
    await page.getByRole('button', { name: w.menu }).click();
    await page.getByRole('dialog').getByRole('link', { name: w.myTrips }).click();
    await page.getByRole('navigation').getByRole('button', { name: w.upcoming }).click();
    const card = page.locator('article').filter({ hasText: booking.bookingNumber });
    await expect(card.getByText(detail.meetingAddress)).toBeVisible();
    // The worker keeps the trip's files, the shell and the PDF without the traveler opening them.
    await expect
      .poll(() => kept(page, traveler.user.id, booking.id), { timeout: 30_000 })
      .toBe('trip files, shell, trips, pdf');

    // The subway: no connection, reload.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveText(w.offline);
    await expect(card.getByText(detail.meetingAddress)).toBeVisible();
    await expect(card).toContainText(booking.bookingNumber);
    await expect(page.getByText(w.failed)).toHaveCount(0);
    await expectNoKeys(page);
    await shoot(page, `offline-trip-${locale}`);

    // The menu opens offline (its code was kept), and its links lead on.
    await page.getByRole('button', { name: w.menu }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: w.myTrips })).toBeVisible();
    await expectNoKeys(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The booking PDF, whose page was never opened online.
    const pdfAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v2/bookings/${booking.id}/pdf`);
    await card.getByRole('link', { name: w.pdfLink(booking.bookingNumber) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.pdfTitle(booking.bookingNumber));
    await expect(page.getByTestId('offline-banner')).toHaveText(w.offline);
    await expectNoKeys(page);
    if (locale === 'zh-CN') {
      // The frame shows the kept PDF: not the app's shell, which its CSP would refuse in a frame.
      const answer = await pdfAnswer;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
      expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    } else {
      // No PDF viewer: the two buttons, whose link the worker answers with the kept PDF.
      const href = await page.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href');
      const res = await page.evaluate(async (url) => {
        const r = await fetch(url!);
        return `${r.status} ${r.headers.get('content-type')} ${(await r.text()).slice(0, 5)}`;
      }, href);
      expect(res).toBe('200 application/pdf %PDF-');
    }

    // A page whose code was never fetched: the app's own offline page, with the header and its menu.
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { level: 1, name: w.offlinePage })).toBeVisible();
    await expect(page.getByRole('button', { name: w.menu })).toBeVisible();
    await expectNoKeys(page);
    await shoot(page, `offline-page-${locale}`);

    // Logging out offline: logged out on this device, and it says so; nothing of the traveler is kept.
    await page.getByRole('button', { name: w.menu }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.logOut }).click();
    await expect(page.getByText(w.loggedOutLocally)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The home page itself, not the whole-page error (only its guide list, which needs the network, says it failed).
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(w.homeHeading);
    // Its guide list says in place that it failed; the list's failure toast does not replace what the logout did.
    await expect(page.getByRole('main').getByText(w.failed)).toBeVisible();
    await expect(page.getByText(w.loggedOutLocally)).toBeVisible();
    await expect(page.getByText(w.guidesFailedToast)).toHaveCount(0);
    await expectNoKeys(page);
    expect(await page.evaluate(() => localStorage.getItem('tabi.token'))).toBeNull();
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('tabi-private-'))))
      .toEqual([]);
  });
}

test('a page opened offline before the app was kept is the offline page in both languages, not the browser’s error', async ({
  page,
}) => {
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /WebSocket/);
  await page.setViewportSize({ width: 375, height: 812 });
  // A visitor's first visit: the worker installs and keeps only its offline page.
  await page.goto('/help');
  await expect
    .poll(
      () => page.evaluate(async () => !!navigator.serviceWorker.controller && !!(await caches.match('/offline.html'))),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.context().setOffline(true);
  // Not page.goto: fixtures.ts's goto waits for the app's data-ready, and this page has no app.
  await page.evaluate(() => location.assign('/search?city=tokyo'));
  await expect(page.getByRole('heading', { level: 1, name: '当前处于离线状态' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/dashboard');
  await shoot(page, 'offline-html');
});

test('offline, a menu whose code was never fetched says in place that it needs the network; the page stays', async ({
  page,
}) => {
  allowConsoleErrors(
    page,
    /ERR_INTERNET_DISCONNECTED/,
    /Failed to load resource/,
    /WebSocket/,
    /dynamically imported module/,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page
    .context()
    .addCookies([{ name: 'tabi_locale', value: 'zh-CN', url: e2eServer(test.info().parallelIndex).baseURL }]);
  await page.addInitScript(() => localStorage.setItem('tabi.locale', 'zh-CN'));
  // A visitor opened the trips page once (its shell is kept) but never the menu.
  await page.goto('/dashboard');
  await expect
    .poll(
      () =>
        page.evaluate(async () => !!navigator.serviceWorker.controller && !!(await caches.match('/__offline-shell'))),
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '请登录' })).toBeVisible();
  await page.getByRole('button', { name: '菜单' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '首次打开菜单需要网络连接，联网后请再试一次。' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '请登录' })).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/offline-menu-zh-CN-375.png` });
  await page.getByRole('button', { name: '关闭菜单' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '首次打开菜单' })).toHaveCount(0);
});
