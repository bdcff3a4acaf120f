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
import { RatesEditor, rmbToFen } from './components/rates-editor';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    expect(await screen.findByText(/Asia\/Tokyo/)).toBeTruthy();
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
  it('turns RMB into fen', () => {
    expect(rmbToFen('299.5')).toBe(29_950);
    expect(rmbToFen('300')).toBe(30_000);
    expect(rmbToFen('-1')).toBeNull();
    expect(rmbToFen('abc')).toBeNull();
  });

  it('refuses a smallest group above the largest before calling the server, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url.includes('service-categories') ? json({ data: [] }) : json(rates)));
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<RatesEditor />));
    const min = await screen.findByLabelText('最少人数');
    fireEvent.change(min, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: '保存价格' }));
    expect((await screen.findByRole('alert')).textContent).toContain('最小值不能大于最大值');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });
});

describe('rates editor: the floor', () => {
  it.each([
    ['en', 'Hourly rate (RMB)', 'Save rates', 'The lowest hourly price is 50 RMB.'],
    ['zh-CN', '每小时价格（元）', '保存价格', '每小时价格最低为 50 元。'],
  ])('refuses a price of 0 before calling the server (%s)', async (lang, label, save, message) => {
    await act(() => i18next.changeLanguage(lang));
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (url.includes('service-categories') ? json({ data: [] }) : json(rates)));
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
      json({ url: `https://tabi.example/api/ical/${init?.method === 'POST' ? 'new' : 'old'}${++n}.ics`, createdAt: '2026-11-22T00:00:00Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(wrap(<CalendarLink />));
    const input = (await screen.findByLabelText('Private calendar link')) as HTMLInputElement;
    expect(input.value).toMatch(/\/api\/ical\/old1\.ics$/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('stop updating');
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset link' }).at(-1)!);
    await waitFor(() => expect((screen.getByLabelText('Private calendar link') as HTMLInputElement).value).toMatch(/new2\.ics$/));
  });
});
