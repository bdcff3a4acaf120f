import { expect, signIn, test } from './fixtures';

/**
 * The bell's drawer on a phone and on a desktop: on a phone it is a bottom sheet wholly on
 * the screen (it once rose above it: the header's backdrop blur was its containing block), on a
 * desktop a panel under the bell, where the reader scrolled to; both lead to all notifications.
 */
for (const { locale, width, height, title, viewAll, bell } of [
  { locale: 'zh-CN' as const, width: 375, height: 740, title: '通知', viewAll: '查看全部', bell: /^通知/ },
  {
    locale: 'en' as const,
    width: 1280,
    height: 800,
    title: 'Notifications',
    viewAll: 'View all',
    bell: /^Notifications/,
  },
]) {
  test(`the notification drawer is on the screen and leads to every notification (${locale}, ${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'traveler', undefined, locale);
    await page.goto('/');
    // Scrolled down, as a reader would be: the panel must still open where they are.
    await page.mouse.wheel(0, 600);
    const bellButton = page.getByRole('button', { name: bell });
    await bellButton.click();
    const drawer = page.getByRole('dialog', { name: title });
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeInViewport({ ratio: 1 });
    await expect(drawer.getByRole('heading', { name: title })).toBeInViewport();
    const box = (await drawer.boundingBox())!;
    if (width < 640) {
      expect(Math.round(box.y + box.height)).toBe(height); // a bottom sheet
      expect(box.width).toBe(width);
    } else {
      const under = (await bellButton.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(under.y + under.height); // a panel under the bell
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await drawer.getByRole('link', { name: viewAll }).click();
    await expect(page).toHaveURL(/\/messages\?tab=notifications$/);
    await expect(drawer).toBeHidden();
  });
}
