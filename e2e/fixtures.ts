import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught page error: a page that "works" while
 * throwing is broken for someone.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
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
