import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingPayment } from '../../shared/schemas/bookings';
import type { Receipt } from '../../shared/schemas/receipts';
import type { User } from '../../shared/schemas/user';
import { sampleBooking } from '../features/bookings/test-booking';
import { ReceiptDocument } from '../features/receipts';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as PaymentSuccess } from './payment-success';

/**
 * Receipts from where the traveler just paid (decision 125): /payment-success leads to the booking's
 * receipts, and each download button says what it downloads.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const deposit: BookingPayment = {
  id: 5,
  kind: 'deposit',
  method: 'card',
  provider: 'simulated',
  status: 'succeeded',
  amountCents: 12_000,
  refundedCents: 0,
  currency: 'CNY',
  last4: '4242',
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-11-20T01:00:00Z',
};
const extension: BookingPayment = { ...deposit, id: 6, kind: 'extension', amountCents: 6_000 };
const paid = sampleBooking({
  id: 31,
  bookingNumber: 'TG0031',
  status: 'confirmed',
  actions: [],
  payments: [deposit, extension],
});
const receipt: Receipt = {
  id: 1,
  kind: 'receipt',
  number: 'R-00000001',
  receiptNumber: null,
  bookingId: 31,
  bookingNumber: 'TG0031',
  paymentKind: 'deposit',
  method: 'card',
  cardLast4: '4242',
  amountCents: 12_000,
  inPersonCents: 48_000,
  currency: 'CNY',
  inPersonCurrency: 'CNY',
  rate: null,
  paidAt: '2026-11-20T01:00:00Z',
  issuedAt: '2026-11-20T01:00:00Z',
  addressee: 'Li Wei',
  operator: {
    name: 'Tabi Guides KK',
    address: 'Tokyo',
    phone: '03-0000-0000',
    email: 'billing@example.com',
    invoiceNumber: 'T7000012050002',
    fake: false,
  },
};

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler', isGuide: false } as unknown as User);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v2/bookings/31')) return json(paid);
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const open = (url: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentSuccess />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('receipts from /payment-success', () => {
  it('links the paid deposit’s page to the booking’s receipts', async () => {
    open('/payment-success?booking=31');
    const link = await screen.findByRole('link', { name: 'View receipts' });
    expect(link.getAttribute('href')).toBe('/booking/31/receipts');
  });

  it('links a paid extension’s page to them too, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    open('/payment-success?booking=31&payment=6');
    expect((await screen.findByRole('link', { name: '查看收据' })).getAttribute('href')).toBe('/booking/31/receipts');
  });
});

describe('the payment’s result', () => {
  it('is read from the server, not from the booking cached while it was still unpaid', async () => {
    const client = createQueryClient();
    // The checkout left the booking in the cache as it was before the wallet approved the payment.
    client.setQueryData(['bookings', 'detail', 31], {
      ...paid,
      status: 'pending',
      payments: [{ ...deposit, status: 'pending' }],
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/payment-success?booking=31']}>
          <PaymentSuccess />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('Paid by card ending in 4242 · demo payment, no money moved')).toBeTruthy();
    expect(screen.queryByText('This booking is not paid yet.')).toBeNull();
  });
});

describe('the receipt’s download buttons', () => {
  it('say what they download: the document, as a PDF, and in which language', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReceiptDocument receipt={receipt} />
        <ReceiptDocument
          receipt={{
            ...receipt,
            id: 2,
            kind: 'credit_note',
            number: 'C-00000001',
            receiptNumber: 'R-00000001',
            amountCents: 6_000,
          }}
        />
      </QueryClientProvider>,
    );
    const [first, second] = screen.getAllByRole('article');
    expect(
      within(first!)
        .getAllByRole('button', { name: /PDF/ })
        .map((b) => b.textContent),
    ).toEqual(['Download receipt (PDF, English)', 'Download receipt (PDF, 中文)', 'Download receipt (PDF, 日本語)']);
    expect(within(second!).getByRole('button', { name: 'Download credit note (PDF, 日本語)' })).toBeTruthy();
  });
});
