import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { expect, gotoInLocale, guideListingId, newSignedInPage, test } from './fixtures';

/**
 * Floating chat window: opened from the guide profile and guide cards, real time
 * between a traveler (Chinese) and a guide (English), draggable with the pointer and the keyboard,
 * minimized into the margin, Escape closes; a full-screen sheet on phones. Neither the window's
 * minimized button nor the support launcher covers a page's own buttons or fields.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/tabi-shots/chat-window';

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

test('a traveler (Chinese) chats with a guide (English) in the floating window: credits, masking, real time, drag, minimize, Escape', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const guide = await newSignedInPage(browser, 'guide', 'en');
  const traveler = await newSignedInPage(browser, 'traveler', 'zh-CN');
  const listing = await guideListingId(guide.page, guide.token);

  // A guide the traveler has never booked: 3 free messages (credits) and contact masking.
  await traveler.page.goto('/search?city=kyoto');
  await traveler.page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^和.+聊天$/ })
    .click();
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
  await guide.page
    .getByTestId('conversation-list')
    .getByRole('button', { name: /Li Wei/ })
    .click();
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
  const tripChat = traveler.page
    .getByRole('main')
    .getByRole('link', { name: /^Chat with / })
    .first();
  const tripGuide = (await tripChat.getAttribute('aria-label'))!.replace('Chat with ', '');
  await tripChat.click();
  await expect(traveler.page.getByRole('dialog', { name: `Chat with ${tripGuide}` })).toBeVisible();
  await expect(traveler.page).toHaveURL(/\/dashboard/);
  await traveler.page.keyboard.press('Escape');
  await expect(tripChat).toBeFocused();
  await traveler.context.close();
});

for (const locale of ['en', 'zh-CN'] as const) {
  test(`phones (${locale}): a full-screen sheet, and nothing floats over the page's own buttons or fields`, async ({
    browser,
  }) => {
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
    const viewProfile = visitor
      .getByRole('article')
      .first()
      .getByRole('link', { name: locale === 'en' ? 'View Profile' : '查看资料' });
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
    await expect(
      tourForm.getByText(locale === 'en' ? 'Please provide the meeting address.' : '请填写集合地址。'),
    ).toBeVisible();
    expect(await traveler.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await traveler.page.screenshot({ path: `${SHOTS}/tour-form-${locale}-375.png` });
    await tourForm
      .getByRole('button', { name: locale === 'en' ? 'Cancel' : '取消' })
      .last()
      .click();
    await expect(tourForm).toBeHidden();
    await expect(win.getByRole('button', { name: locale === 'en' ? 'Request a tour' : '发起行程请求' })).toBeFocused();
    await traveler.page.keyboard.press('Escape');
    await expect(win).toBeHidden();
    await traveler.context.close();
  });
}
