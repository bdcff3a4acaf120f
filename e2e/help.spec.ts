import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gotoInLocale, switchLanguage, test } from './fixtures';

/** Every help and legal route with its own title in both languages. */
const PAGES: [path: string, en: string, zh: string][] = [
  ['/help', 'Help Center', '帮助中心'],
  ['/help/how-it-works', 'How Tabi Guides works', 'Tabi 日本地陪使用流程'],
  ['/help/featured', 'Featured guides', '精选地陪'],
  ['/help/cities', 'Our ten cities', '我们的十座服务城市'],
  ['/help/traveler-community', 'Traveler community', '旅行者社区'],
  ['/help/guide-resources', 'Guide resources', '地陪资源'],
  ['/help/guide-community', 'Guide community', '地陪社区'],
  ['/help/safety', 'Safety in Japan', '安全须知'],
  ['/help/paying-and-transport', 'What you pay online, what on site, and why', '哪些线上支付，哪些现场支付，以及原因'],
  ['/help/cancellation', 'Cancellation policy', '取消政策'],
  ['/help/about', 'About Tabi Guides', '关于 Tabi 日本地陪'],
  ['/help/contact', 'Contact us', '联系我们'],
  ['/help/privacy', 'Your privacy, in short', '隐私说明（简明版）'],
  ['/help/terms', 'Our terms in plain language', '服务条款要点'],
  ['/help/cookies', 'Cookies and local storage', 'Cookie 与本地存储'],
  ['/terms', 'Terms of Service', '服务条款'],
  ['/privacy', 'Privacy Policy', '隐私政策'],
  ['/privacy/cross-border', 'Cross-border transfer notice', '个人信息出境告知'],
  ['/privacy/sensitive-data', 'Notice on sensitive personal information', '敏感个人信息处理告知'],
];

/** The seven prefilled messages (docs/rules/messaging.md), as the widget shows them to a Chinese-speaking visitor. */
const PREFILLS_ZH: [topic: string, button: string, text: string][] = [
  ['payment_failure', '支付失败', '您好，我在支付定金时付款失败了，麻烦帮我查一下原因，并告诉我接下来该怎么做。'],
  [
    'identity_verification_failure',
    '身份验证未通过',
    '您好，我的身份验证没有通过，请问是什么原因？需要重新提交哪些材料？',
  ],
  ['document_upload_failure', '文件上传失败', '您好，我上传文件时一直失败，麻烦帮我看看是哪里出了问题。'],
  ['booking_cancelled', '预订被取消', '您好，我的预订被取消了，想了解一下取消的原因，以及退款会如何处理。'],
  ['payout_failure', '提现失败', '您好，我的提现没有成功，麻烦帮我查一下原因，款项大概什么时候能到账？'],
  [
    'guide_application_rejected',
    '地陪申请未通过',
    '您好，我的地陪申请没有通过，想了解具体原因，以及修改后能否重新申请。',
  ],
];
const GENERAL_ZH = '您好，我遇到了以下问题，需要帮助：';
const GENERAL_EN = 'Hello, I need some help with the following:';

/** An admin token for reading the support inbox, through the real login. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username: 'admin', password: 'admin1234' } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token as string;
}

const panel = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

test.describe('help and legal pages render their own title', () => {
  for (const [path, en, zh] of PAGES) {
    test(`${path} in English and Chinese`, async ({ page }) => {
      await gotoInLocale(page, path, 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
      await expect(page).toHaveTitle(`${en} · Tabi Guides`);
      await switchLanguage(page, 'zh-CN');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh);
      await expect(page).toHaveTitle(`${zh} · Tabi 日本地陪`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    });
  }
});

test('no internal link on the help and legal pages is broken', async ({ page }) => {
  test.setTimeout(120_000);
  const links = new Map<string, string>(); // target → first page linking to it
  for (const [path] of PAGES) {
    await gotoInLocale(page, path, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) if (!links.has(href)) links.set(href, path);
  }
  expect(links.size).toBeGreaterThan(30);
  for (const [href, from] of links) {
    // A page rendered on the server (decision 074) is checked in its HTML; any other in the browser.
    const res = await page.request.get(href);
    const html = await res.text();
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    const hash = href.split('#')[1];
    if (h1 !== undefined) {
      expect(res.status(), `${href} (linked from ${from})`).toBe(200);
      expect(h1, `${href} (linked from ${from})`).not.toBe('Page Not Found');
      if (hash) expect(html, `${href} anchor`).toContain(`id="${hash}"`);
      continue;
    }
    await page.goto(href);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, `${href} (linked from ${from})`).toBeVisible();
    await expect(heading, `${href} (linked from ${from})`).not.toHaveText('Page Not Found');
    if (hash) await expect(page.locator(`[id="${hash}"]`), `${href} anchor`).toHaveCount(1);
  }
});

test('the cancellation page shows every tier with its percentage and the refund times', async ({ page }) => {
  await gotoInLocale(page, '/help/cancellation', 'en');
  const tiers = page.locator('table').first();
  await expect(tiers.getByRole('row', { name: /More than 7 days/ })).toContainText('100%');
  await expect(tiers.getByRole('row', { name: /3 to 7 days/ })).toContainText('50%');
  await expect(tiers.getByRole('row', { name: /1 to 3 days/ })).toContainText('25%');
  await expect(tiers.getByRole('row', { name: /Less than 24 hours/ })).toContainText('0%');
  await expect(tiers.getByRole('row', { name: /No-show/ })).toContainText('0%');
  await expect(tiers.getByRole('row', { name: /documented emergency/ })).toContainText('85%');
  await expect(page.getByRole('row', { name: /Bank card/ })).toContainText('3–5 business days');
  // The typhoon rule: a JMA warning or special warning frees the booking; an advisory does not.
  await expect(page.getByRole('heading', { level: 2, name: 'Typhoons and JMA warnings' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'everything you paid online back (100%)' })).toBeVisible();
  await switchLanguage(page, 'zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: '台风与气象厅警报' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '线上支付的款项全额（100%）退还' })).toBeVisible();
  await expect(page.getByRole('row', { name: /有证明的紧急情况/ })).toContainText('85%（15% 归地陪）');
  await expect(page.getByRole('row', { name: /支付宝、微信支付/ })).toContainText('1–3 个工作日');
  // The table of contents leads to its section.
  await page.getByRole('navigation', { name: '本页目录' }).getByRole('link', { name: '退款到账时间' }).click();
  await expect(page).toHaveURL(/#timing$/);
});

test('help search finds articles in both languages and offers the chat when nothing matches', async ({ page }) => {
  await gotoInLocale(page, '/help', 'en');
  const search = page.getByRole('searchbox', { name: 'Search the help articles' });
  await search.fill('refund');
  await expect(page.getByRole('heading', { name: /articles? found/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Cancellation policy/ })).toBeVisible();
  await expect(page).toHaveURL(/\?q=refund$/);
  await search.fill('zzzz-nothing');
  await expect(page.getByText('No article matches “zzzz-nothing”.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();

  await switchLanguage(page, 'zh-CN');
  await page.goto('/help?q=%E9%80%80%E6%AC%BE'); // 退款
  await expect(page.getByRole('heading', { name: /找到 \d+ 篇文章/ })).toBeVisible();
  await expect(page.locator('main ul a[href="/help/cancellation"]')).toContainText('取消政策');
  await page.getByRole('button', { name: '清除搜索' }).click();
  await expect(page.getByRole('heading', { name: '热门问题' })).toBeVisible();
  // A popular question opens its article at the right section.
  await page.getByRole('link', { name: '取消预订能退多少钱？' }).click();
  await expect(page).toHaveURL(/\/help\/cancellation#tiers$/);
  await expect(page.locator('#tiers')).toBeInViewport();
});

test.describe('support widget', () => {
  test('opens with each of the seven prefilled Chinese messages', async ({ page }) => {
    await gotoInLocale(page, '/help/contact', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('联系我们');
    for (const [topic, button, text] of PREFILLS_ZH) {
      await page.locator(`button[data-topic="${topic}"]`).click();
      await expect(page.locator(`button[data-topic="${topic}"]`)).toHaveText(button);
      const dialog = panel(page, 'Tabi 客服');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: '您的留言' })).toHaveValue(text);
      await dialog.getByRole('button', { name: '关闭客服聊天' }).click();
      await expect(dialog).toBeHidden();
    }
    // /help/contact's main button uses the general-support message.
    await page.getByRole('button', { name: '联系在线客服' }).click();
    await expect(panel(page, 'Tabi 客服').getByRole('textbox', { name: '您的留言' })).toHaveValue(GENERAL_ZH);
  });

  test('the floating button is on every page and opens an empty chat; English visitors get English prefills', async ({
    page,
  }) => {
    await gotoInLocale(page, '/', 'en');
    await page.getByRole('button', { name: 'Help & chat' }).click();
    const dialog = panel(page, 'Tabi support');
    await expect(dialog.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Help & chat' })).toBeFocused();
    await page.goto('/help/contact');
    await page.getByRole('button', { name: 'Payment failed' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Your message' })).toHaveValue(
      'Hello, my payment failed while I was paying the deposit. Could you help me find out why and tell me what to do next?',
    );
  });

  test('a message sent through the built-in chat reaches the support inbox, and the reply comes back', async ({
    page,
    request,
  }) => {
    const marker = `e2e-${Date.now()}`;
    await gotoInLocale(page, '/help/contact', 'en');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const dialog = panel(page, 'Tabi support');
    const box = dialog.getByRole('textbox', { name: 'Your message' });
    await expect(box).toHaveValue(GENERAL_EN);
    // Markup typed by a visitor is text, shown as typed.
    const message = `${GENERAL_EN} my booking TG0042 <img src=x onerror=alert(1)> ${marker}`;
    await box.fill(message);
    await dialog.getByRole('textbox', { name: 'Your e-mail (optional)' }).fill('mei@example.com');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('log').getByText(message)).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(dialog.locator('img')).toHaveCount(0);

    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const inbox = await request.get('/api/admin/support/threads?status=all', { headers });
    expect(inbox.ok()).toBe(true);
    const thread = (await inbox.json()).data.find(
      (t: { lastMessage: { body: string } | null }) => t.lastMessage?.body === message,
    );
    expect(thread).toMatchObject({
      topic: 'general',
      locale: 'en',
      pageUrl: '/help/contact',
      contactEmail: 'mei@example.com',
      user: null,
      status: 'open',
    });

    const reply = await request.post(`/api/admin/support/threads/${thread.id}/messages`, {
      headers,
      data: { body: `Thanks, we are checking ${marker}` },
    });
    expect(reply.status()).toBe(201);
    await expect(dialog.getByRole('log').getByText(`Thanks, we are checking ${marker}`)).toBeVisible({
      timeout: 12_000,
    });
    await expect(dialog.getByRole('log').getByText('Tabi support team ·')).toBeVisible();

    // The conversation survives a reload on this device (the thread key is kept locally).
    await page.reload();
    await page.getByRole('button', { name: 'Help & chat' }).click();
    await expect(panel(page, 'Tabi support').getByRole('log').getByText(message)).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tabi.support') ?? 'null'));
    expect(stored).toMatchObject({ threadId: thread.id, userId: null });
    expect(stored.visitorKey).toMatch(/^[\w-]{40,}$/);

    // A reply that arrives while the chat is closed shows a dot on the button until it is read.
    await panel(page, 'Tabi support').getByRole('button', { name: 'Close support chat' }).click();
    const second = await request.post(`/api/admin/support/threads/${thread.id}/messages`, {
      headers,
      data: { body: `Refund sent ${marker}` },
    });
    expect(second.status()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('support-new-reply')).toBeVisible();
    await page.getByRole('button', { name: 'Help & chat New reply from the Tabi team' }).click();
    await expect(panel(page, 'Tabi support').getByRole('log').getByText(`Refund sent ${marker}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('support-new-reply')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Help & chat' })).toBeVisible();
    await expect(page.getByTestId('support-new-reply')).toHaveCount(0);
  });

  test('is a bottom sheet on a phone, and help pages have no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      '/help',
      '/help/cancellation',
      '/help/cities',
      '/help/cookies',
      '/terms',
      '/privacy',
      '/help/contact',
    ]) {
      await gotoInLocale(page, path, 'zh-CN');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await page.getByRole('button', { name: '联系在线客服' }).click();
    const sheet = await panel(page, 'Tabi 客服').boundingBox();
    expect(sheet).not.toBeNull();
    expect(sheet!.x).toBe(0);
    expect(Math.round(sheet!.width)).toBe(375);
    expect(Math.round(sheet!.y + sheet!.height)).toBe(740);
  });
});

test.describe('third-party chat (Crisp) configured', () => {
  // The real server runs with the built-in chat; these tests configure Crisp from the browser side,
  // serve a stand-in for the vendor script, and let it through the page's CSP.
  test.use({ bypassCSP: true });
  const SITE = '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21';

  test('retries attaching 10 times every 0.5 s, then falls back to the built-in chat', async ({ page }) => {
    let scriptLoads = 0;
    await page.route('**/api/config/public', (r) =>
      r.fulfill({
        json: { support: { provider: 'crisp', crispWebsiteId: SITE }, payments: { provider: 'simulated' } },
      }),
    );
    await page.route('https://client.crisp.chat/l.js', (r) => {
      scriptLoads += 1;
      return r.fulfill({ contentType: 'text/javascript', body: '/* a vendor script that never attaches */' });
    });
    await gotoInLocale(page, '/help/contact', 'en');
    const launcher = page.locator('#support-launcher');
    const started = Date.now();
    await page.getByRole('button', { name: 'Payment failed' }).click();
    const dialog = panel(page, 'Tabi support');
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000); // the preload may have started the 5 s before the click
    await expect(launcher).toHaveAttribute('data-support-adapter', 'builtin');
    await expect(launcher).toHaveAttribute('data-support-fallback', 'true');
    await expect(dialog.getByRole('textbox', { name: 'Your message' })).toHaveValue(/my payment failed/);
    expect(
      await page.evaluate(() => document.querySelectorAll('script[src="https://client.crisp.chat/l.js"]').length),
    ).toBe(1);
    expect(scriptLoads).toBe(1);
  });

  test('when the SDK attaches, opening the chat hands the prefill to Crisp', async ({ page }) => {
    await page.route('**/api/config/public', (r) =>
      r.fulfill({
        json: { support: { provider: 'crisp', crispWebsiteId: SITE }, payments: { provider: 'simulated' } },
      }),
    );
    await page.route('https://client.crisp.chat/l.js', (r) =>
      r.fulfill({
        contentType: 'text/javascript',
        body: `(function () {
          var queue = window.$crisp || [];
          window.__crispCalls = [];
          window.$crisp = { push: function (c) { window.__crispCalls.push(c); }, is: function () { return false; } };
          queue.forEach(function (c) { window.$crisp.push(c); });
        })();`,
      }),
    );
    await gotoInLocale(page, '/help/contact', 'zh-CN');
    await page.locator('button[data-topic="payout_failure"]').click();
    await expect(page.locator('#support-launcher')).toHaveAttribute('data-support-adapter', 'crisp');
    const calls = await page.evaluate(() =>
      (window as unknown as { __crispCalls: unknown[] }).__crispCalls.map((c) => JSON.stringify(c)),
    );
    expect(calls).toContain(JSON.stringify(['set', 'message:text', [PREFILLS_ZH[4]![2]]]));
    expect(calls).toContain(JSON.stringify(['do', 'chat:open']));
    expect(calls).toContain(JSON.stringify(['do', 'chat:hide'])); // Crisp's own launcher stays hidden
    await expect(panel(page, 'Tabi 客服')).toHaveCount(0);
  });
});

test.describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  for (const path of ['/help', '/help/cancellation']) {
    for (const locale of ['en', 'zh-CN'] as const) {
      test(`${path} in ${locale}`, async ({ page }) => {
        await gotoInLocale(page, path, locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }

  test('the open support chat', async ({ page }) => {
    await gotoInLocale(page, '/help/contact', 'zh-CN');
    await page.getByRole('button', { name: '联系在线客服' }).click();
    await expect(panel(page, 'Tabi 客服')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
