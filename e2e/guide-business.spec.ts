import { mkdirSync } from 'node:fs';
import { expect, signIn, test, pickDate } from './fixtures';

/**
 * running the business: the demo guide adds a day off on /guide-dashboard and the guide's
 * slots for that date empty at once; the calendar link is shown. SHOTS_DIR=… saves screenshots
 * (1280 and 375 px, English and Chinese). The guide's hours are put back afterwards.
 */
const SHOTS = process.env.SHOTS_DIR;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the guide adds a day off and it closes the day's slots (${locale})`, async ({ page }) => {
    const login = await signIn(page, 'guide', undefined, locale);
    const headers = { authorization: `Bearer ${login.token}` };
    const before = await (await page.request.get('/api/v2/guides/me/availability', { headers })).json();
    const date = new Date(Date.now() + (locale === 'en' ? 40 : 41) * 86_400_000).toISOString().slice(0, 10);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/guide-dashboard#availability');
      const panel = page.locator('#availability');
      await expect(
        panel.getByRole('button', { name: locale === 'en' ? 'Save availability' : '保存可预约时间' }),
      ).toBeVisible();
      await pickDate(panel.getByRole('group', { name: locale === 'en' ? 'Date' : '日期' }), date);
      await panel.getByRole('button', { name: locale === 'en' ? 'Add day off' : '添加休息日' }).click();
      await expect(panel.locator(`time[datetime="${date}"]`)).toBeVisible();
      await panel.getByRole('button', { name: locale === 'en' ? 'Save availability' : '保存可预约时间' }).click();
      await expect(page.getByText(locale === 'en' ? 'Availability saved' : '可预约时间已保存')).toBeVisible();
      const slots = await (
        await page.request.get(`/api/v2/guides/${before.guideId}/slots?date=${date}&durationHours=2`)
      ).json();
      expect(slots.slots).toEqual([]);
      await expect(page.locator('#calendar-link input')).toHaveValue(/\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);

      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          for (const id of ['availability', 'rates', 'calendar-link'])
            await page.locator(`#${id}`).screenshot({ path: `${SHOTS}/${id}-${width}-${locale}.png` });
        }
      }
    } finally {
      const restore = await page.request.put('/api/v2/guides/me/availability', {
        headers,
        data: {
          weekly: before.weekly,
          exceptions: before.exceptions.map((e: Record<string, unknown>) => ({
            date: e.date,
            available: e.available,
            startMinute: e.startMinute,
            endMinute: e.endMinute,
            note: e.note,
          })),
        },
      });
      expect(restore.status()).toBe(200);
    }
  });
}
