import { test as base, expect, type Page } from '@playwright/test';

const allowed = new WeakMap<Page, RegExp[]>();

/**
 * Lets a test expect console errors matching these patterns on this page — for example the
 * browser's own 'Failed to load resource … 401' line when a test logs in with a wrong password.
 */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Every test fails on a console error or an uncaught page error: a page that "works" while
 * throwing is broken for someone.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !(allowed.get(page) ?? []).some((p) => p.test(m.text()))) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a page with a chosen interface language, as a returning visitor who picked it would. */
export async function gotoInLocale(page: Page, path: string, locale: 'en' | 'zh-CN') {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('tabi.locale', l);
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
  await page.goto(path);
}

/** Passwords of the seeded demo accounts (SEED=demo). */
export const DEMO_PASSWORDS: Record<string, string> = { traveler: 'traveler123', guide: 'guide1234', admin: 'admin1234' };

/**
 * Signs in through the real login API and stores the session where the web app keeps it
 * (tabi.token / tabi.user), for the next page load. Optionally fixes the interface language too.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORDS[username], locale?: 'en' | 'zh-CN') {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const reply = await res.json();
  await page.addInitScript(
    ([token, user, l]) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('tabi.token', token!);
        localStorage.setItem('tabi.user', user!);
        if (l) localStorage.setItem('tabi.locale', l);
        sessionStorage.setItem('e2e-session-set', '1');
      }
    },
    [reply.token, JSON.stringify(reply.user), locale ?? ''],
  );
  return reply;
}
