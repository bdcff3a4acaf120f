import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { CancellationQuote } from '../../../../shared/schemas/booking-answers';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { CancelDialog } from './cancel-dialog';

/**
 * Decision 194: cancelling a booking whose change still waits for the guide gives back the change's payment whole,
 * and the dialog says so before the traveler confirms: the server's figures, summed in the headline and named.
 */
const quote: CancellationQuote = {
  bookingId: 12,
  cancellable: true,
  cancelledBy: 'traveler',
  tier: 'days_3_to_7',
  depositPaidCents: 39_600,
  refundCents: 19_800,
  currency: 'CNY',
  paidCurrency: 'CNY',
  refundPaidCents: 19_800,
  backPaidCents: 38_532,
  refundPercent: 50,
  guideCents: 17_820,
  platformCents: 1_980,
  method: 'card',
  minBusinessDays: 3,
  maxBusinessDays: 5,
  hoursUntilStart: 120,
  quotedAt: '2026-11-22T12:00:00Z',
  refunds: [
    { paymentId: 1, kind: 'deposit', amountCents: 19_800, currency: 'CNY', method: 'card', open: false },
    { paymentId: 2, kind: 'change', amountCents: 18_732, currency: 'CNY', method: 'card', open: true },
  ],
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['trips', 'bookings']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

it('sums the open change’s payment, whole, with the deposit’s share, and names it (中文)', async () => {
  await act(() => i18next.changeLanguage('zh-CN'));
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(quote), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CancelDialog booking={sampleBooking({ id: 12 })} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  // 198 元 of the deposit and the change's 187.32 元: what comes back in all.
  expect((await screen.findByTestId('refund-amount')).textContent).toBe('385.32 元');
  expect(screen.getByText('198 元：定金 396 元 的 50%')).toBeTruthy();
  expect(screen.getByTestId('open-change-refund').textContent).toBe(
    '其中包括您为地陪尚未答复的行程更改支付的全部 187.32 元：该更改随预订一并取消。',
  );
});
