import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Statement } from '../../../shared/schemas/statements';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { MonthlyStatements } from './statements';

/** The guide's monthly statements in the wallet (decision 127). */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <Suspense fallback="loading">{children}</Suspense>
  </QueryClientProvider>
);

const october: Statement = {
  month: '2026-10',
  closed: true,
  currency: 'CNY',
  openingBalanceCents: 120_000,
  earningsCents: 35_000,
  inPersonCents: 0,
  earnedCents: 35_000,
  bookings: [],
  payoutsCents: 10_000,
  closingBalanceCents: 145_000,
  commission: { totalCents: 7_911, taxRatePercent: 10, taxCents: 719, bookings: 3 },
};
const november: Statement = {
  ...october,
  month: '2026-11',
  closed: false,
  openingBalanceCents: 145_000,
  earningsCents: 500,
  payoutsCents: 0,
  closingBalanceCents: 145_500,
  commission: { totalCents: 55, taxRatePercent: 10, taxCents: 5, bookings: 1 },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(reply: () => Response = () => json({ statements: [november, october] })) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/v2/wallet/statements')) return reply();
    if (url.includes('/pdf'))
      return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('monthly statements', () => {
  it('lists each month with its figures; a closed month has a PDF, the running one says it is in progress', async () => {
    const fetchMock = server();
    const created = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    render(wrap(<MonthlyStatements />));
    const oct = await screen.findByTestId('statement-2026-10');
    expect(within(oct).getByRole('heading').textContent).toBe('October 2026');
    expect(within(oct).getByTestId('closing-2026-10').textContent).toBe('1,450 RMB');
    expect(within(oct).getByTestId('tax-2026-10').textContent).toBe('7.19 RMB');
    expect(within(oct).getByText('of which tax (10%)')).toBeTruthy();
    const nov = screen.getByTestId('statement-2026-11');
    expect(within(nov).getByText('In progress')).toBeTruthy();
    expect(within(nov).queryByRole('button')).toBeNull();
    // Newest first.
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual([
      'statement-2026-11',
      'statement-2026-10',
    ]);

    fireEvent.click(
      within(oct).getByRole('button', { name: 'Download the statement and invoice for October 2026 (PDF)' }),
    );
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v2/wallet/statements/2026-10/pdf?lang=en');
  });

  it('reads in Chinese', async () => {
    server();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<MonthlyStatements />));
    const oct = await screen.findByTestId('statement-2026-10');
    expect(within(oct).getByRole('heading').textContent).toBe('2026年10月');
    expect(within(oct).getByTestId('closing-2026-10').textContent).toBe('1,450 元');
    expect(screen.getByText('月度对账单')).toBeTruthy();
    expect(within(screen.getByTestId('statement-2026-11')).getByText('进行中')).toBeTruthy();
  });

  it('says when there is nothing yet, and that statements are for guides', async () => {
    server(() => json({ statements: [] }));
    render(wrap(<MonthlyStatements />));
    expect(await screen.findByText('No statements yet: they appear once you earn or are paid out.')).toBeTruthy();
    cleanup();
    server(() => json({ code: 'forbidden', message: 'x' }, 403));
    render(wrap(<MonthlyStatements />));
    expect((await screen.findByRole('alert')).textContent).toContain('Monthly statements are for guides.');
  });
});

describe('monthly statements of a guide who prices in yen (decision 167)', () => {
  const yenSeptember: Statement = {
    ...october,
    month: '2026-09',
    currency: 'JPY',
    openingBalanceCents: 0,
    earningsCents: 35_000,
    payoutsCents: 12_000,
    closingBalanceCents: 23_000,
    commission: { totalCents: 7_911, taxRatePercent: 10, taxCents: 719, bookings: 3 },
  };
  const yenOctober: Statement = {
    ...yenSeptember,
    month: '2026-10',
    openingBalanceCents: 23_000,
    earningsCents: 3_000,
    payoutsCents: 0,
    closingBalanceCents: 26_000,
    commission: { totalCents: 300, taxRatePercent: 10, taxCents: 27, bookings: 1 },
  };
  const yuanOctober: Statement = {
    ...october,
    openingBalanceCents: 0,
    earningsCents: 4_500,
    payoutsCents: 0,
    closingBalanceCents: 4_500,
    commission: { totalCents: 500, taxRatePercent: 10, taxCents: 45, bookings: 1 },
  };

  it('reads each month in yen, and a month in both currencies as one card with each apart and one PDF', async () => {
    server(() => json({ statements: [yuanOctober, yenOctober, yenSeptember] }));
    render(wrap(<MonthlyStatements />));
    const sep = await screen.findByTestId('statement-2026-09');
    expect(within(sep).getByTestId('closing-2026-09').textContent).toBe('¥23,000 (JPY)');
    expect(within(sep).getByTestId('tax-2026-09').textContent).toBe('¥719 (JPY)');
    const oct = screen.getByTestId('statement-2026-10');
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual([
      'statement-2026-10',
      'statement-2026-09',
    ]);
    expect(
      within(within(oct).getByRole('region', { name: 'In yuan (RMB)' })).getByTestId('closing-2026-10-CNY').textContent,
    ).toBe('45 RMB');
    expect(within(within(oct).getByRole('region', { name: 'In yen' })).getByTestId('tax-2026-10-JPY').textContent).toBe(
      '¥27 (JPY)',
    );
    expect(within(oct).getAllByRole('button')).toHaveLength(1);

    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<MonthlyStatements />));
    expect((await screen.findByTestId('closing-2026-09')).textContent).toBe('23,000円');
    expect(screen.getByRole('region', { name: '円建て' })).toBeTruthy();
  });
});
