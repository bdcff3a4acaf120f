import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { Currency } from '../../../../shared/currency';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { GroupTotal } from './group-total';

/** Today's rate as the page has read it (20 yen a yuan), so no test asks the server. */
function withRate() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['fx', 'rate'], { jpyPerCny: '20', asOf: '2026-11-27', source: 'admin' });
  return client;
}

const show = (quote: Parameters<typeof GroupTotal>[0]['quote'], currency: Currency = 'CNY') =>
  render(
    <QueryClientProvider client={withRate()}>
      <Suspense fallback="loading">
        <GroupTotal quote={quote} currency={currency} />
      </Suspense>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

/** The group's total on a search card, as the server priced it for the searched group (decision 151). */
describe('GroupTotal', () => {
  it("shows the server's total for the whole group, infants counted", async () => {
    show({ adults: 2, children: 1, infants: 1, hours: 2, totalCents: 192_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 people ≈ 1,920 RMB / 2 hours');
    cleanup();
    show({ adults: 1, children: 0, infants: 0, hours: 3, totalCents: 90_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('1 person ≈ 900 RMB / 3 hours');
  });

  it('reads in Chinese and Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show({ adults: 2, children: 1, infants: 1, hours: 2, totalCents: 192_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 人 · 约 1,920 元 / 2 小时');
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    // A Japanese reader sees yen (decision 168): about as much in yen, the guide's yuan beside.
    show({ adults: 4, children: 0, infants: 0, hours: 2, totalCents: 60_000 });
    expect((await screen.findByTestId('group-total')).textContent).toBe('4名で約 12,000円・600 元／2時間');
  });

  it('reads a guide in yen in yuan for a Chinese reader, the yen beside', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show({ adults: 4, children: 0, infants: 0, hours: 2, totalCents: 24_000 }, 'JPY');
    expect((await screen.findByTestId('group-total')).textContent).toBe('4 人 · 约 1,200 元 · 24000 日元 / 2 小时');
  });

  it('reads a guide in yen in yen for a Japanese reader, about as much as its yuan twin', async () => {
    await act(() => i18next.changeLanguage('ja'));
    show({ adults: 4, children: 0, infants: 0, hours: 2, totalCents: 24_000 }, 'JPY');
    expect((await screen.findByTestId('group-total')).textContent).toBe('4名で約 24,000円／2時間');
  });

  it('says nothing when the search named no group', async () => {
    const { container } = show(undefined);
    await act(() => i18next.loadNamespaces('guides'));
    expect(container.textContent).toBe('');
  });
});
