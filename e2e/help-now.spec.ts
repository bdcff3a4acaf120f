import { allowConsoleErrors, DEMO_PASSWORDS, expect, signIn, test } from './fixtures';

/**
 * "Help now" on the trip under way (decision 132), at 375 px in Chinese: the sheet's numbers to call, and
 * "Contact support now" opening the support chat on the urgent thread it posted (location not shared); offline,
 * the numbers stay and contacting support says it needs the network.
 */
test('the ongoing trip’s 紧急求助 sheet calls 110 / 119 / the hotline and opens urgent support (375 px, 中文)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await signIn(page, 'traveler', DEMO_PASSWORDS.traveler, 'zh-CN');
  await page.goto('/dashboard?tab=ongoing');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: '紧急求助' }) })
    .first();
  await card.getByRole('button', { name: '紧急求助' }).click();
  const sheet = page.getByRole('dialog', { name: '紧急求助' });
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByRole('link', { name: /^119 · 火警与急救/ })).toHaveAttribute('href', 'tel:119');
  await expect(sheet.getByRole('link', { name: /^050-3816-2787 · 日本游客热线/ })).toHaveAttribute(
    'href',
    'tel:+81-50-3816-2787',
  );
  await expect(sheet.getByRole('checkbox', { name: '向客服分享我的位置' })).not.toBeChecked();
  // The sheet fits the phone: nothing wider than the screen.
  expect(await sheet.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);

  await sheet.getByRole('button', { name: '立即联系客服' }).click();
  const chat = page.getByRole('dialog', { name: 'Tabi 客服' });
  await expect(chat.getByRole('log')).toContainText(/我的行程 TG\d+ 需要紧急帮助。/);

  // With no connection the numbers still dial; contacting support says it needs the network.
  await chat.getByRole('button', { name: '关闭客服聊天' }).click();
  await context.setOffline(true);
  await card.getByRole('button', { name: '紧急求助' }).click();
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByText('联系客服需要网络连接。上面的电话仍可拨打。')).toBeVisible();
  await expect(sheet.getByRole('button', { name: '立即联系客服' })).toBeDisabled();
  await context.close();
});

/**
 * The guide's side (decision 132): the demo guide's tour under way with the demo traveler (the seed's tour
 * day) has the same button on its card; the sheet speaks of the traveler, and the urgent thread it posts is
 * the guide's, about that booking, which the server accepts from the booking's guide.
 */
test('the guide’s card for the tour under way has 紧急求助 too, and opens urgent support in the guide’s words (375 px, 中文)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'guide', DEMO_PASSWORDS.guide, 'zh-CN');
  await page.goto('/guide-dashboard?tab=tours');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: '紧急求助' }) })
    .first();
  await expect(card).toContainText(/TG\d+/);
  const number = /TG\d+/.exec((await card.textContent()) ?? '')![0];
  // The card still fits the phone with the button in it.
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await card.getByRole('button', { name: '紧急求助' }).click();
  const sheet = page.getByRole('dialog', { name: '紧急求助' });
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByRole('link', { name: /^119 · 火警与急救/ })).toHaveAttribute('href', 'tel:119');
  await expect(sheet.getByRole('link', { name: /^050-3816-2787 · 日本游客热线/ })).toHaveAttribute(
    'href',
    'tel:+81-50-3816-2787',
  );
  await expect(sheet.getByText('客服能看到该订单、您的游客以及双方的联系方式', { exact: false })).toBeVisible();
  expect(await sheet.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);

  await sheet.getByRole('button', { name: '立即联系客服' }).click();
  const chat = page.getByRole('dialog', { name: 'Tabi 客服' });
  await expect(chat.getByRole('log')).toContainText(`我带的行程 ${number} 需要紧急帮助。`);
});

/**
 * The trip's PDF page (decision 132 with decisions 095 and 102): opened once online, the service worker keeps
 * it and its booking; reloaded with no connection, it still has 紧急求助 and the numbers dial.
 */
test('the trip’s PDF page, kept for offline, still has 紧急求助 with no connection (375 px, 中文)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  // With no connection, what the page asks beyond what was kept fails (the bell's count, the live socket).
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /WebSocket/);
  const traveler = await signIn(page, 'traveler', DEMO_PASSWORDS.traveler, 'zh-CN');
  await page.goto('/dashboard?tab=ongoing');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: '紧急求助' }) })
    .first();
  const number = /TG\d+/.exec((await card.textContent()) ?? '')![0];
  await card.getByRole('link', { name: `预订确认单 PDF，${number}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`预订确认单 ${number}`);
  const bookingId = Number(/\/pdf-preview\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('button', { name: '紧急求助' })).toBeVisible();
  // The worker has the trip's files, the shell and this booking.
  await expect
    .poll(
      () =>
        page.evaluate(
          async ([user, id]) => {
            const trip = (await caches.has('tabi-trip-v1'))
              ? (await (await caches.open('tabi-trip-v1')).keys()).length
              : 0;
            const shell = !!(await caches.match('/__offline-shell'));
            const mine = (await caches.has(`tabi-private-${user}`)) ? await caches.open(`tabi-private-${user}`) : null;
            const booking = mine
              ? (await mine.keys()).some((r) => new URL(r.url).pathname === `/api/v2/bookings/${id}`)
              : false;
            return `${trip > 10 ? 'trip files' : 'no trip files'}, ${shell ? 'shell' : 'no shell'}, ${booking ? 'booking' : 'no booking'}`;
          },
          [traveler.user.id as number, bookingId] as const,
        ),
      { timeout: 30_000 },
    )
    .toBe('trip files, shell, booking');

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`预订确认单 ${number}`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByRole('button', { name: '紧急求助' }).click();
  const sheet = page.getByRole('dialog', { name: '紧急求助' });
  await expect(sheet.getByRole('link', { name: /^110 · 报警/ })).toHaveAttribute('href', 'tel:110');
  await expect(sheet.getByRole('link', { name: /^119 · 火警与急救/ })).toHaveAttribute('href', 'tel:119');
  await expect(sheet.getByRole('link', { name: /^050-3816-2787 · 日本游客热线/ })).toHaveAttribute(
    'href',
    'tel:+81-50-3816-2787',
  );
  await expect(sheet.getByText('联系客服需要网络连接。上面的电话仍可拨打。')).toBeVisible();
  await expect(sheet.getByRole('button', { name: '立即联系客服' })).toBeDisabled();
  expect(await sheet.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);
});
