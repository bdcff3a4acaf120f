import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, gotoInLocale, signIn, test, pickDate } from './fixtures';
import { freeSlot } from './slots';

/**
 * Floating chat window: opened from the guide profile and guide cards, real time
 * between a traveler (Chinese) and a guide (English), draggable with the pointer and the keyboard,
 * minimized into the margin, Escape closes; a full-screen sheet on phones. Neither the window's
 * minimized button nor the support launcher covers a page's own buttons or fields.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/tabi-shots/chat-window';

async function newSignedInPage(browser: Browser, username: string, locale: 'en' | 'zh-CN', viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const reply = await signIn(page, username, undefined, locale);
  return { context, page, token: reply.token as string };
}

async function guideListingId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/guides/me', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).id as number;
}

/**
 * What floats over the element (something fixed on screen that is not the element), or '' when
 * nothing does. Checked at the centre and two corners after scrolling it into view.
 */
async function coveredBy(locator: Locator): Promise<string> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 8 || r.height < 8) return ''; // visually hidden inputs are reached through their labels
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 4, r.top + 4],
      [r.right - 4, r.bottom - 4],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      for (let n: Element | null = hit; n; n = n.parentElement) {
        if (getComputedStyle(n).position === 'fixed') return `${n.tagName}#${n.id}.${n.className}`.slice(0, 160);
      }
    }
    return '';
  });
}

test('a traveler (Chinese) chats with a guide (English) in the floating window: credits, masking, real time, drag, minimize, Escape', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const guide = await newSignedInPage(browser, 'guide', 'en');
  const traveler = await newSignedInPage(browser, 'traveler', 'zh-CN');
  const listing = await guideListingId(guide.page, guide.token);

  // A guide the traveler has never booked: 3 free messages (credits) and contact masking.
  await traveler.page.goto('/search?city=kyoto');
  await traveler.page.getByRole('article').first().getByRole('link', { name: /^和.+聊天$/ }).click();
  const firstWin = traveler.page.getByRole('dialog', { name: /与.+聊天/ });
  await expect(firstWin).toBeVisible();
  await expect(traveler.page).toHaveURL(/\/search\?city=kyoto$/); // the page stays
  await expect(firstWin.getByTestId('credits')).toContainText('您还可以发送 3 条消息');
  const firstComposer = firstWin.getByLabel('您的消息');
  await expect(firstComposer).toBeFocused();
  await firstComposer.fill('您好！我的微信 wx: liwei_2026，电话 13812345678');
  await firstComposer.press('Enter');
  await expect(firstWin.getByText('在预订确认之前，电话号码、邮箱和微信/LINE 账号会被隐藏')).toBeVisible();
  await expect(firstWin.getByTestId('message-mine').last()).not.toContainText('13812345678');
  await expect(firstWin.getByTestId('credits')).toContainText('您还可以发送 2 条消息');
  await traveler.page.screenshot({ path: `${SHOTS}/window-zh-1280.png` });
  await firstWin.getByRole('button', { name: '关闭聊天窗口' }).click();
  await expect(firstWin).toBeHidden();

  // Sato Yuki (the demo guide, already booked by this traveler) from the profile's Message action.
  await traveler.page.goto(`/guides/${listing}`);
  const open = traveler.page.getByRole('link', { name: '发消息' });
  await open.click();
  const win = traveler.page.getByRole('dialog', { name: /与.+聊天/ });
  await expect(win).toBeVisible();
  const composer = win.getByLabel('您的消息');
  await expect(composer).toBeFocused();
  const hello = `您好！下周六能带我们逛浅草吗？ ${Date.now()}`;
  await composer.fill(hello);
  await win.getByRole('button', { name: '发送' }).click();
  await expect(win.getByTestId('message-mine').filter({ hasText: hello })).toBeVisible();

  // The guide answers from /messages; the traveler's window receives it over the socket.
  await guide.page.goto('/messages');
  await guide.page.getByTestId('conversation-list').getByRole('button', { name: /Li Wei/ }).click();
  await expect(guide.page.getByTestId('message-theirs').filter({ hasText: hello })).toBeVisible();
  const reply = `Hello! Saturday in Asakusa works for me. ${Date.now()}`;
  await guide.page.getByLabel('Your message').fill(reply);
  await guide.page.getByLabel('Your message').press('Enter');
  await expect(win.getByTestId('message-theirs').filter({ hasText: reply })).toBeVisible();
  await expect(win.getByTestId('credits')).toHaveCount(0); // unlimited: a booking exists and the guide replied

  // Drag by the title bar with the pointer.
  const bar = win.getByTestId('chat-window-titlebar');
  const before = (await win.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  await traveler.page.mouse.move(barBox.x + 150, barBox.y + barBox.height / 2);
  await traveler.page.mouse.down();
  await traveler.page.mouse.move(barBox.x - 250, barBox.y - 100, { steps: 5 });
  await traveler.page.mouse.up();
  const dragged = (await win.boundingBox())!;
  expect(dragged.x).toBeLessThan(before.x - 300);
  expect(dragged.y).toBeLessThan(before.y - 50);
  // And with the keyboard from the grip button.
  const grip = win.getByRole('button', { name: '移动聊天窗口（方向键）' });
  await grip.focus();
  await traveler.page.keyboard.press('ArrowRight');
  await traveler.page.keyboard.press('ArrowRight');
  expect((await win.boundingBox())!.x).toBeCloseTo(dragged.x + 48, 0);

  // Minimize into the margin, a new message marks it, restore.
  await win.getByRole('button', { name: '最小化聊天窗口' }).click();
  await expect(win).toBeHidden();
  const bubble = traveler.page.getByTestId('chat-window-minimized');
  await expect(bubble).toBeVisible();
  await guide.page.getByLabel('Your message').fill(`See you at Kaminarimon. ${Date.now()}`);
  await guide.page.getByLabel('Your message').press('Enter');
  await expect(bubble.getByTestId('chat-window-new')).toBeVisible();
  await traveler.page.screenshot({ path: `${SHOTS}/minimized-zh-1280.png` });
  await bubble.click();
  await expect(win).toBeVisible();
  await expect(win.getByTestId('message-theirs').filter({ hasText: 'Kaminarimon' })).toBeVisible();

  // Escape closes and gives focus back to the button that opened it.
  await composer.focus();
  await traveler.page.keyboard.press('Escape');
  await expect(win).toBeHidden();
  await expect(open).toBeFocused();

  await guide.context.close();
  await traveler.context.close();
});

test('from a search card in English; visitors are sent to log in', async ({ browser, page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await gotoInLocale(page, '/search?city=nara', 'en');
  const card = page.getByRole('article').first();
  await card.getByRole('link', { name: /^Chat with / }).click();
  await expect(page).toHaveURL(/\/messages\?guide=\d+/);
  await expect(page.getByRole('heading', { name: 'Please log in to see your messages' })).toBeVisible();

  const traveler = await newSignedInPage(browser, 'traveler', 'en');
  await traveler.page.goto('/search?city=nara');
  const first = traveler.page.getByRole('article').first();
  const name = (await first.getAttribute('aria-label'))!;
  await first.getByRole('link', { name: `Chat with ${name}` }).click();
  const win = traveler.page.getByRole('dialog', { name: `Chat with ${name}` });
  await expect(win).toBeVisible();
  await expect(win.getByTestId('credits')).toContainText('You can send 3 more messages');
  await traveler.page.screenshot({ path: `${SHOTS}/window-en-1280.png` });
  await win.getByRole('button', { name: 'Close the chat' }).click();
  await expect(win).toBeHidden();

  // From a trip card on /dashboard.
  await traveler.page.goto('/dashboard');
  const tripChat = traveler.page.getByRole('main').getByRole('link', { name: /^Chat with / }).first();
  const tripGuide = (await tripChat.getAttribute('aria-label'))!.replace('Chat with ', '');
  await tripChat.click();
  await expect(traveler.page.getByRole('dialog', { name: `Chat with ${tripGuide}` })).toBeVisible();
  await expect(traveler.page).toHaveURL(/\/dashboard/);
  await traveler.page.keyboard.press('Escape');
  await expect(tripChat).toBeFocused();
  await traveler.context.close();
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`phones (${locale}): a full-screen sheet, and nothing floats over the page's own buttons or fields`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const phone = { width: 375, height: 740 };
    const anon = await browser.newContext({ viewport: phone });
    const visitor = await anon.newPage();
    await gotoInLocale(visitor, '/', locale);
    // The landing form's fields and buttons, and the first result's View Profile.
    const form = visitor.locator('main form').first();
    await expect(form).toBeVisible();
    const controls = form.locator('input:visible, select:visible, button:visible, [role="combobox"]:visible');
    const n = await controls.count();
    expect(n).toBeGreaterThan(2);
    for (let i = 0; i < n; i++) expect(await coveredBy(controls.nth(i)), `landing control ${i}`).toBe('');
    // The support launcher sits in the header on phones.
    await expect(visitor.locator('header #support-launcher')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/landing-${locale}-375.png` });
    await visitor.goto('/search?city=tokyo');
    const viewProfile = visitor.getByRole('article').first().getByRole('link', { name: locale === 'en' ? 'View Profile' : '查看资料' });
    await expect(viewProfile).toBeVisible();
    expect(await coveredBy(viewProfile)).toBe('');
    await anon.close();

    const traveler = await newSignedInPage(browser, 'traveler', locale, phone);
    await traveler.page.goto('/search?city=osaka');
    const first = traveler.page.getByRole('article').first();
    await first.getByRole('link', { name: locale === 'en' ? /^Chat with / : /^和.+聊天$/ }).click();
    const win = traveler.page.getByTestId('chat-window');
    await expect(win).toBeVisible();
    await expect(win).toHaveAttribute('aria-modal', 'true');
    const box = (await win.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.y).toBe(0);
    expect(box.width).toBe(phone.width);
    expect(box.height).toBe(phone.height);
    const composer = win.getByLabel(locale === 'en' ? 'Your message' : '您的消息');
    await expect(composer).toBeFocused();
    // Focus stays inside the sheet.
    for (let i = 0; i < 8; i++) await traveler.page.keyboard.press('Tab');
    expect(await win.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await traveler.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await traveler.page.screenshot({ path: `${SHOTS}/window-${locale}-375.png` });
    // The tour request form fits the sheet.
    await win.getByRole('button', { name: locale === 'en' ? 'Request a tour' : '发起行程请求' }).click();
    const tourForm = win.getByTestId('tour-request-form');
    await expect(tourForm).toBeVisible();
    await tourForm.getByRole('button', { name: locale === 'en' ? 'Send request' : '发送请求' }).click();
    await expect(tourForm.getByText(locale === 'en' ? 'Please provide the meeting address.' : '请填写集合地址。')).toBeVisible();
    expect(await traveler.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await traveler.page.screenshot({ path: `${SHOTS}/tour-form-${locale}-375.png` });
    await tourForm.getByRole('button', { name: locale === 'en' ? 'Cancel' : '取消' }).last().click();
    await expect(tourForm).toBeHidden();
    await expect(win.getByRole('button', { name: locale === 'en' ? 'Request a tour' : '发起行程请求' })).toBeFocused();
    await traveler.page.keyboard.press('Escape');
    await expect(win).toBeHidden();
    await traveler.context.close();
  });
}

test('a tour request in the chat: postal-code rules, the guide (Chinese) accepts one and declines one with a reason, the traveler pays', async ({ browser }) => {
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
  await expect(form.getByText('Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).')).toBeVisible();
  await form.getByLabel('Meeting address').fill('Kaminarimon, 2-3-1 Asakusa, Taito-ku');
  await form.getByLabel('Meeting postal code').fill('1110');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Please enter a valid 7-digit postal code.')).toBeVisible();
  await form.getByLabel('Meeting postal code').fill('1110032');
  await expect(form.getByLabel('Meeting postal code')).toHaveValue('111-0032');
  // The service is one of the guide's own, from a list in the reader's language (decision 053).
  const choices = (await (await traveler.page.request.get(`/api/v2/service-categories/guides/${listing}/choices/with-subcategories`)).json()).data as {
    subcategories: { id: number; nameEn: string; nameCn: string }[];
  }[];
  const offered = choices.flatMap((c) => c.subcategories);
  const service = form.getByLabel('Service');
  await expect(service).toBeEnabled();
  expect((await service.locator('option').allTextContents()).slice(1).sort()).toEqual(offered.map((s) => s.nameEn).sort());
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
  await expect(guideCard).toContainText('14000 日元');
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
  await expect(win.getByTestId('tour-request-card').filter({ hasText: 'Ueno park' }).last()).toContainText('Declined: I am fully booked');

  await pay.click();
  await expect(traveler.page).toHaveURL(/\/checkout\?booking=\d+/);
  await expect(traveler.page.getByRole('dialog')).toHaveCount(0);
  await guide.context.close();
  await traveler.context.close();
});

test('direct message to several guides from /search: missing date, no availability, then one message each (guide reads it in Chinese)', async ({ browser }) => {
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
  await expect(dialog.getByRole('alert')).toHaveText('Choose a date in the search filters first, then open this again.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // With the date: a second guide, a time outside availability, then a time that fits.
  await traveler.page.goto(`/search?city=tokyo&travelers=2&date=${slot.date}`);
  const other = traveler.page.getByRole('article').filter({ hasNotText: 'Sato Yuki' }).first();
  const otherName = (await other.getAttribute('aria-label'))!;
  await other.getByRole('checkbox', { name: `Select ${otherName}` }).locator('xpath=..').click();
  await traveler.page.getByRole('button', { name: 'Message selected' }).click();
  await expect(traveler.page.getByRole('dialog', { name: 'Message 2 guides' })).toBeVisible();
  const dialog2 = traveler.page.getByRole('dialog'); // its title follows the count when a guide is removed
  await expect(dialog2.getByTestId('direct-date')).toHaveText(new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${slot.date}T00:00:00Z`)));
  await dialog2.getByLabel('Start').selectOption('06:00');
  await dialog2.getByLabel('End').selectOption('08:00');
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toHaveAttribute('data-error-kind', 'no-availability');
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toContainText('Tours of 2–10 h');
  await dialog2.getByLabel('Start').selectOption(slot.startTime);
  await dialog2.getByLabel('End').selectOption(end);
  await expect(dialog2.getByTestId('direct-guide').filter({ hasText: 'Sato Yuki' })).toContainText('Available at this time');
  // The other guide may or may not be free then; drop them if not.
  const otherRow = dialog2.getByTestId('direct-guide').filter({ hasText: otherName });
  await expect(otherRow.getByText(/Available at this time|Not available/)).toBeVisible();
  await traveler.page.screenshot({ path: `${SHOTS}/direct-en-1280.png` });
  if ((await otherRow.getAttribute('data-error-kind')) === 'no-availability') await otherRow.getByRole('button', { name: `Remove ${otherName}` }).click();
  const text = `Hello, we are two and would love a walk in Yanaka. ${Date.now()}`;
  await dialog2.getByLabel('Your message').fill(text);
  await dialog2.getByRole('button', { name: /^Send to \d guides?$/ }).click();
  await expect(dialog2.getByRole('status').filter({ hasText: /Your message was sent to \d guides?\./ })).toBeVisible();

  await guide.page.goto('/messages');
  await guide.page.getByTestId('conversation-list').getByRole('button', { name: /Li Wei/ }).click();
  await expect(guide.page.getByTestId('message-theirs').filter({ hasText: text })).toContainText(`${slot.date}, ${slot.startTime}–${end} (Japan time)`);
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
