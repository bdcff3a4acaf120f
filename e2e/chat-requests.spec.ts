import { mkdirSync } from 'node:fs';
import { expect, guideListingId, newSignedInPage, test, pickDate } from './fixtures';
import { freeSlot } from './slots';

/**
 * What a chat carries besides messages: a tour request (postal-code rules, the guide accepts one and declines one
 * with a reason, the traveler pays) and the direct message to several guides from /search, on a desktop and a phone;
 * apart from the floating window itself (chat-window.spec.ts).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/tabi-shots/chat-window';

test('a tour request in the chat: postal-code rules, the guide (Chinese) accepts one and declines one with a reason, the traveler pays', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  mkdirSync(SHOTS, { recursive: true });
  const guide = await newSignedInPage(browser, 'guide', 'zh-CN');
  const traveler = await newSignedInPage(browser, 'traveler', 'en');
  const listing = await guideListingId(guide.page, guide.token);
  const slot = await freeSlot(traveler.page.request, listing, { fromDay: 5 });

  await traveler.page.goto(`/guides/${listing}`);
  await traveler.page.getByRole('link', { name: 'Message' }).click();
  const win = traveler.page.getByRole('dialog', { name: 'Chat with Sato Yuki' });
  await win.getByRole('button', { name: 'Request a tour' }).click();
  const form = win.getByRole('form', { name: 'Tour request' });
  await pickDate(form.getByRole('group', { name: 'Date' }), slot.date);
  await form.getByLabel('Start time').fill(slot.startTime);
  await form.getByLabel('Hours').fill('2');
  await form.getByLabel('Travelers').fill('2');
  await form.getByLabel('Group composition').fill('2 adults');
  await form.getByLabel('Itinerary').fill('Senso-ji, Nakamise, Sumida river walk');
  await form.getByLabel('Meeting postal code').fill('11a');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Please provide the meeting address.')).toBeVisible();
  await expect(
    form.getByText('Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).'),
  ).toBeVisible();
  await form.getByLabel('Meeting address').fill('Kaminarimon, 2-3-1 Asakusa, Taito-ku');
  await form.getByLabel('Meeting postal code').fill('1110');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Please enter a valid 7-digit postal code.')).toBeVisible();
  await form.getByLabel('Meeting postal code').fill('1110032');
  await expect(form.getByLabel('Meeting postal code')).toHaveValue('111-0032');
  // The service is one of the guide's own, from a list in the reader's language (decision 053).
  const choices = (
    await (
      await traveler.page.request.get(`/api/v2/service-categories/guides/${listing}/choices/with-subcategories`)
    ).json()
  ).data as {
    subcategories: { id: number; nameEn: string; nameCn: string }[];
  }[];
  const offered = choices.flatMap((c) => c.subcategories);
  const service = form.getByLabel('Service');
  await expect(service).toBeEnabled();
  expect((await service.locator('option').allTextContents()).slice(1).sort()).toEqual(
    offered.map((s) => s.nameEn).sort(),
  );
  await service.selectOption(String(offered[0]!.id));
  await form.getByLabel('Transport (round trip)').selectOption('nearby_city');
  await expect(form.getByTestId('tour-fees')).toContainText('¥14,000 (JPY, ≈ 700 RMB)');
  await traveler.page.screenshot({ path: `${SHOTS}/tour-form-en-1280.png` });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toBeHidden();
  const card = win.getByTestId('tour-request-card').filter({ hasText: 'Senso-ji' }).last();
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card).toContainText(offered[0]!.nameEn);

  // The guide, in Chinese, accepts.
  await guide.page.goto('/messages');
  // The Chinese reader's conversation list sums the request up in Chinese, with the service's Chinese name.
  const entry = guide.page.getByTestId('conversation-list').getByRole('button', { name: /Li Wei/ });
  await expect(entry).toContainText(`行程请求 · ${offered[0]!.nameCn} · `);
  await expect(entry).toContainText('2 小时 · 2 位旅行者');
  await entry.click();
  const guideCard = guide.page.getByTestId('tour-request-card').filter({ hasText: 'Senso-ji' }).last();
  await expect(guideCard).toContainText('111-0032');
  await expect(guideCard).toContainText(`服务项目${offered[0]!.nameCn}`);
  await expect(guideCard).toContainText('14,000 日元');
  await guide.page.screenshot({ path: `${SHOTS}/tour-card-zh-1280.png` });
  await guideCard.getByRole('button', { name: '接受' }).click();
  await expect(guideCard).toHaveAttribute('data-status', 'accepted');

  // The traveler sees it at once, with the pending booking's payment link.
  await expect(card).toHaveAttribute('data-status', 'accepted');
  const pay = card.getByRole('link', { name: 'Pay for the booking' });
  await expect(pay).toHaveAttribute('href', /\/checkout\?booking=\d+/);
  await traveler.page.screenshot({ path: `${SHOTS}/tour-accepted-en-1280.png` });

  // A second request, declined with a reason and a confirmation.
  await win.getByRole('button', { name: 'Request a tour' }).click();
  await pickDate(form.getByRole('group', { name: 'Date' }), slot.date);
  await form.getByLabel('Itinerary').fill('Ueno park');
  await form.getByLabel('Meeting address').fill('Ueno station, park exit');
  await form.getByLabel('Meeting postal code').fill('110-0005');
  await expect(form.getByLabel('Service')).toBeEnabled();
  await form.getByLabel('Service').selectOption(String(offered.at(-1)!.id));
  await form.getByRole('button', { name: 'Send request' }).click();
  const second = guide.page.getByTestId('tour-request-card').filter({ hasText: 'Ueno park' }).last();
  await expect(second).toContainText('Ueno park');
  await second.getByRole('button', { name: '拒绝' }).click();
  await second.getByLabel('我的预约已满').check();
  await second.getByRole('button', { name: '继续' }).click();
  await second.getByRole('button', { name: '拒绝请求' }).click();
  await expect(second).toHaveAttribute('data-status', 'rejected');
  await expect(win.getByTestId('tour-request-card').filter({ hasText: 'Ueno park' }).last()).toContainText(
    'Declined: I am fully booked',
  );

  await pay.click();
  await expect(traveler.page).toHaveURL(/\/checkout\?booking=\d+/);
  await expect(traveler.page.getByRole('dialog')).toHaveCount(0);
  await guide.context.close();
  await traveler.context.close();
});

test('direct message to several guides from /search: missing date, no availability, then one message each (guide reads it in Chinese)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  mkdirSync(SHOTS, { recursive: true });
  const guide = await newSignedInPage(browser, 'guide', 'zh-CN');
  const traveler = await newSignedInPage(browser, 'traveler', 'en');
  const listing = await guideListingId(guide.page, guide.token);
  const slot = await freeSlot(traveler.page.request, listing, { fromDay: 5 });
  const end = `${String(Number(slot.startTime.slice(0, 2)) + 2).padStart(2, '0')}${slot.startTime.slice(2)}`;

  // Without a date in the filters: missing-date.
  await traveler.page.goto('/search?city=tokyo&travelers=2');
  await traveler.page.getByRole('button', { name: 'Select guides' }).click();
  await traveler.page.getByRole('checkbox', { name: 'Select Sato Yuki' }).locator('xpath=..').click(); // the drawn box over the screen-reader checkbox
  await traveler.page.getByRole('button', { name: 'Message selected' }).click();
  const dialog = traveler.page.getByRole('dialog', { name: 'Message 1 guide' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Choose a date in the search filters first, then open this again.',
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // With the date: a second guide, a time outside availability, then a time that fits.
  await traveler.page.goto(`/search?city=tokyo&travelers=2&date=${slot.date}`);
  const other = traveler.page.getByRole('article').filter({ hasNotText: 'Sato Yuki' }).first();
  const otherName = (await other.getAttribute('aria-label'))!;
  await other
    .getByRole('checkbox', { name: `Select ${otherName}` })
    .locator('xpath=..')
    .click();
  await traveler.page.getByRole('button', { name: 'Message selected' }).click();
  await expect(traveler.page.getByRole('dialog', { name: 'Message 2 guides' })).toBeVisible();
  const dialog2 = traveler.page.getByRole('dialog'); // its title follows the count when a guide is removed
  await expect(dialog2.getByTestId('direct-date')).toHaveText(
    new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${slot.date}T00:00:00Z`),
    ),
  );
  await dialog2.getByLabel('Start').selectOption('06:00');
  await dialog2.getByLabel('End').selectOption('08:00');
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toHaveAttribute(
    'data-error-kind',
    'no-availability',
  );
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toContainText('Tours of 2–10 h');
  await dialog2.getByLabel('Start').selectOption(slot.startTime);
  await dialog2.getByLabel('End').selectOption(end);
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toContainText(
    'Available at this time',
  );
  // The other guide may or may not be free then; drop them if not.
  const otherRow = dialog2.getByTestId('direct-guide').filter({ hasText: otherName });
  await expect(otherRow.getByText(/Available at this time|Not available/)).toBeVisible();
  await traveler.page.screenshot({ path: `${SHOTS}/direct-en-1280.png` });
  if ((await otherRow.getAttribute('data-error-kind')) === 'no-availability')
    await otherRow.getByRole('button', { name: `Remove ${otherName}` }).click();
  const text = `Hello, we are two and would love a walk in Yanaka. ${Date.now()}`;
  await dialog2.getByLabel('Your message').fill(text);
  await dialog2.getByRole('button', { name: /^Send to \d guides?$/ }).click();
  await expect(dialog2.getByRole('status').filter({ hasText: /Your message was sent to \d guides?\./ })).toBeVisible();

  await guide.page.goto('/messages');
  await guide.page
    .getByTestId('conversation-list')
    .getByRole('button', { name: /Li Wei/ })
    .click();
  await expect(guide.page.getByTestId('message-theirs').filter({ hasText: text })).toContainText(
    `${slot.date}, ${slot.startTime}–${end} (Japan time)`,
  );
  await guide.context.close();
  await traveler.context.close();
});

test('direct message dialog on a phone, in Chinese', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const traveler = await newSignedInPage(browser, 'traveler', 'zh-CN', { width: 375, height: 740 });
  const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  await traveler.page.goto(`/search?city=kyoto&travelers=2&date=${date}`);
  await traveler.page.getByRole('button', { name: '多选地陪' }).click();
  const cards = traveler.page.getByRole('article');
  for (const i of [0, 1]) await cards.nth(i).getByRole('checkbox').locator('xpath=..').click();
  await traveler.page.getByRole('button', { name: '给所选地陪发消息' }).click();
  const dialog = traveler.page.getByRole('dialog', { name: '给 2 位地陪发消息' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('direct-guide')).toHaveCount(2);
  await expect(dialog.getByTestId('direct-guide').first()).toContainText(/该时段可预约|没有空档|无法查询/);
  expect(await traveler.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await traveler.page.screenshot({ path: `${SHOTS}/direct-zh-375.png` });
  await traveler.context.close();
});
