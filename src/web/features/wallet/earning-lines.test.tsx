import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Statement } from '../../../shared/schemas/statements';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { MonthlyStatements } from './statements';

/**
 * A Kyoto guide's month in yen, whole (decision 196): ¥22,000 booked, the ¥4,400 deposit online, of which
 * ¥2,200 to her wallet after the ¥2,200 commission, and ¥17,600 collected in person: ¥19,800 in all, the
 * figure of her tour card.
 */
const month: Statement = {
  month: '2026-11',
  closed: true,
  currency: 'JPY',
  openingBalanceCents: 0,
  earningsCents: 2_200,
  inPersonCents: 17_600,
  earnedCents: 19_800,
  bookings: [
    {
      bookingId: 41,
      bookingNumber: 'TG-000041',
      at: '2026-11-20T08:00:00Z',
      priceCents: 22_000,
      commissionCents: 2_200,
      onlineCents: 2_200,
      inPersonCents: 17_600,
      earnedCents: 19_800,
    },
  ],
  payoutsCents: 0,
  closingBalanceCents: 2_200,
  commission: { totalCents: 2_200, taxRatePercent: 10, taxCents: 200, bookings: 1 },
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the earnings screen’s statement, whole', () => {
  it('shows each booking’s price, commission, online part, cash collected in person and the whole, in Japanese', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statements: [month] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await act(() => i18next.changeLanguage('ja'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MonthlyStatements />
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('lines-2026-11');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(heads).toEqual(['予約', '料金', '手数料', 'オンライン（ウォレットへ）', '現地で受け取り', '収入の合計']);
    const row = within(table).getByRole('row', { name: /TG-000041/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['22,000円', '2,200円', '2,200円', '17,600円', '19,800円']);
    expect(within(table).getByTestId('total-earnedCents-2026-11').textContent).toBe('19,800円');
    // The month names the cash and the whole beside the wallet's part.
    const card = screen.getByTestId('statement-2026-11');
    expect(within(card).getByText('ウォレットへの入金')).toBeTruthy();
    expect(within(card).getByTestId('in-person-2026-11').textContent).toBe('17,600円');
    expect(within(card).getByTestId('earned-2026-11').textContent).toBe('19,800円');
    expect(within(card).getByText(/旅行者が当日あなたに直接支払った残りの代金です/)).toBeTruthy();
  });
});
