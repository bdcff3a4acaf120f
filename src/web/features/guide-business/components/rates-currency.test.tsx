import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { RatesEditor } from './rates-editor';

/** The rates form in the guide's currency (decision 164): labels, parsing, the floor and a change of currency. */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const yuanGuide: RatesReply = {
  guideId: 3,
  currency: 'CNY',
  basicPricePerHourCents: 30_000,
  additionalPricePerPersonCents: 3_000,
  minPeople: 1,
  maxPeople: 6,
  minDurationHours: 2,
  maxDurationHours: 8,
  includedPeople: 1,
  childPriceRate: 1,
  infantsFree: true,
  dayRateCents: null,
  dayHours: 8,
  extras: [],
  instantBook: false,
  minNoticeHours: 24,
  bufferMinutes: 30,
  instantBookPausedUntil: null,
  services: [],
};
const yenGuide: RatesReply = {
  ...yuanGuide,
  currency: 'JPY',
  basicPricePerHourCents: 4_000,
  additionalPricePerPersonCents: 1_000,
};

function serve(reply: RatesReply) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.includes('service-categories') ? json({ data: [] }) : json(reply),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const putBodies = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('rates editor: a guide who prices in yen', () => {
  it('shows her yen as typed, labelled in yen, and sends whole yen with the currency', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = serve(yenGuide);
    render(wrap(<RatesEditor />));
    const basic = (await screen.findByLabelText('旅行者1名の1時間あたりの料金（円）')) as HTMLInputElement;
    expect(basic.value).toBe('4000');
    expect((screen.getByLabelText('2人目から1名ごとの1時間あたりの追加料金（円）') as HTMLInputElement).value).toBe(
      '1000',
    );
    expect((screen.getByRole('radio', { name: '日本円' }) as HTMLInputElement).checked).toBe(true);
    expect(document.body.textContent).not.toContain('人民元での料金');
    expect(document.body.textContent).not.toMatch(/（元）|・元）/);
    fireEvent.change(basic, { target: { value: '４５００' } });
    fireEvent.change(screen.getByLabelText('旅行者1名の1日ガイド料金（8時間・円、任意）'), {
      target: { value: '30,000' },
    });
    fireEvent.click(screen.getByRole('button', { name: '料金を保存' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_500,
      additionalPricePerPersonCents: 1_000,
      dayRateCents: 30_000,
    });
  });

  it('refuses yen with decimals, and a price under ¥1,000 an hour, before calling the server', async () => {
    const fetchMock = serve(yenGuide);
    render(wrap(<RatesEditor />));
    const basic = await screen.findByLabelText('Price of an hour for one traveler (yen)');
    fireEvent.change(basic, { target: { value: '4000.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter prices in whole yen, for example 4000.');
    fireEvent.change(basic, { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The lowest hourly price is ¥1,000 (JPY). Please check: Price of an hour for one traveler (yen).',
      ),
    );
    expect(basic.getAttribute('aria-invalid')).toBe('true');
    expect(putBodies(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['ja', '1時間あたりの料金は1,000円以上にしてください。確認が必要な料金：旅行者1名の1時間あたりの料金（円）。'],
    ['zh-CN', '每小时价格最低为 1,000 日元。请检查：一位旅行者每小时价格（日元）。'],
  ])('states the yen floor in %s', async (lang, message) => {
    await act(() => i18next.changeLanguage(lang));
    serve(yenGuide);
    render(wrap(<RatesEditor />));
    fireEvent.change(
      await screen.findByLabelText(
        lang === 'ja' ? '旅行者1名の1時間あたりの料金（円）' : '一位旅行者每小时价格（日元）',
      ),
      { target: { value: '500' } },
    );
    fireEvent.click(screen.getByRole('button', { name: lang === 'ja' ? '料金を保存' : '保存价格' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('rates editor: changing the currency', () => {
  it('converts nothing, says the prices are now in yen, and reads each number as yen', async () => {
    const fetchMock = serve(yuanGuide);
    render(wrap(<RatesEditor />));
    expect(((await screen.findByLabelText('Price of an hour for one traveler (RMB)')) as HTMLInputElement).value).toBe(
      '300',
    );
    expect(screen.queryByText(/not converted/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Japanese yen (JPY)' }));
    expect(screen.getByText(/not converted/).textContent).toBe(
      'Your prices are now in Japanese yen (JPY). The numbers below are not converted: check each one before you save.',
    );
    expect(screen.getByText(/not converted/).getAttribute('role')).toBe('status');
    // The typed 300 stays 300, now read as yen: under the yen floor, so nothing is sent.
    const basic = screen.getByLabelText('Price of an hour for one traveler (yen)') as HTMLInputElement;
    expect(basic.value).toBe('300');
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The lowest hourly price is ¥1,000 (JPY). Please check: Price of an hour for one traveler (yen).',
    );
    expect(putBodies(fetchMock)).toHaveLength(0);
    fireEvent.change(basic, { target: { value: '6000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 6_000,
      additionalPricePerPersonCents: 30,
    });
  });

  it('names and marks each service price that is now under the yen floor', async () => {
    const withServices: RatesReply = {
      ...yuanGuide,
      services: [
        {
          subcategoryId: 11,
          categoryId: 1,
          nameEn: 'Temple tour',
          nameCn: '寺庙游',
          nameJa: '寺社めぐり',
          priceCents: 27_000,
        },
        {
          subcategoryId: 12,
          categoryId: 1,
          nameEn: 'City walk',
          nameCn: '城市漫步',
          nameJa: '街歩き',
          priceCents: null,
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
          subcategories: [
            { id: 11, nameEn: 'Temple tour', nameCn: '寺庙游', nameJa: '寺社めぐり' },
            { id: 12, nameEn: 'City walk', nameCn: '城市漫步', nameJa: '街歩き' },
          ],
        },
      ],
    };
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('service-categories') ? json(categories) : json(withServices),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    fireEvent.click(await screen.findByRole('radio', { name: '日本円' }));
    fireEvent.change(screen.getByLabelText('旅行者1名の1時間あたりの料金（円）'), { target: { value: '4000' } });
    const temple = await screen.findByLabelText('寺社めぐりの1時間あたりの料金（旅行者1名・円）');
    expect((temple as HTMLInputElement).value).toBe('270');
    fireEvent.click(screen.getByRole('button', { name: '料金を保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '1時間あたりの料金は1,000円以上にしてください。確認が必要な料金：寺社めぐり。',
    );
    expect(temple.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('街歩きの1時間あたりの料金（旅行者1名・円）').getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(temple, { target: { value: '' } });
    expect(temple.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '料金を保存' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      currency: 'JPY',
      basicPricePerHourCents: 4_000,
      services: [
        { subcategoryId: 11, priceCents: null },
        { subcategoryId: 12, priceCents: null },
      ],
    });
  });

  it('takes yuan with fen for a guide who chooses yuan, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = serve(yenGuide);
    render(wrap(<RatesEditor />));
    fireEvent.click(await screen.findByRole('radio', { name: '人民币' }));
    expect(screen.getByText(/您的价格现以人民币计/).textContent).toBe(
      '您的价格现以人民币计。下面的数字不会自动换算，保存前请逐一确认。',
    );
    fireEvent.change(screen.getByLabelText('一位旅行者每小时价格（元）'), { target: { value: '299.5' } });
    fireEvent.change(screen.getByLabelText('第二位起每人每小时加价（元）'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '保存价格' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      currency: 'CNY',
      basicPricePerHourCents: 29_950,
      additionalPricePerPersonCents: 5_000,
    });
  });
});
