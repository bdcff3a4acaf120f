import { fillCard, fillMeetingPoint } from './checkout';
import { expect, pickDate, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * Three days with one guide at 375 px (decision 154): the booking box lists each date and offers the
 * starts every day has, the checkout books the days at the guide's day rate (in yen: the seeded day
 * guide is Japanese-speaking), and the booking holds all three days in one deposit.
 */
const TEXT = {
  en: {
    choose: 'Check times',
    box: 'Book this guide',
    date: 'Date',
    days: 'Days',
    list: 'Your days',
    start: 'Start time (Japan time)',
    book: 'Book',
    pay: /^Pay [\d,.]+ RMB$/,
  },
  'zh-CN': {
    choose: '查看时间',
    box: '预订这位地陪',
    date: '日期',
    days: '天数',
    list: '您的行程日期',
    start: '开始时间（日本时间）',
    book: '预订',
    pay: /^支付 [\d,.]+ 元$/,
  },
} as const;

for (const locale of ['zh-CN', 'en'] as const) {
  test(`a traveler books three days with a guide who sells whole days (${locale})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const s = TEXT[locale];
    const zh = locale === 'zh-CN';
    const listed = await (await request.get('/api/v2/guides', { params: { city: 'sapporo' } })).json();
    const summary = (
      listed.data as { id: number; groupPricing: { dayRateCents: number | null; dayHours: number } }[]
    ).find((g) => g.groupPricing.dayRateCents !== null);
    expect(summary, 'a seeded Sapporo guide with a day rate').toBeTruthy();
    const { dayHours } = summary!.groupPricing;
    const slot = await freeSlot(request, summary!.id, { hours: dayHours, days: 3, fromDay: 14 });
    const quote = await (
      await request.get(`/api/v2/guides/${summary!.id}/quote`, { params: { days: 3, adults: 1, lang: locale } })
    ).json();

    const context = await browser.newContext({
      locale: zh ? 'zh-CN' : 'en-US',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 375, height: 760 },
    });
    try {
      const page = await context.newPage();
      await signIn(page, 'traveler', undefined, locale);
      await page.goto(`/guides/${summary!.id}`);
      // On a phone the booking box opens from the bar at the bottom of the profile.
      await page.getByRole('button', { name: s.choose }).click();
      const box = page.getByRole('dialog', { name: s.box });
      await pickDate(box.getByRole('group', { name: s.date }), slot.date);
      await box.getByLabel(s.days).selectOption('3');
      await expect(box.getByRole('list', { name: s.list }).getByRole('listitem')).toHaveCount(3);
      await box.getByRole('group', { name: s.start }).getByText(slot.startTime, { exact: true }).click();
      await box.getByRole('button', { name: s.book, exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\/\d+\?.*days=3/);

      const pay = page.getByRole('button', { name: s.pay });
      await fillCard(page, zh, '4242424242424242');
      await fillMeetingPoint(page, zh);
      await pay.click();
      await expect(page).toHaveURL(/\/payment-success\?booking=\d+$/);
      const bookingId = Number(new URL(page.url()).searchParams.get('booking'));

      // One booking, one deposit, three days held, charged as the quote prices three days.
      const login = await (
        await request.post('/api/auth/login', { data: { username: 'traveler', password: 'traveler123' } })
      ).json();
      const booking = await (
        await request.get(`/api/v2/bookings/${bookingId}`, { headers: { authorization: `Bearer ${login.token}` } })
      ).json();
      // The seeded day guide prices in yen: the booking is in her yen, its deposit charged in the yuan the
      // traveler saw (decision 164). A travel credit the traveler held comes off the quoted total (decision 139).
      expect(booking).toMatchObject({ days: 3, date: slot.date, currency: 'JPY', chargeCurrency: 'CNY' });
      expect(booking.totalPriceCents + booking.creditCents).toBe(quote.guideTotal);
      if (booking.creditCents === 0)
        expect(booking).toMatchObject({ depositCents: quote.guideDeposit, chargeDepositCents: quote.chargeDeposit });
      expect(booking.schedule).toHaveLength(3);
      expect(
        booking.payments.filter(
          (p: { kind: string; status: string }) => p.kind === 'deposit' && p.status === 'succeeded',
        ),
      ).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
}
