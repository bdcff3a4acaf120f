import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { allowConsoleErrors, DEMO_PASSWORDS, expect, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * the booking PDF in the browser: the demo traveler, in Chinese, opens a paid trip's PDF
 * from the trip card; the PDF loads in the page, switches to English, and downloads.
 */

/**
 * fixtures.ts's signIn, for the top frame only: init scripts run in every frame, and the PDF frame
 * (Chromium's PDF viewer) has no sessionStorage, so the shared helper's script throws there.
 */
async function signIn(page: Page, username: string, password: string, locale: 'en' | 'zh-CN') {
  const res = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const reply = await res.json();
  await page.addInitScript(
    ([token, user, l]) => {
      if (window !== window.top || !window.sessionStorage || sessionStorage.getItem('e2e-session-set')) return;
      localStorage.setItem('tabi.token', token!);
      localStorage.setItem('tabi.user', user!);
      localStorage.setItem('tabi.locale', l!);
      sessionStorage.setItem('e2e-session-set', '1');
    },
    [reply.token, JSON.stringify(reply.user), locale],
  );
  return reply as { token: string };
}

/** Books the demo guide for the traveler and pays the deposit by card, through the API. */
async function paidBooking(request: APIRequestContext, token: string): Promise<{ id: number; bookingNumber: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const guideLogin = await (
    await request.post('/api/auth/login', { data: { username: 'guide', password: DEMO_PASSWORDS.guide } })
  ).json();
  const guide = await (
    await request.get('/api/guides/me', { headers: { authorization: `Bearer ${guideLogin.token}` } })
  ).json();
  const { date, startTime } = await freeSlot(request, guide.id, { fromDay: 40, notBefore: '10:00' });
  const booked = await request.post('/api/v2/bookings', {
    headers,
    data: {
      guideId: guide.id,
      date,
      startTime,
      durationHours: 2,
      travelers: 2,
      meetingAddress: '东京都台东区浅草2-3-1 浅草寺雷门前',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = await booked.json();
  const paid = await request.post(`/api/v2/bookings/${booking.id}/payments`, {
    headers: { ...headers, 'idempotency-key': `e2e-pdf-${booking.id}-${Date.now()}` },
    data: {
      kind: 'deposit',
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiryDate: '12/34',
      cvv: '123',
      cardHolder: 'Li Wei',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { id: booking.id, bookingNumber: booking.bookingNumber };
}

test('the traveler opens a trip’s PDF in Chinese, switches it to English and downloads it', async ({ page }) => {
  const session = await signIn(page, 'traveler', DEMO_PASSWORDS.traveler!, 'zh-CN');
  const booking = await paidBooking(page.request, session.token);
  // The PDF the page links to, in one language: what the frame, the new tab and the download show.
  const expectPdf = async (lang: string) => {
    const open = page.getByRole('link', { name: '在新标签页中打开' });
    await expect(open).toHaveAttribute('href', new RegExp(`/api/v2/bookings/${booking.id}/pdf\\?lang=${lang}&`));
    const res = await page.request.get((await open.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  };

  await page.goto('/dashboard?tab=pending-requests');
  const card = page.locator('article').filter({ hasText: booking.bookingNumber });
  await card.getByRole('link', { name: `预订确认单 PDF，${booking.bookingNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pdf-preview/${booking.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`预订确认单 ${booking.bookingNumber}`);
  await expectPdf('zh-CN');
  // A browser with a PDF viewer shows it in the page; one without (most phones, a headless shell) says
  // so beside the two buttons instead of a frame that never loads.
  if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
    await expect(page.getByTitle(`预订确认单 ${booking.bookingNumber}（PDF）`)).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0); // the iframe finished loading
  } else {
    await expect(page.getByText('此浏览器无法在页面中显示 PDF，请下载或在新标签页中打开。')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: '中文', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // English, on the same page.
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expectPdf('en');
  await expect(page).toHaveURL(/lang=en/);
  await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The download is the PDF itself, named after the booking.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: '下载 PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Tabi-Guides-${booking.bookingNumber}.pdf`);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(5_000);

  // For review by eye (PDF_SHOTS=dir): the page at desktop and phone widths, in both languages.
  const shots = process.env.PDF_SHOTS;
  if (shots) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const lang of ['zh-CN', 'en'] as const) {
        await page.goto(`/pdf-preview/${booking.id}?lang=${lang}`);
        await expect(page.getByRole('status')).toHaveCount(0);
        await page.waitForTimeout(2000); // the PDF viewer paints after the frame's load event
        await page.screenshot({ path: `${shots}/pdf-preview-${width}-${lang}.png` });
      }
    }
  }
});

test('a visitor is sent to log in first; a booking that is not theirs shows “not found”', async ({ page }) => {
  allowConsoleErrors(page, /404/);
  const owner = await (
    await page.request.post('/api/auth/login', { data: { username: 'traveler', password: DEMO_PASSWORDS.traveler } })
  ).json();
  const booking = await paidBooking(page.request, owner.token);
  await page.goto(`/pdf-preview/${booking.id}`);
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await signIn(page, 'traveler', DEMO_PASSWORDS.traveler!, 'en');
  await page.goto('/pdf-preview/99999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Booking not found');
  await expect(page.getByRole('link', { name: 'Back to My Trips' })).toBeVisible();
});

test('on a phone browser without a PDF viewer, the page offers the download and the new tab instead of a blank frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }));
  const session = await signIn(page, 'traveler', DEMO_PASSWORDS.traveler!, 'en');
  const booking = await paidBooking(page.request, session.token);
  await page.goto(`/pdf-preview/${booking.id}`);
  await expect(
    page.getByText('This browser cannot show a PDF inside the page: download it or open it in a new tab.'),
  ).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/pdf\?lang=en&/);
  await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', /\/pdf\?lang=en&/);
});
