import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { formatMoney } from '../src/shared/money-format';
import { DEMO_PASSWORDS, expect, gotoInLocale, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * /guide, the guide landing page: the demo guide signs in and lands there from /,
 * and sees real figures from the demo seed — non-zero earnings today and in total, in the yen she earns
 * (decision 167), this week's tours
 * (the seed has tours today), unread counts, new requests and reviews — in English and Chinese, on a
 * desktop and at 375 px. A visitor is asked to log in (with the way back), a traveler to become a
 * guide. The empty states of a freshly approved guide are covered by the API tests.
 */
const SHOTS = '/tmp/shots-guide-home';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    greeting: 'Welcome back, Sato Yuki',
    today: 'Today',
    week: "This week's tours",
    unread: /Unread messages/,
    requests: /New booking requests/,
    ratings: 'Ratings and reviews',
    zero: '¥0 (JPY)',
  },
  'zh-CN': {
    greeting: '欢迎回来，Sato Yuki',
    today: '今天',
    week: '本周行程',
    unread: /未读消息/,
    requests: /新预订请求/,
    ratings: '评分与评价',
    zero: '0 日元',
  },
} as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function login(request: APIRequestContext, username: string) {
  return (await (
    await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORDS[username] } })
  ).json()) as { token: string; user: { id: number } };
}

/** Earlier specs may have answered the seeded requests: the demo traveler then sends a new paid one. */
async function ensureRequest(request: APIRequestContext) {
  const guide = await login(request, 'guide');
  const overview = async () =>
    (await (await request.get('/api/v2/guides/me/overview', { headers: bearer(guide.token) })).json()) as {
      requests: { count: number };
      guide: { id: number };
    };
  const before = await overview();
  if (before.requests.count > 0) return;
  const traveler = await login(request, 'traveler');
  const { date, startTime } = await freeSlot(request, before.guide.id, { fromDay: 20 });
  const booked = await request.post('/api/v2/bookings', {
    headers: bearer(traveler.token),
    data: { guideId: before.guide.id, date, startTime, durationHours: 2, travelers: 2 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const paid = await request.post(`/api/v2/bookings/${(await booked.json()).id}/payments`, {
    headers: { ...bearer(traveler.token), 'idempotency-key': `guide-home-${Date.now()}` },
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
  await expect.poll(async () => (await overview()).requests.count, { timeout: 15_000 }).toBeGreaterThan(0);
}

for (const locale of ['en', 'zh-CN'] as const) {
  const w = WORDS[locale];
  for (const width of [1280, 375]) {
    test(`the demo guide's home with real figures (${locale}, ${width} px)`, async ({ page }) => {
      await ensureRequest(page.request);
      // The phone runs are in the dark theme, the desktop ones in the light one (axe checks both).
      await page.emulateMedia({ colorScheme: width === 375 ? 'dark' : 'light' });
      const me = await signIn(page, 'guide', undefined, locale);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      // A guide is sent from / to /guide.
      await page.goto('/');
      await expect(page).toHaveURL(/\/guide$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.greeting);

      // Earnings: today's completion of the seed, and the total, whole in her yen (decision 196: what reached her
      // wallet and what she was handed in person, ¥9,900 (JPY) / 9,900 日元), never a bare ¥ and never yuan.
      const overview = await (
        await page.request.get('/api/v2/guides/me/overview', { headers: bearer(me.token) })
      ).json();
      expect(overview.earnings.currency).toBe('JPY');
      for (const key of ['today', 'month', 'year', 'total'])
        await expect(page.getByTestId(`earnings-${key}`)).toHaveText(
          formatMoney(overview.earnings[`${key}Cents`] + overview.earnings.inPerson[`${key}Cents`], 'JPY', locale),
        );
      await expect(page.getByTestId('earnings-today')).not.toHaveText(w.zero);
      await expect(page.getByTestId('earnings-total')).not.toHaveText(w.zero);
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(locale === 'en' ? /¥(?![\d,]+ \(JPY\))/ : /¥/);
      expect(text).not.toMatch(locale === 'en' ? / RMB\b/ : /\d 元/);

      // Unread: the same count as the header's; the tile opens /messages.
      const unread = await (
        await page.request.get(`/api/conversations/total-unread-count/${me.user.id}`, { headers: bearer(me.token) })
      ).json();
      await expect(page.getByTestId('unread-total')).toHaveText(String(unread.totalUnreadCount));
      await expect(page.getByRole('link', { name: w.unread })).toHaveAttribute('href', '/messages');
      // New requests: at least one, the tile opens /guide-dashboard.
      await expect(page.getByTestId('requests-count')).not.toHaveText('0');
      await expect(page.getByRole('link', { name: w.requests })).toHaveAttribute('href', '/guide-dashboard');

      // This week's tours, with today's tours of the seeded tour day.
      const week = page.getByRole('region', { name: w.week });
      await expect(week.getByRole('listitem').filter({ hasText: w.today }).first()).toBeVisible();
      // Ratings and the latest three reviews.
      const ratings = page.getByRole('region', { name: w.ratings });
      await expect(ratings.getByTestId('rating-average')).toHaveText(/^\d\.\d$/);
      await expect(ratings.getByRole('listitem')).toHaveCount(3);

      // One h1, a heading per section; nothing wider than the screen.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/guide-home-${locale}-${width}.png`, fullPage: true });
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

      if (width === 1280) {
        // Keyboard: the unread tile is reached with Tab and opens the messages.
        const tile = page.getByRole('link', { name: w.unread });
        await tile.focus();
        await expect(tile).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/messages$/);
      }
    });
  }

  test(`a visitor is asked to log in and a traveler to become a guide (${locale})`, async ({ page }) => {
    await gotoInLocale(page, '/guide', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'en' ? 'Log in to see your guide home' : '登录后查看地陪主页',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: locale === 'en' ? 'Log In' : '登录' }),
    ).toHaveAttribute('href', '/login?redirect=%2Fguide');

    await signIn(page, 'traveler', undefined, locale);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/guide');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'en' ? 'This page is for guides' : '此页面仅供地陪使用',
    );
    await expect(
      page.getByRole('main').getByRole('link', { name: locale === 'en' ? 'Become a Guide' : '成为地陪' }),
    ).toHaveAttribute('href', '/become-guide');
    await page.screenshot({ path: `${SHOTS}/guide-home-traveler-${locale}-375.png` });
  });
}
