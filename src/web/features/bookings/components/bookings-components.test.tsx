import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { CheckoutForm } from './checkout-form';
import type { TourInfo } from './tour-summary';
import { RequestCard } from './request-card';
import { TripCard } from './trip-card';
import { sampleBooking } from '../test-booking';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const tour: TourInfo = {
  guide: { userId: 9, fullName: 'Haruka Tanaka', profilePicture: null, serviceCity: 'kyoto' },
  date: '2026-12-10',
  startTime: '10:00',
  startsAt: '2026-12-10T01:00:00Z',
  timeZone: 'Asia/Tokyo',
  hours: 3,
  travelers: 2,
  service: null,
};
const price = {
  unitPriceCents: 30_000,
  additionalPerPersonCents: 3_000,
  totalCents: 99_000,
  depositCents: 19_800,
  balanceCents: 79_200,
  hours: 3,
  travelers: 2,
};
const noop = () => {};

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ support: { provider: 'builtin' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('CheckoutForm', () => {
  const form = () =>
    render(
      wrap(
        <CheckoutForm
          tour={tour}
          price={price}
          draft={{ guideId: 3, date: '2026-12-10', startTime: '10:00', durationHours: 3, travelers: 2 }}
          guideProfilePath="/guides/3"
          onCreated={noop}
          onPaid={noop}
          onApproval={noop}
          onContactSupport={noop}
        />,
      ),
    );

  it('keeps Pay disabled with "Payment Information Required" until the card is complete, and limits the inputs', async () => {
    await act(() => i18next.changeLanguage('en'));
    form();
    const pay = await screen.findByRole('button', { name: 'Pay 198 RMB' });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Payment Information Required')).toBeTruthy();
    expect(screen.getByText('Demo payment — no money moves')).toBeTruthy();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(number.maxLength).toBe(19);
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).maxLength).toBe(5);
    expect((screen.getByLabelText('CVV') as HTMLInputElement).maxLength).toBe(4);
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    expect(number.value).toBe('4242 4242 4242 4242');
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    expect(pay.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    expect(pay.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Payment Information Required')).toBeNull();
    // Alipay needs only the account.
    fireEvent.click(screen.getByRole('radio', { name: 'Alipay' }));
    expect(pay.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Alipay account'), { target: { value: 'li@example.com' } });
    expect(pay.hasAttribute('disabled')).toBe(false);
  });

  it('formats the postal code, and asks for the meeting address and a valid postal code before paying, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    form();
    const postal = (await screen.findByLabelText('邮政编码')) as HTMLInputElement;
    fireEvent.change(postal, { target: { value: '1500043' } });
    expect(postal.value).toBe('150-0043');
    fireEvent.click(screen.getByRole('radio', { name: '微信支付' }));
    fireEvent.change(screen.getByLabelText('微信号'), { target: { value: 'liwei_88' } });
    fireEvent.click(screen.getByRole('button', { name: '支付 198 元' }));
    expect(await screen.findByText('请提供集合地址。')).toBeTruthy();
    expect(screen.getByLabelText('集合地址').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(postal, { target: { value: '15000' } });
    fireEvent.blur(postal);
    expect(await screen.findByText('请输入有效的 7 位邮政编码。')).toBeTruthy();
    expect(postal.getAttribute('aria-describedby')).toContain(screen.getByText('请输入有效的 7 位邮政编码。').id);
  });
});

const booking = (over: Partial<Booking>): Booking =>
  sampleBooking({
    date: '2026-11-25',
    startsAt: '2026-11-25T01:00:00Z',
    endsAt: '2026-11-25T04:00:00Z',
    duration: 3,
    totalPrice: 990,
    totalPriceCents: 99_000,
    depositCents: 19_800,
    balanceCents: 79_200,
    status: 'pending',
    travelerConfirmedStart: false,
    guideConfirmedStart: false,
    paymentDueAt: '2026-11-22T10:30:00Z',
    actions: ['cancel'],
    createdAt: '2026-11-22T10:00:00Z',
    ...over,
  });

describe('TripCard (traveler actions)', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('offers Continue Payment and Cancel on a pending booking', async () => {
    await act(() => i18next.changeLanguage('en'));
    render(wrap(<TripCard booking={booking({})} now={now} onContactSupport={noop} />));
    expect((await screen.findByRole('link', { name: 'Continue Payment' })).getAttribute('href')).toBe(
      '/checkout?booking=12',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByText('Payment pending')).toBeTruthy();
  });

  it('shows the waiting text on a confirmed booking, and a countdown within 7 days of an upcoming one', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { unmount } = render(
      wrap(
        <TripCard
          booking={booking({ status: 'confirmed', respondBy: '2026-11-24T10:00:00Z' })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByText(/^Waiting for Haruka Tanaka to accept/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue Payment' })).toBeNull();
    unmount();
    render(wrap(<TripCard booking={booking({ status: 'upcoming' })} now={now} onContactSupport={noop} />));
    expect(await screen.findByText('In 3 days')).toBeTruthy();
  });

  it('at 22:40 Japan time does not say 今天开始 of a 17:30–19:30 tour, nor count down to it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T13:40:00Z')); // 22:40 in Tokyo
    try {
      await act(() => i18next.changeLanguage('zh-CN'));
      const late = booking({
        status: 'awaiting_start',
        scheduledStartTime: '17:30',
        duration: 2,
        startsAt: '2026-11-25T08:30:00Z',
        endsAt: '2026-11-25T10:30:00Z',
        actions: ['confirm_start'],
      });
      const { unmount } = render(wrap(<TripCard booking={late} now={new Date()} onContactSupport={noop} />));
      expect(await screen.findByText('计划时间已过')).toBeTruthy();
      // Nobody confirmed the start (the guide may not have come): amber, not the green of a tour going well.
      expect(screen.getByText('计划时间已过').className).toMatch(/bg-amber-100/);
      expect(screen.getByText('计划时间已过').className).not.toMatch(/green/);
      expect(screen.queryByText('今天开始')).toBeNull();
      expect(screen.queryByText('今天')).toBeNull();
      unmount();
      // Before its start the same day it still counts down: 今天 and 今天开始.
      vi.setSystemTime(new Date('2026-11-25T07:00:00Z')); // 16:00 in Tokyo
      render(wrap(<TripCard booking={late} now={new Date()} onContactSupport={noop} />));
      expect(await screen.findByText('今天开始')).toBeTruthy();
      expect(screen.getByText('今天')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a paid extension in the price at once and shows its hours as pending until confirmed', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const pay = (id: number, kind: 'deposit' | 'extension', amountCents: number) =>
      ({
        id,
        kind,
        method: 'alipay',
        provider: 'simulated',
        status: 'succeeded',
        amountCents,
        refundedCents: 0,
        currency: 'CNY',
        last4: null,
        proofUploadedByTraveler: false,
        verifiedByGuide: false,
        createdAt: '2026-11-22T10:00:00Z',
      }) as const;
    const b = booking({
      status: 'extend_confirmed',
      duration: 3,
      totalPriceCents: 81_000,
      payments: [pay(1, 'deposit', 16_200), pay(2, 'extension', 27_000)],
      extensionsPaidCents: 27_000,
      extension: { id: 5, hours: 1, price: 270, priceCents: 27_000, status: 'approved', payBy: null },
      actions: ['confirm_extension'],
    });
    render(wrap(<TripCard booking={b} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('trip-price')).textContent).toBe('1,080 元');
    expect(screen.getByText('已在线支付延时费')).toBeTruthy();
    expect(screen.getByText('270 元')).toBeTruthy();
    expect(screen.getByText('另有延长 1 小时，待确认')).toBeTruthy();
    expect(screen.getByText('延长已获批准')).toBeTruthy();
    expect(screen.queryByText('810 元')).toBeNull();
  });

  it('says a cancelled booking was cancelled, with its refund, and offers no actions', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(
        <TripCard
          booking={booking({
            status: 'cancelled',
            cancelledBy: 'guide',
            actions: [],
            payments: [
              {
                id: 1,
                kind: 'deposit',
                method: 'card',
                provider: 'simulated',
                status: 'refunded',
                amountCents: 19_800,
                refundedCents: 19_800,
                currency: 'CNY',
                last4: '4242',
                proofUploadedByTraveler: false,
                verifiedByGuide: false,
                createdAt: '2026-11-22T10:00:00Z',
              },
            ],
            refundedOnline: [{ currency: 'CNY', cents: 19_800 }],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByText('预订已取消')).toBeTruthy();
    expect(screen.getByText('已退款：198 元')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(document.body.textContent).not.toContain('¥');
  });

  it('names what a cancellation refunded as one sum per currency, a change’s payment with the deposit', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const refunded = (id: number, kind: 'deposit' | 'change', cents: number) => ({
      id,
      kind,
      method: 'card' as const,
      provider: 'simulated' as const,
      status: 'refunded' as const,
      amountCents: cents,
      refundedCents: cents,
      currency: 'CNY' as const,
      last4: '4242',
      proofUploadedByTraveler: false,
      verifiedByGuide: false,
      createdAt: '2026-11-22T10:00:00Z',
    });
    const b = booking({
      status: 'cancelled',
      cancelledBy: 'traveler',
      actions: [],
      payments: [refunded(1, 'deposit', 64_390), refunded(2, 'change', 11_707)],
      // The server's statement sums the two refunds (decision 193); the card writes its figure.
      refundedOnline: [{ currency: 'CNY', cents: 76_097 }],
    });
    render(wrap(<TripCard booking={b} now={now} onContactSupport={noop} />));
    expect(await screen.findByText('已退款：760.97 元')).toBeTruthy();
  });
});

describe('RequestCard (guide requests)', () => {
  it('declines only with a chosen reason and a confirmation, sending the reason to the server', async () => {
    await act(() => i18next.changeLanguage('en'));
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/decline')
        ? new Response(JSON.stringify(booking({ status: 'cancelled', actions: [] })), { status: 200 })
        : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      wrap(
        <RequestCard
          booking={booking({
            status: 'confirmed',
            actions: ['accept', 'decline'],
            respondBy: '2026-11-24T10:00:00Z',
            travelers: 3,
          })}
        />,
      ),
    );
    expect(await screen.findByText('3 people · 3 hours')).toBeTruthy();
    expect(screen.getByText('990 RMB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('button', { name: 'Decline request' });
    fireEvent.click(confirm);
    expect(await screen.findByText('Please choose a reason.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/decline'))).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'I am not available at that time' }));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/v2/bookings/12/decline'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/decline')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(call[1].body))).toEqual({ reason: 'I am not available at that time' });
  });

  it('tells the guide the family: adults, children and infants apart (decision 152), in English and Chinese', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const family = booking({
      status: 'confirmed',
      actions: ['accept', 'decline'],
      respondBy: '2026-11-24T10:00:00Z',
      travelers: 4,
      adults: 2,
      children: 1,
      infants: 1,
    });
    await act(() => i18next.changeLanguage('en'));
    const { unmount } = render(wrap(<RequestCard booking={family} />));
    expect(await screen.findByText('2 adults, 1 child, 1 infant · 3 hours')).toBeTruthy();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<RequestCard booking={family} />));
    expect(await screen.findByText('成人 2 位、儿童 1 位、婴儿 1 位 · 3 小时')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
  });
});
