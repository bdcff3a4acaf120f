import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { i18next, i18nReady } from '../../../lib/i18n';
import { GroupTotal } from './group-total';

type Quote = NonNullable<GuideSummary['groupQuote']>;
/** A family of four for three days of eight hours with a guide in yuan, priced by the server in yuan. */
const threeDays: Quote = {
  adults: 2,
  children: 1,
  infants: 1,
  hours: 24,
  totalCents: 810_000,
  days: 3,
  dayHours: 8,
  dayTotalCents: 270_000,
  chargeCurrency: 'CNY',
  chargeTotal: 810_000,
  chargeDayTotal: 270_000,
};
const guide = { currency: 'CNY' as const, instantBook: false, minDuration: 2, maxDuration: 6 };
const show = (over: Partial<Parameters<typeof GroupTotal>[0]['guide']>) =>
  render(<GroupTotal guide={{ ...guide, ...over }} />);
const text = async () => (await screen.findByTestId('group-total')).textContent;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('guides');
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

/** The searched trip's price on a search card, as the server priced it (decisions 151, 176). */
describe('GroupTotal', () => {
  it('says the group, the days, a day’s price and the trip’s, and whether the guide confirms at once', async () => {
    show({ groupQuote: threeDays });
    expect(await text()).toBe(
      '4 people · 3 days, 8 hours a day2,700 RMB a day8,100 RMB in allThe guide confirms after you pay the deposit',
    );
    cleanup();
    show({
      groupQuote: {
        ...threeDays,
        days: 1,
        dayHours: 3,
        hours: 3,
        totalCents: 90_000,
        dayTotalCents: 90_000,
        chargeTotal: 90_000,
        chargeDayTotal: 90_000,
        adults: 1,
        children: 0,
        infants: 0,
      },
      instantBook: true,
    });
    // One tour: no price a day, the tour's alone.
    expect(await text()).toBe('1 person · 3 hours900 RMB in allConfirmed as soon as you pay the deposit');
  });

  it('reads in Chinese and Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show({ groupQuote: threeDays, instantBook: true });
    expect(await text()).toBe('4 人 · 3 天，每天 8 小时每天 2,700 元共 8,100 元支付定金后立即确认');
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    show({ groupQuote: { ...threeDays, chargeCurrency: 'JPY', chargeTotal: 162_000, chargeDayTotal: 54_000 } });
    // A Japanese reader sees yen, the guide's yuan beside.
    expect(await text()).toBe(
      '4名・3日間・1日8時間1日あたり 約 54,000円・2,700 元合計 約 162,000円・8,100 元予約金のお支払い後、ガイドが確定します',
    );
  });

  it('reads a guide in yen in yuan for a Chinese reader, the yen beside', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show({
      currency: 'JPY',
      groupQuote: {
        ...threeDays,
        days: 1,
        dayHours: 2,
        hours: 2,
        totalCents: 24_000,
        dayTotalCents: 24_000,
        chargeTotal: 120_000,
        chargeDayTotal: 120_000,
      },
    });
    expect(await screen.findByTestId('trip-total')).toHaveProperty('textContent', '共 约 1,200 元 · 24,000 日元');
  });

  it('names the lengths the guide sells when it does not sell the one searched', async () => {
    show({ groupQuoteRefusal: 'duration_out_of_range' });
    expect(await text()).toBe('This guide offers tours of 2–6 hours, not the length you searched for.');
  });

  it('says nothing when the search named no group', async () => {
    const { container } = show({});
    expect(container.textContent).toBe('');
  });
});
