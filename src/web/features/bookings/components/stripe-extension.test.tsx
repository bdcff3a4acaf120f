import { QueryClientProvider } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToasterHost as Toaster } from '../../../components/ui/toaster-host';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { setPageLeaver, setStripeLoader } from '../lib/stripe-client';
import { ExtensionDialogs } from './extension-dialogs';
import {
  EXTENSION_BOOKING as BOOKING,
  extensionPaymentSuite,
  extensionReply as reply,
  extPayment,
  stubExtensionApi as stubApi,
  type ExtensionApi as Api,
} from './test-helpers';

/**
 * An extension paid with PAYMENT_PROVIDER=stripe (decision 042, 'Extensions'): the dialog uses the
 * checkout's Stripe form and confirm step. Stripe.js is a fake behind the loader seam; the API is a
 * stubbed fetch. Asserted: what goes to the server and to Stripe, and what the traveler sees. The pages
 * the traveler lands on after paying are in extension-payment-pages.test.tsx.
 */
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

extensionPaymentSuite();
beforeEach(() => {
  onStep.mockClear();
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
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_ext_secret_xyz', {
      payment_method: { card: fake.card, billing_details: { name: 'Li Wei' } },
    });
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

    const keys = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([u, i]) => String(u).endsWith('/payments') && i?.method === 'POST')
        .map(([, i]) => new Headers(i!.headers).get('Idempotency-Key'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay 165 RMB' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay 165 RMB' }));
    await waitFor(() => expect(keys().length).toBe(2));
    expect(keys()[0]).not.toBe(keys()[1]);
  }, 20_000);

  it('sends Alipay to its page and shows the WeChat Pay QR code until the extension is paid (Chinese)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    let paid = false;
    const api: Api = {
      booking: () => ({
        ...BOOKING,
        payments: [extPayment({ id: 81, method: 'wechat', status: paid ? 'succeeded' : 'pending' })],
      }),
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
    await waitFor(
      () =>
        expect(api.marks).toEqual([
          expect.objectContaining({ paid: true, paymentMethod: 'wechat', paymentDetails: { wechatId: 'liwei_88' } }),
        ]),
      { timeout: 8000 },
    );
    expect(api.posts).toEqual([
      { kind: 'extension', method: 'alipay', alipayAccount: 'li@example.com' },
      { kind: 'extension', method: 'wechat', wechatId: 'liwei_88' },
    ]);
  }, 20_000);
});
