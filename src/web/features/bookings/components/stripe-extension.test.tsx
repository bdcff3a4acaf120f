import { QueryClientProvider } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, BookingPayment } from '../../../../shared/schemas/bookings';
import type { Payment } from '../../../../shared/schemas/payments';
import type { User } from '../../../../shared/schemas/user';
import { Component as PaymentSuccessPage } from '../../../pages/payment-success';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { setPageLeaver, setStripeLoader } from '../lib/stripe-client';
import { ExtensionDialogs } from './extension-dialogs';

/**
 * An extension paid with PAYMENT_PROVIDER=stripe (decision 042, 'Extensions'): the dialog uses the
 * checkout's Stripe form and confirm step. Stripe.js is a fake behind the loader seam; the API is a
 * stubbed fetch. Asserted: what goes to the server and to Stripe, and what the traveler sees.
 */
const BOOKING = {
  id: 12,
  bookingNumber: 'TG0012',
  guideId: 3,
  guide: { id: 3, userId: 9, fullName: 'Haruka Tanaka', profilePicture: null, serviceCity: 'kyoto', timeZone: 'Asia/Tokyo' },
  traveler: { id: 1, fullName: 'Li Wei', profilePicture: null },
  date: '2026-12-10',
  scheduledStartTime: '10:00',
  timeZone: 'Asia/Tokyo',
  startsAt: '2026-12-10T01:00:00Z',
  endsAt: '2026-12-10T04:00:00Z',
  duration: 3,
  travelers: 2,
  totalPrice: 990,
  totalPriceCents: 99_000,
  depositCents: 19_800,
  balanceCents: 79_200,
  currency: 'CNY',
  status: 'extend_requested',
  travelerConfirmedStart: true,
  guideConfirmedStart: true,
  travelerConfirmedExtension: false,
  extensionCount: 0,
  extensionPrice: 165,
  extensionRateCents: 33_000,
  extension: { id: 5, hours: 0.5, price: 165, priceCents: 16_500, status: 'requested' },
  payments: [],
  actions: [],
  createdAt: '2026-12-01T10:00:00Z',
} as unknown as Booking;

const extPayment = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  id: 80,
  kind: 'extension',
  method: 'card',
  provider: 'stripe',
  status: 'pending',
  amountCents: 16_500,
  refundedCents: 0,
  currency: 'CNY',
  last4: null,
  proofUploadedByTraveler: false,
  verifiedByGuide: false,
  createdAt: '2026-12-10T02:00:00Z',
  ...over,
});

const reply = (over: Partial<Payment> = {}): { payment: Payment; booking: Booking } => ({
  payment: { ...extPayment(over), bookingId: 12, approvalUrl: null, clientSecret: 'pi_ext_secret_xyz', failureCode: null, demo: false, ...over } as Payment,
  booking: { ...BOOKING, payments: [extPayment(over)] },
});

interface Api {
  booking: () => Booking;
  posts: unknown[];
  marks: unknown[];
  payReply: (body: { method: string }) => { payment: Payment; booking: Booking };
}

function stubApi(api: Api) {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/config/public') return json({ support: { provider: 'builtin' }, payments: { provider: 'stripe', publishableKey: 'pk_test_fake' } });
      if (url.pathname === '/api/v2/bookings/12' && method === 'GET') return json(api.booking());
      if (url.pathname === '/api/v2/bookings/12/payments' && method === 'POST') {
        const body = JSON.parse(String(init!.body)) as { method: string };
        api.posts.push(body);
        return json(api.payReply(body), 201);
      }
      if (url.pathname === '/api/bookings/12/extension-payment' && method === 'PATCH') {
        api.marks.push(JSON.parse(String(init!.body)));
        return json({ ...api.booking() });
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
}

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
  const type = (complete: boolean) => act(() => listeners.change?.({ complete, empty: false, error: undefined }));
  return { stripe, card, type };
}

const onStep = vi.fn();
function renderDialog() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ExtensionDialogs booking={BOOKING} step="payment" onStep={onStep} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  onStep.mockClear();
});
afterEach(async () => {
  cleanup();
  clearSession();
  setStripeLoader(null);
  setPageLeaver(null);
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('Extension payment with the stripe provider', () => {
  it('sends no card field, confirms the card with the client secret, waits for the webhook, then marks the extension paid', async () => {
    let webhook = false;
    const api: Api = {
      booking: () => ({ ...BOOKING, payments: [extPayment(webhook ? { status: 'succeeded', last4: '4242' } : {})] }),
      posts: [],
      marks: [],
      payReply: () => reply(),
    };
    stubApi(api);
    const fake = fakeStripe(async () => {
      webhook = true;
      return { paymentIntent: { id: 'pi_ext', status: 'succeeded' } } as never;
    });
    const loader = vi.fn(async () => fake.stripe as unknown as Stripe);
    setStripeLoader(loader);
    renderDialog();

    await screen.findByLabelText('Stripe card (fake)', undefined, { timeout: 5000 });
    expect(loader).toHaveBeenCalledWith('pk_test_fake');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    const pay = screen.getByRole('button', { name: 'Pay 165 RMB' });
    expect(pay.hasAttribute('disabled')).toBe(true);
    await fake.type(true);
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    expect(pay.hasAttribute('disabled')).toBe(false);
    fireEvent.click(pay);

    await waitFor(() => expect(fake.stripe.confirmCardPayment).toHaveBeenCalledTimes(1));
    expect(api.posts).toEqual([{ kind: 'extension', method: 'card' }]);
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_ext_secret_xyz', { payment_method: { card: fake.card, billing_details: { name: 'Li Wei' } } });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(api.marks).toEqual([]);

    await waitFor(() => expect(api.marks).toHaveLength(1), { timeout: 8000 });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    expect(api.marks).toEqual([
      expect.objectContaining({
        paid: true,
        paymentMethod: 'card',
        transactionData: expect.objectContaining({ transactionId: '80', amount: 165, status: 'succeeded' }),
        paymentDetails: { lastFourDigits: '4242', cardHolder: 'Li Wei' },
      }),
    ]);
    expect(onStep).toHaveBeenCalledWith('closed');
  }, 20_000);

  it("shows 'Payment Failed' when Stripe declines the card, marks nothing, and a retry is a new payment", async () => {
    const api: Api = { booking: () => BOOKING, posts: [], marks: [], payReply: () => reply() };
    stubApi(api);
    const fake = fakeStripe(async () => ({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }) as never);
    setStripeLoader(async () => fake.stripe as unknown as Stripe);
    renderDialog();

    await screen.findByLabelText('Stripe card (fake)', undefined, { timeout: 5000 });
    await fake.type(true);
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 165 RMB' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Payment failed. Please check your information and try again.')).toBeTruthy();
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_ext_secret_xyz', expect.anything());
    expect(api.marks).toEqual([]);
    expect(onStep).not.toHaveBeenCalledWith('closed');

    const keys = () => vi.mocked(fetch).mock.calls.filter(([u, i]) => String(u).endsWith('/payments') && i?.method === 'POST').map(([, i]) => new Headers(i!.headers).get('Idempotency-Key'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay 165 RMB' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Pay 165 RMB' }));
    await waitFor(() => expect(keys().length).toBe(2));
    expect(keys()[0]).not.toBe(keys()[1]);
  }, 20_000);

  it('sends Alipay to its page and shows the WeChat Pay QR code until the extension is paid (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    let paid = false;
    const api: Api = {
      booking: () => ({ ...BOOKING, payments: [extPayment({ id: 81, method: 'wechat', status: paid ? 'succeeded' : 'pending' })] }),
      posts: [],
      marks: [],
      payReply: (body) =>
        body.method === 'alipay'
          ? reply({ method: 'alipay', approvalUrl: 'https://pay.stripe.com/alipay/approve_ext' })
          : reply({ id: 81, method: 'wechat', approvalUrl: 'https://pay.stripe.com/qr/instructions_ext' }),
    };
    stubApi(api);
    const fake = fakeStripe(
      async () => ({}) as never,
      async () => ({ paymentIntent: { id: 'pi_w', status: 'requires_action', next_action: { type: 'wechat_pay_display_qr_code', wechat_pay_display_qr_code: { data: 'weixin://x', image_data_url: 'data:image/png;base64,QR' } } } }) as never,
    );
    setStripeLoader(async () => fake.stripe as unknown as Stripe);
    const left: string[] = [];
    setPageLeaver((url) => left.push(url));
    renderDialog();

    // A Chinese reader starts on Alipay; the Stripe hint shows once the provider's config is in.
    await screen.findByText('点击支付后，您将在支付宝页面确认付款，确认后会自动返回。', undefined, { timeout: 5000 });
    expect((screen.getByRole('radio', { name: '支付宝' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    fireEvent.change(screen.getByLabelText('支付宝账号'), { target: { value: 'li@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /^支付 165/ }));
    await waitFor(() => expect(left).toEqual(['https://pay.stripe.com/alipay/approve_ext']));

    fireEvent.click(screen.getByRole('radio', { name: '微信支付' }));
    fireEvent.change(screen.getByLabelText('微信号'), { target: { value: 'liwei_88' } });
    fireEvent.click(screen.getByRole('button', { name: /^支付 165/ }));
    const qr = (await screen.findByRole('img', { name: '微信支付二维码' })) as HTMLImageElement;
    expect(qr.src).toBe('data:image/png;base64,QR');
    expect(screen.getByText('打开微信，点击“扫一扫”，扫描此二维码支付 165 元。')).toBeTruthy();
    expect(fake.stripe.confirmCardPayment).not.toHaveBeenCalled();
    paid = true; // the webhook lands
    await waitFor(() => expect(api.marks).toEqual([expect.objectContaining({ paid: true, paymentMethod: 'wechat', paymentDetails: { wechatId: 'liwei_88' } })]), { timeout: 8000 });
    expect(api.posts).toEqual([
      { kind: 'extension', method: 'alipay', alipayAccount: 'li@example.com' },
      { kind: 'extension', method: 'wechat', wechatId: 'liwei_88' },
    ]);
  }, 20_000);
});

describe('/payment-success for an extension', () => {
  const renderAt = (path: string) =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('says the extension is paid and leads back to the trip, not to the deposit', async () => {
    const paidExt = { ...BOOKING, extension: { ...BOOKING.extension!, status: 'paid' }, payments: [extPayment({ method: 'alipay', status: 'succeeded' })] } as Booking;
    stubApi({ booking: () => paidExt, posts: [], marks: [], payReply: () => reply() });
    renderAt('/payment-success?booking=12&payment=80&payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Extension Paid' })).toBeTruthy();
    expect(screen.getByText('You paid 165 RMB to extend your tour with Haruka Tanaka by 30 minutes (booking TG0012).')).toBeTruthy();
    expect(screen.getByText(/Haruka Tanaka now approves the extension/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my trip' }).getAttribute('href')).toBe('/dashboard?booking=12');
    expect(screen.queryByText(/deposit/i)).toBeNull();
  });

  it('waits for the webhook in Chinese, and a failed Alipay return says Payment Failed with the way back to the trip', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    stubApi({ booking: () => ({ ...BOOKING, payments: [extPayment({ method: 'alipay' })] }), posts: [], marks: [], payReply: () => reply() });
    const first = renderAt('/payment-success?booking=12&payment=80');
    expect(await screen.findByText('正在确认您的付款…')).toBeTruthy();
    first.unmount();
    await act(() => i18next.changeLanguage('en'));
    renderAt('/payment-success?booking=12&payment=80&redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my trip' }).getAttribute('href')).toBe('/dashboard?booking=12');
  });
});

describe('/payment-demo for an extension (simulated provider)', () => {
  it('approves the extension on a tour under way and lands on its /payment-success, not the deposit', async () => {
    await act(() => i18next.changeLanguage('en'));
    let approved = false;
    const demo = (over: Partial<BookingPayment>) => extPayment({ provider: 'simulated', method: 'alipay', ...over });
    const webhooks: unknown[] = [];
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/config/public') return json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } });
        if (url.pathname === '/api/v2/payments/webhooks/simulated') {
          webhooks.push({ body: JSON.parse(String(init!.body)), signature: new Headers(init!.headers).get('X-Simulated-Signature') });
          approved = true;
          return json({ received: true });
        }
        if (url.pathname === '/api/v2/bookings/12') {
          return json({
            ...BOOKING,
            extension: { ...BOOKING.extension!, status: approved ? 'paid' : 'requested' },
            payments: [{ ...extPayment({ id: 7, kind: 'deposit', status: 'succeeded', amountCents: 19_800 }), provider: 'simulated' }, demo({ status: approved ? 'succeeded' : 'pending' })],
          });
        }
        return json({ code: 'not_found', message: 'Not found' }, 404);
      }),
    );
    const { Component: PaymentDemoPage } = await import('../../../pages/payment-demo');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/payment-demo?ref=sim_alipay_1&method=alipay&amount=16500&booking=12&payment=80&signature=sig']}>
          <Routes>
            <Route path="/payment-demo" element={<PaymentDemoPage />} />
            <Route path="/payment-success" element={<PaymentSuccessPage />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    // The booking is under way (not pending): the extension's own payment decides, so Approve is offered.
    expect((await screen.findByRole('link', { name: 'Back to my trip' })).getAttribute('href')).toBe('/dashboard?booking=12');
    const approve = screen.getByRole('button', { name: 'Approve payment' });
    fireEvent.click(approve);
    expect(await screen.findByRole('heading', { name: 'Extension Paid' })).toBeTruthy();
    expect(webhooks).toEqual([{ body: { type: 'payment.succeeded', ref: 'sim_alipay_1' }, signature: 'sig' }]);
    expect(screen.getByText('Payment Successful')).toBeTruthy();
    expect(screen.getByText(/demo payment, no money moved/)).toBeTruthy();
  });
});
