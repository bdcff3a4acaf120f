import {
  bookAt,
  FAMILY,
  kyotoFamilyTrip,
  openBoxFromCard,
  payDepositByCard,
  searchKyotoAsFamily,
} from './family-search';
import { expect, signIn, signUpByApi, test } from './fixtures';

/**
 * The trip searched is the trip booked (decision 176), on a phone in Chinese: two adults, a child and
 * an infant search Kyoto for three days from a date; the card, the profile's bar, the booking box and
 * the checkout show one price, and the booking is charged it.
 */
test('a family searches Kyoto for three days and sees one price on the card, in the box and at the checkout (zh-CN, 375 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { card, date, startTime } = await kyotoFamilyTrip(request, { fromDay: 21 });
  // A traveler of their own: no travel credit of the demo traveler's comes off the total (decision 139).
  const me = await signUpByApi(request, { prefix: 'trip', locale: 'zh-CN' });

  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 375, height: 760 },
  });
  try {
    const page = await context.newPage();
    await signIn(page, me.username, me.password, 'zh-CN');
    await searchKyotoAsFamily(page, date);
    const box = await openBoxFromCard(page, card);
    await bookAt(page, box, card, startTime);
    const quote = await (
      await request.get(`/api/v2/guides/${card.id}/quote`, {
        params: { days: 3, dayHours: card.groupQuote.dayHours, ...FAMILY, chargeCurrency: 'CNY' },
      })
    ).json();
    expect([quote.chargeTotal, quote.guideTotal]).toEqual([card.groupQuote.chargeTotal, card.groupQuote.totalCents]);
    const bookingId = await payDepositByCard(page, quote.chargeDeposit);

    // The booking is the family's three days at the card's price, its deposit charged as quoted.
    const booking = await (
      await request.get(`/api/v2/bookings/${bookingId}`, { headers: { authorization: `Bearer ${me.token}` } })
    ).json();
    expect(booking).toMatchObject({
      days: 3,
      date,
      ...FAMILY,
      totalPriceCents: card.groupQuote.totalCents,
      chargeCurrency: 'CNY',
    });
    expect(booking.chargeDepositCents ?? booking.depositCents).toBe(quote.chargeDeposit);
  } finally {
    await context.close();
  }
});
