import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AvailabilityReply, RatesReply } from '../../../shared/schemas/guide-business';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { AvailabilityEditor } from './components/availability-editor';
import { CalendarLink } from './components/calendar-link';
import { RatesEditor } from './components/rates-editor';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const availability: AvailabilityReply = {
  guideId: 3,
  timeZone: 'Asia/Tokyo',
  weekly: [{ weekday: 1, startMinute: 540, endMinute: 1020 }],
  exceptions: [],
};
const rates: RatesReply = {
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
  sellsThroughResellers: false,
  instantBookPausedUntil: null,
  services: [],
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('availability editor', () => {
  it.each([
    ['ja', 'ご自身のタイムゾーン：日本時間'],
    ['zh-CN', '日本时间'],
  ])('names the zone in the reader’s words, not Asia/Tokyo (%s)', async (lang, words) => {
    await act(() => i18next.changeLanguage(lang));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(availability)),
    );
    render(wrap(<AvailabilityEditor />));
    expect(await screen.findByText(new RegExp(words))).toBeTruthy();
    expect(document.body.textContent).not.toContain('Asia/Tokyo');
  });

  it('adds Tuesday hours and sends the whole week', async () => {
    const bodies: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return json(availability);
      }
      return json(availability);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<AvailabilityEditor />));
    expect(await screen.findByText(/in your time zone \(Japan time\)/)).toBeTruthy();
    expect(screen.queryByText(/Asia\/Tokyo/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tuesday: until' }), { target: { value: '720' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      weekly: [
        { weekday: 1, startMinute: 540, endMinute: 1020 },
        { weekday: 2, startMinute: 540, endMinute: 720 },
      ],
      exceptions: [],
    });
  });
});

describe('rates editor', () => {
  it('refuses a smallest group above the largest before calling the server, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('service-categories') ? json({ data: [] }) : json(rates),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    const min = await screen.findByLabelText('最少人数');
    fireEvent.change(min, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: '保存价格' }));
    expect((await screen.findByRole('alert')).textContent).toContain('最小值不能大于最大值');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });
});

describe('rates editor: groups, children, days and extras (decision 151)', () => {
  const putBodies = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

  it('sends a private-group price, a child rate, paying infants, a day rate and the extras', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('service-categories') ? json({ data: [] }) : json(rates),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    fireEvent.change(await screen.findByLabelText('Hourly price covers up to (people)'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('A child’s price (% of a further traveler’s hourly price)'), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByLabelText(/Infants under 3 go free/));
    fireEvent.change(screen.getByLabelText('Price of a day of 8 hours for a group of up to 4 (RMB, optional)'), {
      target: { value: '1500' },
    });
    fireEvent.change(screen.getByLabelText('A full day is'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Overtime'), { target: { value: 'excluded' } });
    fireEvent.change(screen.getByLabelText('An hour of overtime, for the whole group (RMB)'), {
      target: { value: '200' },
    });
    fireEvent.change(screen.getByLabelText('Entrance tickets'), { target: { value: 'excluded' } });
    fireEvent.change(screen.getByLabelText('Note on Entrance tickets (optional)'), {
      target: { value: 'About 500 yen each' },
    });
    fireEvent.change(screen.getByLabelText('Public transport'), { target: { value: 'included' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect(putBodies(fetchMock)[0]).toMatchObject({
      includedPeople: 4,
      childPriceRate: 0.5,
      infantsFree: false,
      dayRateCents: 150_000,
      dayHours: 9,
      extras: [
        { kind: 'overtime_hour', included: false, priceCents: 20_000 },
        { kind: 'entrance_tickets', included: false, note: 'About 500 yen each' },
        { kind: 'public_transport', included: true },
      ],
    });
  });

  it('refuses overtime without its price before calling the server, in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('service-categories') ? json({ data: [] }) : json(rates),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    fireEvent.change(await screen.findByLabelText('延長'), { target: { value: 'excluded' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('延長料金を1時間あたりの元で入力してください');
    expect(putBodies(fetchMock)).toHaveLength(0);
  });

  it('shows the stored group fields in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const stored = {
      ...rates,
      includedPeople: 4,
      childPriceRate: 0.5,
      dayRateCents: 150_000,
      extras: [{ kind: 'meals' as const, included: true }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('service-categories') ? json({ data: [] }) : json(stored))),
    );
    render(wrap(<RatesEditor />));
    expect(((await screen.findByLabelText('每小时价格包含人数')) as HTMLInputElement).value).toBe('4');
    expect((screen.getByLabelText('每位儿童的价格（占每人每小时加价的百分比）') as HTMLInputElement).value).toBe('50');
    expect(
      (screen.getByLabelText('4 人以内团体的一日地陪价格，一天 8 小时（元，可不填）') as HTMLInputElement).value,
    ).toBe('1500');
    expect((screen.getByLabelText('餐费') as HTMLSelectElement).value).toBe('included');
  });
});

describe('rates editor: the floor', () => {
  it.each([
    ['en', 'Price of an hour for one traveler (RMB)', 'Save rates', 'The lowest hourly price is 50 RMB.'],
    ['zh-CN', '一位旅行者每小时价格（元）', '保存价格', '每小时价格最低为 50 元。'],
  ])('refuses a price of 0 before calling the server (%s)', async (lang, label, save, message) => {
    await act(() => i18next.changeLanguage(lang));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('service-categories') ? json({ data: [] }) : json(rates),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    fireEvent.change(await screen.findByLabelText(label), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });
});

describe('calendar link', () => {
  it('shows the link and resets it after a confirmation', async () => {
    let n = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      json({
        url: `https://tabi.example/api/ical/${init?.method === 'POST' ? 'new' : 'old'}${++n}.ics`,
        createdAt: '2026-11-22T00:00:00Z',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<CalendarLink />));
    const input = (await screen.findByLabelText('Private calendar link')) as HTMLInputElement;
    expect(input.value).toMatch(/\/api\/ical\/old1\.ics$/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('stop updating');
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset link' }).at(-1)!);
    await waitFor(() =>
      expect((screen.getByLabelText('Private calendar link') as HTMLInputElement).value).toMatch(/new2\.ics$/),
    );
  });
});
