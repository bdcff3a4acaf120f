import { durationText } from '../src/shared/booking/duration';
import { convertMinor } from '../src/shared/currency';
import { formatBeside } from '../src/shared/money-format';
import { expect, signIn, test } from './fixtures';

/**
 * Group pricing (decision 151) at 375 px: the demo guide, who prices in yen, prices a private group,
 * children at half and overtime per hour on the rates form; the public profile lists what the tour
 * includes, a visitor's card shows a group's total in yuan with her yen beside it (decision 168), and
 * the quote prices a family of two adults, a child and an infant. The guide's rates are put back.
 */
const TEXT = {
  en: {
    covers: 'Hourly price covers up to (people)',
    child: 'A child’s price (% of a further traveler’s hourly price)',
    overtime: 'Overtime',
    meals: 'Meals',
    price: 'An hour of overtime, for the whole group (yen)',
    save: 'Save rates',
    saved: 'Rates saved',
    included: 'Meals: included',
    heading: 'Price and what it includes',
  },
  'zh-CN': {
    covers: '每小时价格包含人数',
    child: '每位儿童的价格（占每人每小时加价的百分比）',
    overtime: '加时',
    meals: '餐费',
    price: '加时每小时价格（整个团体，日元）',
    save: '保存价格',
    saved: '价格已保存',
    included: '餐费：已包含',
    heading: '价格与包含内容',
  },
} as const;

for (const locale of ['en', 'zh-CN'] as const) {
  test(`a guide prices a private group and the profile and the quote show it (${locale})`, async ({
    page,
    browser,
  }) => {
    const s = TEXT[locale];
    const login = await signIn(page, 'guide', undefined, locale);
    const headers = { authorization: `Bearer ${login.token}` };
    const before = await (await page.request.get('/api/v2/guides/me/rates', { headers })).json();
    const included = Math.min(2, before.maxPeople);
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/guide-dashboard#rates');
      const panel = page.locator('#rates');
      await panel.getByLabel(s.covers).fill(String(included));
      await panel.getByLabel(s.child).fill('50');
      await panel.getByLabel(s.overtime, { exact: true }).selectOption('excluded');
      await panel.getByLabel(s.price).fill('5000');
      await panel.getByLabel(s.meals, { exact: true }).selectOption('included');
      await panel.getByRole('button', { name: s.save }).click();
      await expect(page.getByText(s.saved)).toBeVisible();

      const saved = await (await page.request.get('/api/v2/guides/me/rates', { headers })).json();
      expect(saved).toMatchObject({
        includedPeople: included,
        childPriceRate: 0.5,
        extras: [
          { kind: 'overtime_hour', included: false, priceCents: 5_000 },
          { kind: 'meals', included: true },
        ],
      });
      expect(saved.currency).toBe('JPY');

      await page.goto(`/guides/${before.guideId}`);
      const section = page.locator('#pricing').locator('..');
      await expect(page.getByRole('heading', { name: s.heading })).toBeVisible();
      await expect(section.getByText(s.included)).toBeVisible();

      // A visitor searches for a group of three (a guide never sees their own card): the guide's card
      // shows the group's total for the shortest tour, about as much in yuan at today's rate, her yen beside.
      const detail = await (await page.request.get(`/api/v2/guides/${before.guideId}`)).json();
      const { jpyPerCny } = await (await page.request.get('/api/v2/fx/rate')).json();
      const yen =
        (before.basicPricePerHourCents + before.additionalPricePerPersonCents * (3 - included)) *
        before.minDurationHours;
      const total = formatBeside(
        { minor: convertMinor(yen, 'JPY', 'CNY', jpyPerCny), currency: 'CNY' },
        { minor: yen, currency: 'JPY' },
        locale,
      );
      const duration = durationText(before.minDurationHours, locale);
      const visitor = await browser.newContext({
        viewport: { width: 375, height: 800 },
        locale: locale === 'en' ? 'en-US' : 'zh-CN',
      });
      try {
        const search = await visitor.newPage();
        await search.goto(`${new URL(page.url()).origin}/search?city=${detail.serviceCity}&travelers=3`);
        const card = search.getByRole('article', { name: detail.user.fullName, exact: true });
        // The group and the tour on one line, the price on the next (decision 176).
        await expect(card.getByTestId('group-total')).toContainText(
          locale === 'en' ? `3 people · ${duration}` : `3 人 · ${duration}`,
        );
        await expect(card.getByTestId('trip-total')).toHaveText(locale === 'en' ? `${total} in all` : `共 ${total}`);
      } finally {
        await visitor.close();
      }

      const hours = Math.max(2, before.minDurationHours);
      const quote = await page.request.get(
        `/api/v2/guides/${before.guideId}/quote?durationHours=${hours}&adults=2&children=1&infants=1&lang=${locale}`,
      );
      expect(quote.status(), await quote.text()).toBe(200);
      const q = await quote.json();
      // Two adults fill the included places (or one, and one more adult pays); the child pays half; the infant is free.
      const extraAdults = 2 - Math.min(2, included);
      const childPays = included > 2 ? 0 : 0.5;
      // In her yen, and in the yuan the reader sees (the quote's default), converted once at the quote's rate
      // (decision 164).
      expect(q).toMatchObject({ guideCurrency: 'JPY', chargeCurrency: 'CNY', currency: 'CNY' });
      expect(q.guideTotal).toBe(
        Math.round(
          (before.basicPricePerHourCents + before.additionalPricePerPersonCents * (extraAdults + childPays)) * hours,
        ),
      );
      expect(q.guideDeposit + q.guideInPerson).toBe(q.guideTotal);
      expect(q.lines.reduce((sum: number, l: { guideAmount: number }) => sum + l.guideAmount, 0)).toBe(q.guideTotal);
      expect(q.totalCents).toBe(convertMinor(q.guideTotal, 'JPY', 'CNY', q.rate.jpyPerCny));
      expect(q.depositCents + q.inPersonCents).toBe(q.totalCents);
      expect(q.lines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).toBe(q.totalCents);
    } finally {
      // The pause is the server's to set (decision 153): it is read, never written back.
      const { guideId: _g, currency: _c, instantBookPausedUntil: _p, services, ...rest } = before;
      const restore = await page.request.put('/api/v2/guides/me/rates', {
        headers,
        data: {
          ...rest,
          services: services.map((x: { subcategoryId: number; priceCents: number | null }) => ({
            subcategoryId: x.subcategoryId,
            priceCents: x.priceCents,
          })),
        },
      });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
}
