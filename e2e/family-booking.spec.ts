import { priceWithCredit } from '../src/shared/booking/credit';
import { formatFen } from '../src/shared/money-format';
import { fillCard, fillMeetingPoint } from './checkout';
import { expect, expectDate, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * A family at 375 px (decisions 152 and 153): two adults, a child and an infant find a guide who
 * confirms at once, see their group's price in the booking box as the server quotes it, pay that
 * price's deposit at the checkout, and the booking is confirmed without waiting for the guide.
 */
const TEXT = {
  en: {
    choose: 'Check times',
    badge: 'Instant confirmation',
    group: '4 people · ',
    view: 'View Profile',
    box: 'Book this guide',
    date: 'Date',
    adults: 'Adults',
    duration: 'Duration',
    start: 'Start time (Japan time)',
    book: 'Book',
    pay: /^Pay [\d,.]+ RMB$/,
    money: (a: string) => `${a} RMB`,
    waiting: 'Waiting for the guide',
    upcoming: 'Upcoming',
  },
  'zh-CN': {
    choose: '查看时间',
    badge: '可即时确认',
    group: '4 人 · ',
    view: '查看资料',
    box: '预订这位地陪',
    date: '日期',
    adults: '成人',
    duration: '时长',
    start: '开始时间（日本时间）',
    book: '预订',
    pay: /^支付 [\d,.]+ 元$/,
    money: (a: string) => `${a} 元`,
    waiting: '等待地陪接受',
    upcoming: '即将出行',
  },
} as const;

const yuan = formatFen;

for (const locale of ['zh-CN', 'en'] as const) {
  test(`a family of four books a guide who confirms at once and pays the quoted price (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const s = TEXT[locale];
    const zh = locale === 'zh-CN';
    const found = await (
      await request.get('/api/v2/guides', { params: { city: 'tokyo', instantBook: 'true', travelers: 4 } })
    ).json();
    // A guide who prices in yuan: this journey reads yuan alone (a yen guide's box reads both, guide-currency.spec).
    const inYuan = (found.data as { id: number; currency: string }[]).find((g) => g.currency === 'CNY');
    expect(inYuan, 'a seeded Tokyo guide in yuan with instant booking who takes four').toBeDefined();
    const guide = await (await request.get(`/api/v2/guides/${inYuan!.id}`)).json();
    const hours = Math.max(2, guide.minDuration);
    const slot = await freeSlot(request, guide.id, { hours, fromDay: 12, notBefore: '10:00' });

    const context = await browser.newContext({
      locale: zh ? 'zh-CN' : 'en-US',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 375, height: 760 },
    });
    try {
      const page = await context.newPage();
      await signIn(page, 'traveler', undefined, locale);
      await page.goto(
        `/search?city=tokyo&date=${slot.date}&travelers=4&adults=2&children=1&infants=1&instantBook=true`,
      );
      const card = page.getByRole('article', { name: guide.user.fullName, exact: true });
      await expect(card.getByTestId('instant-badge')).toHaveText(s.badge);
      // The card prices this family for the guide's shortest tour, as the quote does.
      const shortest = await (
        await request.get(`/api/v2/guides/${guide.id}/quote`, {
          params: {
            date: slot.date,
            startTime: slot.startTime,
            durationHours: guide.minDuration,
            adults: 2,
            children: 1,
            infants: 1,
          },
        })
      ).json();
      await expect(card.getByTestId('group-total')).toContainText(s.group);
      await expect(card.getByTestId('group-total')).toContainText(yuan(shortest.totalCents));
      await card.getByRole('link', { name: s.view }).click();

      // On a phone the booking box opens from the bar at the bottom of the profile.
      await page.getByRole('button', { name: s.choose }).click();
      const box = page.getByRole('dialog', { name: s.box });
      await expectDate(box.getByRole('group', { name: s.date }), slot.date);
      // The search named the family's ages: the box opens with two adults, a child and an infant.
      await expect(box.getByRole('status', { name: s.adults })).toHaveText('2');
      await expect(box.getByRole('status', { name: zh ? '儿童' : 'Children' })).toHaveText('1');
      await expect(box.getByRole('status', { name: zh ? '婴儿' : 'Infants' })).toHaveText('1');
      await box.getByLabel(s.duration).selectOption(String(hours));
      await box.getByRole('group', { name: s.start }).getByText(slot.startTime, { exact: true }).click();

      const quote = await (
        await request.get(`/api/v2/guides/${guide.id}/quote`, {
          params: {
            date: slot.date,
            startTime: slot.startTime,
            durationHours: hours,
            adults: 2,
            children: 1,
            infants: 1,
            lang: locale,
          },
        })
      ).json();
      // The box shows the server's total and its lines for this very family.
      await expect(box.getByText(s.money(yuan(quote.totalCents)), { exact: true }).first()).toBeVisible();
      for (const line of quote.lines) await expect(box.getByText(line.label, { exact: true })).toBeVisible();
      await box.getByRole('button', { name: s.book, exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\/\d+\?.*adults=2&children=1&infants=1/);

      // The checkout charges the quote's total, less a travel credit the traveler may hold (decision 139), and its
      // deposit.
      const login = await (
        await request.post('/api/auth/login', { data: { username: 'traveler', password: 'traveler123' } })
      ).json();
      const headers = { authorization: `Bearer ${login.token}` };
      const credits = await (await request.get('/api/me/travel-credits', { headers })).json();
      const paid = priceWithCredit(quote.totalCents, credits.available?.amountCents ?? 0);
      await expect(page.getByText(s.money(yuan(paid.totalCents)), { exact: true }).first()).toBeVisible();
      const pay = page.getByRole('button', { name: s.pay });
      await fillCard(page, zh, '4242424242424242');
      await fillMeetingPoint(page, zh);
      await expect(pay).toHaveText(zh ? `支付 ${yuan(paid.depositCents)} 元` : `Pay ${yuan(paid.depositCents)} RMB`);
      await pay.click();
      await expect(page).toHaveURL(/\/payment-success\?booking=\d+$/);
      const bookingId = Number(new URL(page.url()).searchParams.get('booking'));

      // Confirmed at once: no request waits for the guide, and the booking is the family's, priced as quoted.
      const booking = await (await request.get(`/api/v2/bookings/${bookingId}`, { headers })).json();
      expect(booking).toMatchObject({
        status: 'upcoming',
        instantBook: true,
        adults: 2,
        children: 1,
        infants: 1,
        travelers: 4,
        totalPriceCents: paid.totalCents,
        depositCents: paid.depositCents,
      });
      // Among the upcoming trips at once, marked as such, with no answer awaited.
      await page.goto('/dashboard?tab=upcoming');
      const trip = page.getByRole('article').filter({ hasText: booking.bookingNumber });
      await expect(trip.getByText(s.upcoming, { exact: true })).toBeVisible();
      await expect(trip.getByText(s.waiting)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
