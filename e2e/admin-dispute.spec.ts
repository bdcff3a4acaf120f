import { DEMO_PASSWORDS, expect, signIn, test } from './fixtures';
import { acceptedBooking, approvedApplicant, auth, openAllWeek, signup, tourDay } from './guide-helpers';

/**
 * Disputes and the admin console in the browser, in English and Chinese: a traveler disputes a tour under way with a
 * guide of this test's own; the demo admin resolves it in the console as cancelled with a partial refund.
 * The traveler's trip then shows the refund, and the booking's timeline and ledger in the console show
 * the resolution.
 */
const WORDS = {
  en: {
    resolve: 'Resolve',
    cancelled: /Cancelled/,
    refund: 'Refund to the traveler',
    confirm: 'Resolve dispute',
    resolvedEntry: 'Dispute resolved',
    refunded: (a: string) => `Refunded: ${a} RMB`,
    past: /Past Experiences/,
  },
  'zh-CN': {
    resolve: '处理纠纷',
    cancelled: /按取消处理/,
    refund: '退给旅行者的金额',
    confirm: '确认处理',
    resolvedEntry: '纠纷已处理',
    refunded: (a: string) => `已退款：${a} 元`,
    past: /过往体验/,
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`the admin resolves a dispute with a partial refund; the trip and the ledger show it (${locale})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[locale];
    const guide = await approvedApplicant(
      page.request,
      `${locale === 'en' ? 'Dispute Guide' : '纠纷地陪'}${Date.now().toString(36).slice(-4)}`,
    );
    await openAllWeek(page.request, guide.token);
    const me = await (await page.request.get('/api/guides/me', { headers: auth(guide.token) })).json();
    const traveler = await signup(page.request, '赵敏');
    const booking = await acceptedBooking(page.request, me.id, guide.token, traveler.token);
    await tourDay(page.request, booking.id, traveler.token);
    for (const [token, userType] of [
      [traveler.token, 'traveler'],
      [guide.token, 'guide'],
    ] as const) {
      const started = await page.request.patch(`/api/bookings/${booking.id}/confirm-start`, {
        headers: auth(token),
        data: { userType },
      });
      expect(started.status(), await started.text()).toBe(200);
    }
    const opened = await page.request.post('/api/v2/disputes', {
      headers: auth(traveler.token),
      data: { bookingId: booking.id, reason: 'The guide left after half an hour.' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const dispute = await opened.json();
    const depositCents = (
      await (await page.request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(traveler.token) })).json()
    ).depositCents as number;
    const refundYuan = Math.floor(depositCents / 200); // about half of the deposit, in whole yuan

    // The admin, in the console.
    await signIn(page, 'admin', DEMO_PASSWORDS.admin, locale);
    await page.goto(`/admin/disputes/${dispute.id}`);
    await expect(page.getByText('The guide left after half an hour.').first()).toBeVisible();
    await page.getByRole('button', { name: w.resolve, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.cancelled).check();
    await dialog.getByLabel(w.refund).fill(String(refundYuan));
    await dialog.getByRole('button', { name: w.confirm }).click();
    await expect(dialog).toHaveCount(0);

    // The server's record: cancelled, the refund through the provider, the ledger at zero.
    const trip = await (
      await page.request.get(`/api/v2/bookings/${booking.id}`, { headers: auth(traveler.token) })
    ).json();
    expect(trip.status).toBe('cancelled');
    expect(trip.payments[0]).toMatchObject({ status: 'partially_refunded', refundedCents: refundYuan * 100 });

    // The console's booking view: the timeline names the resolution; the ledger lists the refund.
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByText(w.resolvedEntry).first()).toBeVisible();
    const admin = await (
      await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORDS.admin } })
    ).json();
    const ledger = await (
      await page.request.get(`/api/admin/bookings/${booking.id}/ledger`, { headers: auth(admin.token) })
    ).json();
    expect(ledger.balance.total).toBe(0);
    expect(ledger.balance.traveler).toBe(-(depositCents - refundYuan * 100));

    // The traveler's trip shows the refund.
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const t = await context.newPage();
    await signIn(t, traveler.username, traveler.password, locale);
    await t.goto('/dashboard?tab=past');
    const card = t.getByRole('article').filter({ hasText: booking.bookingNumber });
    await expect(card.getByText(w.refunded(String(refundYuan)))).toBeVisible();
    await context.close();
  });
}
