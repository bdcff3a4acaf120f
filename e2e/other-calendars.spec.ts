import { expect, test } from './fixtures';
import { approvedApplicant, auth, openAllWeek } from './guide-helpers';
import { look, phoneAs, word } from './japanese-look';
import { ICS_E2E_URL, ICS_TEST_PORT } from './servers';
import { tokyoDate } from './slots';

/**
 * A guide adds her Google calendar's secret address in Japanese on a 375 px phone (decision 200): the
 * calendar is listed by its name and host, never its address; its dentist appointment at 10:00–11:00
 * Japan time (src/server/test/ics-cli.ts) takes exactly the starts it and her 30-minute buffer touch off
 * her slots, and a traveler is refused those hours.
 */
const w = (key: string) => word('guideBusiness', `otherCalendars.${key}`);

test('a guide adds her Google calendar on her phone in Japanese: its appointment closes those hours', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const guide = await approvedApplicant(request, '中村 結衣');
  await openAllWeek(request, guide.token);
  const guideId = (await (await request.get('/api/v2/guides/me/availability', { headers: auth(guide.token) })).json())
    .guideId as number;
  const date = tokyoDate(8);
  const starts = async () =>
    (
      (await (await request.get(`/api/v2/guides/${guideId}/slots`, { params: { date, durationHours: 2 } })).json())
        .slots as { startTime: string }[]
    ).map((s) => s.startTime);
  const before = await starts();
  expect(before).toEqual(expect.arrayContaining(['07:30', '08:00', '10:00', '11:00', '11:30']));

  const { context, page } = await phoneAs(browser, guide.username, { password: guide.password });
  await page.goto('/guide-dashboard?tab=settings#calendars');
  const section = page.getByRole('region', { name: w('title') });
  await section.getByLabel(w('url'), { exact: true }).fill(ICS_E2E_URL);
  await section.getByLabel(w('name'), { exact: true }).fill('仕事');
  await section.getByRole('button', { name: w('add') }).click();
  const item = section.getByRole('listitem').filter({ hasText: '仕事' });
  await expect(item).toBeVisible();
  await expect(item.getByText(`127.0.0.1:${ICS_TEST_PORT}`)).toBeVisible();
  await expect(section).not.toContainText('private-0a1b2c3d');
  await expect(section.getByLabel(w('url'), { exact: true })).toHaveValue('');
  await look(page, 'other-calendars');

  // 10:00–11:00 with her 30-minute buffer: a two-hour tour may end by 09:30 or start from 11:30.
  expect(await starts()).toEqual(before.filter((s) => s <= '07:30' || s >= '11:30'));
  const traveler = await (
    await request.post('/api/auth/login', { data: { username: 'traveler', password: 'traveler123' } })
  ).json();
  const refused = await request.post('/api/v2/bookings', {
    headers: auth(traveler.token),
    data: { guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('slot_unavailable');
  await context.close();
});
