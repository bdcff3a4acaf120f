import { expect, guideListingId, newSignedInPage, test } from './fixtures';

declare global {
  interface Window {
    __tabiRealtime?: { isLeader(): boolean };
  }
}

/**
 * A traveler and a guide, each in their own browser context, chat in real time — in
 * Chinese and in English — and two tabs of one browser share one socket.
 */
test('a traveler (Chinese) and a guide (English) chat in real time', async ({ browser }) => {
  const guide = await newSignedInPage(browser, 'guide', 'en');
  const traveler = await newSignedInPage(browser, 'traveler', 'zh-CN');
  const listing = await guideListingId(guide.page, guide.token);

  await guide.page.goto('/messages');
  await expect(guide.page.getByRole('tab', { name: 'Chats' })).toBeVisible();

  await traveler.page.goto(`/messages?guide=${listing}`);
  const composer = traveler.page.getByLabel('您的消息');
  await expect(composer).toBeVisible();
  // The demo conversation with this guide opens first (CI once typed into the composer before it had, and
  // the text was gone when the thread came): its guide's messages are on the screen before typing.
  await expect(traveler.page.getByTestId('message-theirs').first()).toBeVisible();
  const hello = `您好！11月22日可以带我们去浅草吗？ ${Date.now()}`;
  await composer.fill(hello);
  await expect(composer).toHaveValue(hello);
  await traveler.page.getByRole('button', { name: '发送' }).click();
  await expect(traveler.page.getByTestId('message-mine').filter({ hasText: hello })).toBeVisible();

  // The guide's open page learns of it over the socket: the conversation appears with its unread count.
  const entry = guide.page.getByTestId('conversation-list').getByRole('button', { name: /Li Wei/ });
  await expect(entry).toContainText(hello.slice(0, 10));
  await expect(guide.page.getByTestId('unread-badge')).toBeVisible();
  await entry.click();
  await expect(guide.page.getByTestId('message-theirs').filter({ hasText: hello })).toBeVisible();
  const reply = `Hello Li Wei! Yes, Asakusa on Nov 22 works. ${Date.now()}`;
  await guide.page.getByLabel('Your message').fill(reply);
  await guide.page.getByLabel('Your message').press('Enter');

  // The traveler sees the answer without reloading.
  await expect(traveler.page.getByTestId('message-theirs').filter({ hasText: reply })).toBeVisible();
  await guide.context.close();
  await traveler.context.close();
});

test('two tabs of one browser share one socket, and the other tab takes over', async ({ browser }) => {
  const guide = await newSignedInPage(browser, 'guide', 'en');
  const listing = await guideListingId(guide.page, guide.token);
  const traveler = await newSignedInPage(browser, 'traveler', 'en');
  await traveler.page.goto(`/messages?guide=${listing}`);
  await expect(traveler.page.getByLabel('Your message')).toBeVisible();
  const url = traveler.page.url();
  const second = await traveler.context.newPage();
  await second.goto(url);
  await expect(second.getByLabel('Your message')).toBeVisible();

  // null until a tab has started its real-time link: a follower that has not started yet would miss the
  // relay below, and `false` alone could not tell it from a follower that is listening.
  const leaders = async () =>
    Promise.all([traveler.page, second].map((p) => p.evaluate(() => window.__tabiRealtime?.isLeader() ?? null)));
  await expect.poll(leaders).toEqual([true, false]);

  // Both tabs show a message pushed to this user: the second one through the leader's relay.
  const conversationId = Number(new URL(url).searchParams.get('c'));
  const text = `Relayed to every tab ${Date.now()}`;
  const sent = await guide.page.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${guide.token}` },
    data: { clientMessageId: `e2e-${Date.now()}`, body: text },
  });
  expect(sent.status()).toBe(201);
  await expect(traveler.page.getByTestId('message-theirs').filter({ hasText: text })).toBeVisible();
  await expect(second.getByTestId('message-theirs').filter({ hasText: text })).toBeVisible();

  // The leader closes: the other tab gets the lock and opens the socket.
  await traveler.page.close();
  await expect.poll(() => second.evaluate(() => window.__tabiRealtime?.isLeader() ?? false)).toBe(true);
  await guide.context.close();
  await traveler.context.close();
});
