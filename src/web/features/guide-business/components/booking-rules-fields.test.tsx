import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RatesReply } from '../../../../shared/schemas/guide-business';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { RatesEditor } from './rates-editor';

/** The rates form's booking rules: instant booking, notice, buffer, pause (decision 153), resellers (decision 201). */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
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
const serve = (reply: RatesReply) => {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.includes('service-categories') ? json({ data: [] }) : json(reply),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('rates editor: booking rules (decision 153)', () => {
  it('sends instant confirmation, the notice and the buffer with the rates', async () => {
    const fetchMock = serve(rates);
    render(wrap(<RatesEditor />));
    fireEvent.click(await screen.findByLabelText('Instant confirmation'));
    fireEvent.change(screen.getByLabelText('Minimum notice'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Break between tours'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ instantBook: true, minNoticeHours: 6, bufferMinutes: 45 });
  });

  it('sends the switch to sell through travel resellers, off until she turns it on (decision 201)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = serve(rates);
    render(wrap(<RatesEditor />));
    const box = (await screen.findByLabelText('通过旅游分销平台销售')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '保存价格' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ sellsThroughResellers: true });
  });

  it('says until when instant confirmation is paused, in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    serve({ ...rates, instantBook: true, instantBookPausedUntil: '2099-01-15T03:00:00.000Z' });
    render(wrap(<RatesEditor />));
    expect(((await screen.findByLabelText('即時確定')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/即時確定は.*まで停止されています/).textContent).toBe(
      '確定済みの予約をキャンセルしたため、即時確定は2099年1月15日まで停止されています。それまでの予約は、承諾をお待ちいただく形になります。',
    );
    expect((screen.getByLabelText('予約受付の締め切り') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      '開始24時間前まで',
    );
  });
});
