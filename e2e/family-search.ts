import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatBeside, formatMoney } from '../src/shared/money-format';
import { fillCard, fillMeetingPoint } from './checkout';
import { expect, pickDate } from './fixtures';
import { freeSlot } from './slots';

/**
 * A family's search on a phone in Chinese (decision 176), the steps the journeys of a family's trip
 * share: two adults, a child and an infant search Kyoto for three days from a date, read the group's
 * price on a guide's card, open the profile and its booking box on that very question, and pay the
 * deposit at the checkout.
 */
export const FAMILY = { adults: 2, children: 1, infants: 1 } as const;

/** A search card as the API answers it for the family's three days. */
export interface FamilyCard {
  id: number;
  user: { fullName: string };
  currency: 'CNY' | 'JPY';
  instantBook: boolean;
  maxDuration: number;
  groupQuote: {
    dayHours: number;
    chargeTotal: number;
    totalCents: number;
    chargeDayTotal: number;
    dayTotalCents: number;
  };
}

/** The card's trip and day prices as it writes them: the yuan, the guide's own beside. */
export function familyCardTexts(c: FamilyCard) {
  const money = (yuan: number, own: number) =>
    formatBeside({ minor: yuan, currency: 'CNY' }, { minor: own, currency: c.currency }, 'zh-CN');
  return {
    trip: money(c.groupQuote.chargeTotal, c.groupQuote.totalCents),
    day: money(c.groupQuote.chargeDayTotal, c.groupQuote.dayTotalCents),
  };
}

/**
 * A Kyoto guide priced for the family's three days that `fits` (its card; asked in card order), free
 * on all three from some date `fromDay` days ahead or later, and on the search's first page for that date.
 */
export async function kyotoFamilyTrip(
  request: APIRequestContext,
  { fromDay, fits = async () => true }: { fromDay: number; fits?: (card: FamilyCard) => Promise<boolean> },
): Promise<{ card: FamilyCard; date: string; startTime: string }> {
  // The search the phone's form sends (the question, the reader's currency).
  const search = (extra: Record<string, string | number> = {}) =>
    request
      .get('/api/v2/guides', {
        params: { city: 'kyoto', travelers: 4, ...FAMILY, days: 3, currency: 'CNY', chargeCurrency: 'CNY', ...extra },
      })
      .then((r) => r.json());
  const all = ((await search({ limit: 50 })).data as (FamilyCard & { groupQuote?: FamilyCard['groupQuote'] })[]).filter(
    (c): c is FamilyCard => !!c.groupQuote,
  );
  for (const candidate of all) {
    if (!(await fits(candidate))) continue;
    const slot = await freeSlot(request, candidate.id, {
      hours: candidate.groupQuote.dayHours,
      days: 3,
      fromDay,
    }).catch(() => null);
    if (!slot) continue;
    const page = (await search({ date: slot.date, limit: 12 })).data as FamilyCard[];
    const card = page.find((c) => c.id === candidate.id);
    if (card) return { card, ...slot };
  }
  throw new Error('no seeded Kyoto guide of that kind free on three days for a family of four');
}

/** The phone's folded search form: the family, three days from `date`, searched. */
export async function searchKyotoAsFamily(page: Page, date: string) {
  await page.goto('/search?city=kyoto');
  await page.getByTestId('search-summary').click();
  const form = page.getByRole('form', { name: '搜索地陪' });
  await pickDate(form.getByRole('group', { name: '日期' }), date);
  await form.getByLabel('时长').selectOption('d3');
  await form.getByLabel('人数').selectOption('4');
  await form.getByLabel('其中儿童（3–11 岁）').selectOption('1');
  await form.getByLabel('其中婴儿（3 岁以下）').selectOption('1');
  await form.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/travelers=4&children=1&infants=1&days=3/);
}

/**
 * The guide's card prices the family's three days (a day's and the trip's price); its profile's bar and
 * its booking box open on the same question at the same price. Returns the open box.
 */
export async function openBoxFromCard(page: Page, card: FamilyCard): Promise<Locator> {
  const expected = familyCardTexts(card);
  const article = page.getByRole('article', { name: card.user.fullName, exact: true });
  await expect(article.getByTestId('group-total')).toContainText('4 人 · 3 天，每天');
  await expect(article.getByTestId('trip-day')).toHaveText(`每天 ${expected.day}`);
  await expect(article.getByTestId('trip-total')).toHaveText(`共 ${expected.trip}`);
  if (card.instantBook) await expect(article.getByTestId('instant-badge')).toHaveText('可即时确认');
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
  return box;
}

/** The start chosen in the box and Book pressed: the checkout opens on the family's three days at the card's price. */
export async function bookAt(page: Page, box: Locator, card: FamilyCard, startTime: string) {
  await box.getByRole('group', { name: '开始时间（日本时间）' }).getByText(startTime, { exact: true }).click();
  await box.getByRole('button', { name: '预订', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+\?.*adults=2&children=1&infants=1.*days=3/);
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: familyCardTexts(card).trip })
      .first(),
  ).toBeVisible();
}

/**
 * The deposit paid at the checkout by the simulated card (Pay names `depositYuan`, the deposit in yuan),
 * with the booking's meeting point; returns the booking's id from the success page.
 */
export async function payDepositByCard(page: Page, depositYuan: number): Promise<number> {
  await fillCard(page, true, '4242424242424242');
  await fillMeetingPoint(page, true);
  await page.getByRole('button', { name: `支付 ${formatMoney(depositYuan, 'CNY', 'zh-CN')}`, exact: true }).click();
  await expect(page).toHaveURL(/\/payment-success\?booking=\d+$/);
  return Number(new URL(page.url()).searchParams.get('booking'));
}
