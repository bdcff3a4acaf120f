import AxeBuilder from '@axe-core/playwright';
import { allowConsoleErrors, expect, gotoInLocale, test } from './fixtures';

// docs/rules/look-and-language.md: axe-core finds no WCAG A/AA violations on any page, in either theme or language.
const pages = ['/', '/no-such-page', '/withdrawal'];

for (const locale of ['en', 'zh-CN'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no WCAG A/AA violations (${locale}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      // The unknown path answers 404, which the browser reports in the console.
      allowConsoleErrors(page, /status of 404/);
      for (const path of pages) {
        await gotoInLocale(page, path, locale);
        await expect(page.locator('footer')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = result.violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
        expect(summary, `${path} (${locale}, ${scheme})`).toEqual([]);
      }
    });
  }
}
