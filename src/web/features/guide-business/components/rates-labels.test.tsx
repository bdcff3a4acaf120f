import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupPrice, type GroupRates } from '../../../../shared/booking/money-rules';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { RatesEditor } from './rates-editor';

/**
 * Every price on the rates form says what it buys (decision 180), as `groupPrice` charges it: the
 * hour for one traveler or for the group the hourly price covers, each traveler beyond, a child's
 * share, a day of the chosen hours, an hour of overtime, a service's hour.
 */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const guide: RatesReply = {
  guideId: 3,
  currency: 'CNY',
  basicPricePerHourCents: 40_000,
  additionalPricePerPersonCents: 5_000,
  minPeople: 1,
  maxPeople: 8,
  minDurationHours: 2,
  maxDurationHours: 8,
  includedPeople: 1,
  childPriceRate: 0.5,
  infantsFree: true,
  dayRateCents: 250_000,
  dayHours: 8,
  extras: [{ kind: 'overtime_hour', included: false, priceCents: 40_000 }],
  instantBook: false,
  minNoticeHours: 24,
  bufferMinutes: 30,
  sellsThroughResellers: false,
  instantBookPausedUntil: null,
  services: [
    {
      subcategoryId: 11,
      categoryId: 1,
      nameEn: 'Temple tour',
      nameCn: '寺庙游',
      nameJa: '寺社めぐり',
      priceCents: 45_000,
    },
  ],
};
const categories = {
  data: [
    {
      id: 1,
      nameEn: 'Tours',
      nameCn: '游览',
      nameJa: 'ツアー',
      subcategories: [{ id: 11, nameEn: 'Temple tour', nameCn: '寺庙游', nameJa: '寺社めぐり' }],
    },
  ],
};

function serve(reply: RatesReply) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.includes('service-categories') ? json(categories) : json(reply))),
  );
}
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('rates editor: what each price is for', () => {
  it('names the hour for one traveler, each further traveler, a child’s share, a day of its hours, overtime and a service’s hour', async () => {
    serve(guide);
    render(wrap(<RatesEditor />));
    expect(((await screen.findByLabelText('Price of an hour for one traveler (RMB)')) as HTMLInputElement).value).toBe(
      '400',
    );
    expect(
      screen.getByText('What one traveler pays for each hour of the tour; each further traveler adds the price below.'),
    ).toBeTruthy();
    expect(value('Each further traveler, per hour (RMB)')).toBe('50');
    expect(value('A child’s price (% of a further traveler’s hourly price)')).toBe('50');
    expect(
      screen.getByText(
        'For each child aged 3–11 after the first traveler. 100 means a child pays as an adult, 0 that children go free.',
      ),
    ).toBeTruthy();
    expect(value('Price of a day of 8 hours for one traveler (RMB, optional)')).toBe('2500');
    expect(value('An hour of overtime, for the whole group (RMB)')).toBe('400');
    expect(
      (await screen.findByLabelText('Temple tour, per hour for one traveler (RMB)')) as HTMLInputElement,
    ).toHaveProperty('value', '450');
    // No label calls a price "per person" when the hour is one traveler's and the others pay the further price.
    expect(screen.queryByLabelText(/per person/i)).toBeNull();
  });

  it('names the whole group once the hourly price covers several, and the day’s hours as chosen', async () => {
    serve(guide);
    render(wrap(<RatesEditor />));
    fireEvent.change(await screen.findByLabelText('Hourly price covers up to (people)'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('A full day is'), { target: { value: '10' } });
    expect(value('Price of an hour for a group of up to 4 (RMB)')).toBe('400');
    expect(
      screen.getByText(
        'What a group of up to 4 pays together for each hour of the tour; each traveler beyond them adds the price below.',
      ),
    ).toBeTruthy();
    expect(value('Each traveler beyond 4, per hour (RMB)')).toBe('50');
    expect(
      screen.getByText(
        'Children aged 3–11 count among the 4 your hourly price covers; each child beyond them pays this share. 100 means as an adult, 0 free.',
      ),
    ).toBeTruthy();
    expect(value('Price of a day of 10 hours for a group of up to 4 (RMB, optional)')).toBe('2500');
    expect(value('Temple tour, per hour for up to 4 (RMB)')).toBe('450');
    // A number being typed names one traveler until it is one the form takes.
    fireEvent.change(screen.getByLabelText('Hourly price covers up to (people)'), { target: { value: '' } });
    expect(value('Price of an hour for one traveler (RMB)')).toBe('400');
  });

  it('says the same in Chinese and Japanese for a group of four priced in yen', async () => {
    const yen: RatesReply = {
      ...guide,
      currency: 'JPY',
      basicPricePerHourCents: 8_000,
      additionalPricePerPersonCents: 1_000,
      includedPeople: 4,
      dayRateCents: 50_000,
      extras: [{ kind: 'overtime_hour', included: false, priceCents: 8_000 }],
      services: [],
    };
    await act(() => i18next.changeLanguage('zh-CN'));
    serve(yen);
    render(wrap(<RatesEditor />));
    expect(((await screen.findByLabelText('4 人以内团体每小时价格（日元）')) as HTMLInputElement).value).toBe('8000');
    expect(value('超出 4 人后每人每小时加价（日元）')).toBe('1000');
    expect(value('每位儿童的价格（占每人每小时加价的百分比）')).toBe('50');
    expect(value('4 人以内团体的一日地陪价格，一天 8 小时（日元，可不填）')).toBe('50000');
    expect(value('加时每小时价格（整个团体，日元）')).toBe('8000');
    expect(screen.queryByLabelText(/每人每小时价格/)).toBeNull();
    cleanup();

    await act(() => i18next.changeLanguage('ja'));
    serve(yen);
    render(wrap(<RatesEditor />));
    expect(
      ((await screen.findByLabelText('4名までのグループの1時間あたりの料金（円）')) as HTMLInputElement).value,
    ).toBe('8000');
    expect(value('4名を超える1名ごとの1時間あたりの追加料金（円）')).toBe('1000');
    expect(value('4名までのグループの1日ガイド料金（8時間・円、任意）')).toBe('50000');
    expect(value('延長1時間あたりの料金（グループ全体・円）')).toBe('8000');
  });

  it('the labels’ claims are how the price is charged (groupPrice)', () => {
    const rates: GroupRates = {
      basicPerHourCents: 40_000,
      additionalPerPersonCents: 5_000,
      includedPeople: 4,
      childPriceRate: 0.5,
      dayRateCents: 250_000,
      dayHours: 10,
    };
    // "Price of an hour for a group of up to 4": up to four pay it together, whatever their number.
    expect(groupPrice(rates, { adults: 1 }, { hours: 1 }).totalCents).toBe(40_000);
    expect(groupPrice(rates, { adults: 4 }, { hours: 1 }).totalCents).toBe(40_000);
    // "Each traveler beyond 4, per hour", and a child beyond them at its share; children fill the four first.
    expect(groupPrice(rates, { adults: 5 }, { hours: 2 }).totalCents).toBe(2 * (40_000 + 5_000));
    expect(groupPrice(rates, { adults: 4, children: 1 }, { hours: 2 }).totalCents).toBe(2 * (40_000 + 2_500));
    expect(groupPrice(rates, { adults: 2, children: 2 }, { hours: 2 }).totalCents).toBe(2 * 40_000);
    // "Price of a day of 10 hours for a group of up to 4": one day is the day's price; a fifth adds the further price
    // for each of its hours.
    expect(groupPrice(rates, { adults: 4 }, { days: 1 }).totalCents).toBe(250_000);
    expect(groupPrice(rates, { adults: 5 }, { days: 1 }).totalCents).toBe(250_000 + 10 * 5_000);
    // One traveler: the hour is theirs, each further traveler adds the further price.
    expect(groupPrice({ ...rates, includedPeople: 1 }, { adults: 2 }, { hours: 1 }).totalCents).toBe(40_000 + 5_000);
  });
});
