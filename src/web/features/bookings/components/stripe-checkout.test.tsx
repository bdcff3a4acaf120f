import { QueryClientProvider } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import type { User } from '../../../../shared/schemas/user';
import { Component as CheckoutPage } from '../../../pages/checkout';
import { Component as PaymentSuccessPage } from '../../../pages/payment-success';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { setPageLeaver, setStripeLoader } from '../lib/stripe-client';

/**
 * The checkout with PAYMENT_PROVIDER=stripe (decision 042). Stripe.js cannot be reached from the test
 * machine, so a fake `Stripe` object comes in through the loader seam `loadStripe` would fill; the API
 * is a stubbed fetch. What is asserted is what the traveler and Stripe see.
 */
const support = vi.hoisted(() => ({ openSupport: vi.fn(async () => {}) }));
vi.mock('../../support/index', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  openSupport: support.openSupport,
}));

const BOOKING = {
  id: 12,
  bookingNumber: 'TG0012',
  guideId: 3,
  guide: {
    id: 3,
    userId: 9,
    fullName: 'Haruka Tanaka',
    profilePicture: null,
    serviceCity: 'kyoto',
    timeZone: 'Asia/Tokyo',
  },
  traveler: { id: 1, fullName: 'Li Wei', profilePicture: null },
  date: '2026-12-10',
  scheduledStartTime: '10:00',
  timeZone: 'Asia/Tokyo',
  startsAt: '2026-12-10T01:00:00Z',
  endsAt: '2026-12-10T04:00:00Z',
  duration: 3,
  travelers: 2,
  adults: 2,
  children: 0,
  infants: 0,
  lines: [
    { kind: 'base', people: 1, amountCents: 90_000, label: 'Guide · 3 hours' },
    { kind: 'extra_adults', people: 1, amountCents: 9_000, label: '1 more adult' },
  ],
  overtimeRateCents: null,
  subcategory: null,
  totalPrice: 990,
  totalPriceCents: 99_000,
  unitPriceCents: 30_000,
  additionalPerPersonCents: 3_000,
  depositCents: 19_800,
  balanceCents: 79_200,
  currency: 'CNY',
  status: 'pending',
  travelerConfirmedStart: false,
  guideConfirmedStart: false,
  travelerConfirmedExtension: false,
  extensionCount: 0,
  extensionPrice: null,
  payments: [],
  meetingAddress: '1-2-3 Gion, Kyoto',
  meetingPostalCode: '605-0073',
  notes: null,
  paymentDueAt: '2026-12-01T10:30:00Z',
  respondBy: '2026-12-03T10:00:00Z',
  cancelledBy: null,
  cancelReason: null,
  offerId: null,
  actions: ['cancel'],
  createdAt: '2026-12-01T10:00:00Z',
} as unknown as Booking;

const stripePayment = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  id: 70,
  kind: 'deposit',
  method: 'card',
  provider: 'stripe',
  status: 'pending',
  amountCents: 19_800,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-12-01T10:01:00Z',
  ...over,
});

interface Api {
  booking: () => Booking;
  payments: { body: unknown }[];
  payReply: (body: { method: string }) => { payment: Payment; booking: Booking };
}

function stubApi(api: Api) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/config/public')
        return json({
          support: { provider: 'builtin' },
          payments: { provider: 'stripe', publishableKey: 'pk_test_fake' },
        });
      if (url.pathname === '/api/v2/bookings/12' && (init?.method ?? 'GET') === 'GET') return json(api.booking());
      if (url.pathname === '/api/v2/bookings/12/payments' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { method: string };
        api.payments.push({ body });
        return json(api.payReply(body), 201);
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
}

/** A stand-in for Stripe.js: Elements mounts a plain input, and confirmCardPayment answers as the test says. */
function fakeStripe(confirm: Stripe['confirmCardPayment'], retrieve?: Stripe['retrievePaymentIntent']) {
  const listeners: Record<string, (e: unknown) => void> = {};
  const card = {
    mount: vi.fn((el: HTMLElement) => {
      el.innerHTML = '<input aria-label="Stripe card (fake)" />';
    }),
    on: vi.fn((event: string, fn: (e: unknown) => void) => {
      listeners[event] = fn;
      return card;
    }),
    update: vi.fn(),
    destroy: vi.fn(),
  };
  const stripe = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    confirmCardPayment: vi.fn(confirm),
    retrievePaymentIntent: vi.fn(retrieve ?? (async () => ({ paymentIntent: undefined, error: undefined }) as never)),
  };
  /** What Stripe Elements reports while the traveler types. */
  const type = (complete: boolean) => act(() => listeners.change?.({ complete, empty: false, error: undefined }));
  return { stripe, card, type };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </Suspense>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const reply = (payment: Partial<Payment>): { payment: Payment; booking: Booking } => ({
  payment: {
    ...stripePayment(),
    bookingId: 12,
    approvalUrl: null,
    clientSecret: 'pi_3Qx_secret_abc',
    failureCode: null,
    demo: false,
    ...payment,
  } as Payment,
  booking: { ...BOOKING, payments: [stripePayment(payment as Partial<BookingPayment>)] },
});

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  support.openSupport.mockClear();
});
afterEach(async () => {
  cleanup();
  clearSession();
  setStripeLoader(null);
  setPageLeaver(null);
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('Checkout with the stripe provider', () => {
  it('takes the card in Stripe Elements, sends no card field to the server, confirms with the client secret, and goes to /payment-success', async () => {
    await act(() => i18next.changeLanguage('en'));
    const api: Api = { booking: () => BOOKING, payments: [], payReply: () => reply({}) };
    stubApi(api);
    const fake = fakeStripe(async () => ({ paymentIntent: { id: 'pi_3Qx', status: 'succeeded' } }) as never);
    const loader = vi.fn(async () => fake.stripe as unknown as Stripe);
    setStripeLoader(loader);
    renderAt('/checkout?booking=12');

    const pay = await screen.findByRole('button', { name: 'Pay 198 RMB' });
    await screen.findByLabelText('Stripe card (fake)', undefined, { timeout: 5000 });
    expect(loader).toHaveBeenCalledWith('pk_test_fake');
    // The demo card inputs are gone, and so is the demo label.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByText('Demo payment — no money moves')).toBeNull();
    expect(pay.hasAttribute('disabled')).toBe(true);
    await fake.type(true);
    expect(pay.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    expect(pay.hasAttribute('disabled')).toBe(false);
    fireEvent.click(pay);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-success?booking=12'));
    expect(api.payments).toEqual([{ body: { kind: 'deposit', method: 'card' } }]);
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3Qx_secret_abc', {
      payment_method: { card: fake.card, billing_details: { name: 'Li Wei' } },
    });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
  }, 15_000);

  it("shows 'Payment Failed' with the support prefill when Stripe declines the card, and stays on the checkout", async () => {
    await act(() => i18next.changeLanguage('en'));
    let reads = 0;
    const api: Api = {
      booking: () => {
        reads += 1;
        if (reads > 1) throw new Error('the server is busy');
        return BOOKING;
      },
      payments: [],
      payReply: () => reply({}),
    };
    stubApi(api);
    const fake = fakeStripe(
      async () =>
        ({
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        }) as never,
    );
    setStripeLoader(async () => fake.stripe as unknown as Stripe);
    const client = createQueryClient();
    renderAt('/checkout?booking=12', client);

    await screen.findByLabelText('Stripe card (fake)', undefined, { timeout: 5000 });
    await fake.type(true);
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 198 RMB' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment failed. Please check your information and try again.');
    expect(screen.getByTestId('where').textContent).toBe('/checkout?booking=12');
    const contact = screen.getAllByRole('button', { name: 'Contact support' });
    expect(contact.length).toBe(2); // in the toast and beside the Pay button, as with the demo provider
    fireEvent.click(contact[contact.length - 1]!);
    expect(support.openSupport).toHaveBeenCalledWith('payment_failure');
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3Qx_secret_abc', expect.anything());

    // A live event refreshes the booking and that read fails: the form and its notice stay.
    await act(() => client.invalidateQueries());
    expect(reads).toBe(2);
    // React Query tells its observers on the next task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('alert').textContent).toContain(
      'Payment failed. Please check your information and try again.',
    );
    expect(screen.getByLabelText('Name on card')).toHaveProperty('value', 'Li Wei');
  }, 15_000);

  it('sends Alipay to its approval page, and shows the WeChat Pay QR code until the webhook has confirmed the booking (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    let confirmed = false;
    const api: Api = {
      booking: () =>
        confirmed
          ? { ...BOOKING, status: 'confirmed', payments: [stripePayment({ method: 'wechat', status: 'succeeded' })] }
          : BOOKING,
      payments: [],
      payReply: (body) =>
        body.method === 'alipay'
          ? reply({ method: 'alipay', approvalUrl: 'https://pay.stripe.com/alipay/approve_1' })
          : reply({ id: 71, method: 'wechat', approvalUrl: 'https://pay.stripe.com/qr/instructions_1' }),
    };
    stubApi(api);
    const fake = fakeStripe(
      async () => ({}) as never,
      async () =>
        ({
          paymentIntent: {
            id: 'pi_w',
            status: 'requires_action',
            next_action: {
              type: 'wechat_pay_display_qr_code',
              wechat_pay_display_qr_code: { data: 'weixin://x', image_data_url: 'data:image/png;base64,QR' },
            },
          },
        }) as never,
    );
    setStripeLoader(async () => fake.stripe as unknown as Stripe);
    const left: string[] = [];
    setPageLeaver((url) => left.push(url));
    renderAt('/checkout?booking=12');

    // A Chinese reader starts on Alipay; the Stripe hint shows once the provider's config is in.
    await screen.findByText('点击支付后，您将在支付宝页面确认付款，确认后会自动返回。', undefined, { timeout: 5000 });
    expect((screen.getByRole('radio', { name: '支付宝' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    expect(screen.getByText('点击支付后，您将在支付宝页面确认付款，确认后会自动返回。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('支付宝账号'), { target: { value: 'li@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '支付 198 元' }));
    await waitFor(() => expect(left).toEqual(['https://pay.stripe.com/alipay/approve_1']));

    fireEvent.click(screen.getByRole('radio', { name: '微信支付' }));
    fireEvent.change(screen.getByLabelText('微信号'), { target: { value: 'liwei_88' } });
    fireEvent.click(screen.getByRole('button', { name: '支付 198 元' }));
    const qr = (await screen.findByRole('img', { name: '微信支付二维码' })) as HTMLImageElement;
    expect(qr.src).toBe('data:image/png;base64,QR');
    expect(fake.stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_3Qx_secret_abc');
    expect(screen.getByText('正在等待您付款…付款到账后此窗口会自动关闭。')).toBeTruthy();
    expect(fake.stripe.confirmCardPayment).not.toHaveBeenCalled();
    confirmed = true; // the webhook lands
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-success?booking=12'), {
      timeout: 8000,
    });
    expect(api.payments.map((p) => p.body)).toEqual([
      { kind: 'deposit', method: 'alipay', alipayAccount: 'li@example.com' },
      { kind: 'deposit', method: 'wechat', wechatId: 'liwei_88' },
    ]);
  }, 15_000);
});

describe('/payment-success with the stripe provider', () => {
  it('waits for the webhook, then shows the paid booking', async () => {
    await act(() => i18next.changeLanguage('en'));
    let calls = 0;
    stubApi({
      booking: () =>
        ++calls < 2
          ? { ...BOOKING, payments: [stripePayment()] }
          : { ...BOOKING, status: 'confirmed', payments: [stripePayment({ status: 'succeeded', last4: '4242' })] },
      payments: [],
      payReply: () => reply({}),
    });
    renderAt('/payment-success?booking=12');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByText('This booking is not paid yet.')).toBeNull();
    expect(await screen.findByText('Payment Successful', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Paid by card ending in 4242')).toBeTruthy();
  }, 15_000);

  it("says 'Payment Failed' with the support prefill when Alipay returns without approval", async () => {
    await act(() => i18next.changeLanguage('en'));
    stubApi({
      booking: () => ({ ...BOOKING, payments: [stripePayment({ method: 'alipay' })] }),
      payments: [],
      payReply: () => reply({}),
    });
    renderAt('/payment-success?booking=12&payment_intent=pi_1&redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Payment' }).getAttribute('href')).toBe('/checkout?booking=12');
    fireEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(support.openSupport).toHaveBeenCalledWith('payment_failure');
  });
});
