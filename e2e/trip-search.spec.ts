import type { APIRequestContext } from '@playwright/test';
import { formatBeside } from '../src/shared/money-format';
import { fillCard, fillMeetingPoint } from './checkout';
import { expect, signIn, signUpByApi, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * The trip searched is the trip booked (decision 176), on a phone in Chinese: two adults, a child and
 * an infant search Kyoto for three days from a date; the card, the profile's bar, the booking box and
 * the checkout show one price, and the booking is charged it.
 */
const family = { adults: 2, children: 1, infants: 1 };
const dayTexts = (c: Card) => ({ trip: money(c.groupQuote.chargeTotal, c.groupQuote.totalCents, c.currency), day: money(c.groupQuote.chargeDayTotal, c.groupQuote.dayTotalCents, c.currency) });
const money = (yuan: number, own: number, currency: 'CNY' | 'JPY') => formatBeside({ minor: yuan, currency: 'CNY' }, { minor: own, currency }, 'zh-CN');

interface Card {
  id: number;
  user: { fullName: string };
  currency: 'CNY' | 'JPY';
  groupQuote: { dayHours: number; chargeTotal: number; totalCents: number; chargeDayTotal: number; dayTotalCents: number };
}

/** A Kyoto guide priced for the family's three days, free on all three from some date, and on the search's first page for that date. */
async function kyotoTrip(request: APIRequestContext): Promise<{ card: Card; date: string; startTime: string }> {
  const search = (extra: Record<string, string | number> = {}) =>
    request.get('/api/v2/guides', { params: { city: 'kyoto', travelers: 4, ...family, days: 3, currency: 'CNY', chargeCurrency: 'CNY', ...extra } }).then((r) => r.json());
  const all = ((await search({ limit: 50 })).data as (Card & { groupQuote?: Card['groupQuote'] })[]).filter((c): c is Card => !!c.groupQuote);
  for (const candidate of all) {
    const slot = await freeSlot(request, candidate.id, { hours: candidate.groupQuote.dayHours, days: 3, fromDay: 21 }).catch(() => null);
    if (!slot) continue;
    const page = (await search({ date: slot.date, limit: 12 })).data as Card[];
    const card = page.find((c) => c.id === candidate.id);
    if (card) return { card, ...slot };
  }
  throw new Error('no seeded Kyoto guide free on three days for a family of four');
}

test('a family searches Kyoto for three days and sees one price on the card, in the box and at the checkout (zh-CN, 375 px)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { card, date, startTime } = await kyotoTrip(request);
  const expected = dayTexts(card);
  // A traveler of their own: no travel credit of the demo traveler's comes off the total (decision 139).
  const me = await signUpByApi(request, { prefix: 'trip', locale: 'zh-CN' });

  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 375, height: 760 } });
  try {
    const page = await context.newPage();
    await signIn(page, me.username, me.password, 'zh-CN');
    await page.goto('/search?city=kyoto');
    // The phone's folded form: open it, ask the family and three days from the date, search.
    await page.getByTestId('search-summary').click();
    const form = page.getByRole('form', { name: '搜索地陪' });
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const when = form.getByRole('group', { name: '日期' });
    await when.locator('select[data-part="year"]').selectOption(String(y));
    await when.locator('select[data-part="month"]').selectOption(String(m));
    await when.locator('select[data-part="day"]').selectOption(String(d));
    await form.getByLabel('时长').selectOption('d3');
    await form.getByLabel('人数').selectOption('4');
    await form.getByLabel('其中儿童（3–11 岁）').selectOption('1');
    await form.getByLabel('其中婴儿（3 岁以下）').selectOption('1');
    await form.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/travelers=4&children=1&infants=1&days=3/);

    const article = page.getByRole('article', { name: card.user.fullName, exact: true });
    await expect(article.getByTestId('group-total')).toContainText('4 人 · 3 天，每天');
    await expect(article.getByTestId('trip-day')).toHaveText(`每天 ${expected.day}`);
    await expect(article.getByTestId('trip-total')).toHaveText(`共 ${expected.trip}`);
    await article.getByRole('link', { name: '查看资料' }).click();
    await expect(page).toHaveURL(/adults=2&children=1&infants=1&days=3/);

    // The profile's bar reads the searched trip's price before a time is chosen.
    await expect(page.getByTestId('bar-total')).toHaveText(expected.trip);
    await page.getByRole('button', { name: '查看时间' }).click();
    const box = page.getByRole('dialog', { name: '预订这位地陪' });
    await expect(box.getByRole('status', { name: '成人' })).toHaveText('2');
    await expect(box.getByRole('status', { name: '儿童' })).toHaveText('1');
    await expect(box.getByRole('status', { name: '婴儿' })).toHaveText('1');
    await expect(box.getByLabel('天数')).toHaveValue('3');
    await expect(box.getByLabel('每天时长')).toHaveValue(String(card.groupQuote.dayHours));
    await expect(box.getByTestId('box-total')).toHaveText(expected.trip);
    await expect(box.getByTestId('box-day')).toHaveText(`每天 ${expected.day}`);
    await box.getByRole('group', { name: '开始时间（日本时间）' }).getByText(startTime, { exact: true }).click();
    await box.getByRole('button', { name: '预订', exact: true }).click();

    await expect(page).toHaveURL(/\/checkout\/\d+\?.*adults=2&children=1&infants=1.*days=3/);
    await expect(page.getByRole('definition').filter({ hasText: expected.trip }).first()).toBeVisible();
    const quote = await (
      await request.get(`/api/v2/guides/${card.id}/quote`, { params: { days: 3, dayHours: card.groupQuote.dayHours, ...family, chargeCurrency: 'CNY' } })
    ).json();
    expect([quote.chargeTotal, quote.guideTotal]).toEqual([card.groupQuote.chargeTotal, card.groupQuote.totalCents]);
    await fillCard(page, true, '4242424242424242');
    await fillMeetingPoint(page, true);
    await page.getByRole('button', { name: /^支付 [\d,.]+ 元$/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?booking=\d+$/);

    // The booking is the family's three days at the card's price, its deposit charged as quoted.
    const bookingId = Number(new URL(page.url()).searchParams.get('booking'));
    const booking = await (await request.get(`/api/v2/bookings/${bookingId}`, { headers: { authorization: `Bearer ${me.token}` } })).json();
    expect(booking).toMatchObject({ days: 3, date, ...family, totalPriceCents: card.groupQuote.totalCents, chargeCurrency: 'CNY' });
    expect(booking.chargeDepositCents ?? booking.depositCents).toBe(quote.chargeDeposit);
  } finally {
    await context.close();
  }
});
