import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { TripCard } from './trip-card';
import { sampleBooking as booking } from '../test-booking';
import { noop, tourCardSuite, tourDayNow as now, wrap } from './test-helpers';

/**
 * The traveler's extension on the tour card: the two dialogs (time, then payment) and an unpaid request,
 * apart from the card's other states in tour-components.test.tsx.
 */
const { fetchMock, calls } = tourCardSuite();

describe('extension dialogs', () => {
  it('request 0.5 h at the server’s fee, pay by card, then mark the payment on the booking; Cancel resets', async () => {
    render(wrap(<TripCard booking={booking({})} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    expect(await screen.findByRole('dialog', { name: 'Request Tour Extension' })).toBeTruthy();
    expect(screen.getByText('Select how much additional time you need for your tour')).toBeTruthy();
    expect(screen.getByText('Current Extensions: 0/2')).toBeTruthy();
    expect(screen.getByText('Each booking can be extended up to 2 times maximum')).toBeTruthy();
    // Default 1 hour: 330 RMB/hour × 1.
    expect((screen.getByRole('radio', { name: '1 hour' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('330 RMB/hour')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    expect(screen.getByText('165 RMB')).toBeTruthy();
    // Cancel resets the time to 1 hour.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    expect(((await screen.findByRole('radio', { name: '1 hour' })) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Tour Extension Payment' })).toBeTruthy();
    // Nothing is asked of the server until the traveler pays.
    expect(calls().some((c) => c.url.includes('request-extension'))).toBe(false);
    const pay = screen.getByRole('button', { name: 'Pay 165 RMB' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true); // the card form is empty
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Li Wei' } });
    expect(pay.disabled).toBe(false);
    fireEvent.click(pay);
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/api/bookings/12/extension-payment'))).toBe(true));
    // Paying asked for the extension first, then paid it.
    const order = calls()
      .map((c) => c.url)
      .filter((u) => u.includes('request-extension') || u.endsWith('/payments'));
    expect(order).toEqual([
      expect.stringMatching(/\/api\/bookings\/12\/request-extension$/),
      expect.stringMatching(/\/api\/v2\/bookings\/12\/payments$/),
    ]);
    expect(JSON.parse(String(calls().find((c) => c.url.endsWith('/api/bookings/12/request-extension'))!.body))).toEqual(
      { extensionHours: 0.5 },
    );
    const payCall = fetchMock.mock.calls.find(([u]) =>
      String(u).endsWith('/api/v2/bookings/12/payments'),
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(payCall[1].body))).toMatchObject({ kind: 'extension', method: 'card' });
    expect(new Headers(payCall[1].headers).get('Idempotency-Key')).toMatch(/^pay_/);
    const mark = JSON.parse(String(calls().find((c) => c.url.endsWith('/extension-payment'))!.body));
    expect(mark).toMatchObject({
      paid: true,
      paymentMethod: 'card',
      transactionData: { transactionId: '77', amount: 165, currency: 'RMB' },
      paymentDetails: { lastFourDigits: '4242' },
    });
    // Marked: the dialogs close and reset.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('says Extension Limit Reached at 2 of 2 (zh-CN) and does not send a request', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(
        <TripCard
          booking={booking({ extensionCount: 2, actions: ['service_complete'] })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '申请延长' }));
    expect(await screen.findByText('当前延长次数：2/2')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('已达到延长次数上限');
    expect((screen.getByRole('button', { name: '继续付款' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls().some((c) => c.url.includes('request-extension'))).toBe(false);
  });
});

describe('an unpaid extension request', () => {
  it('says when it lapses, can be withdrawn, and closing the payment dialog sends nothing', async () => {
    const requested = booking({
      status: 'extend_requested',
      extensionPrice: 165,
      extension: {
        id: 1,
        hours: 0.25,
        price: 82.5,
        priceCents: 8_250,
        status: 'requested',
        payBy: '2026-11-24T02:30:00Z',
      },
      actions: ['withdraw_extension'],
    });
    render(wrap(<TripCard booking={requested} now={now} onContactSupport={noop} />));
    // The deadline on the tour's clock, labelled as the tour's times are: 02:30Z is 11:30 in Japan.
    expect(
      await screen.findByText(
        /Pay by Nov 24, 11:30 \(Japan time\), or the request lapses and the tour goes on as booked/,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() =>
      expect(calls().some((c) => c.url.endsWith('/api/v2/bookings/12/extension/withdraw') && c.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('an ongoing tour: Continue, then closing the payment dialog leaves no request behind', async () => {
    render(wrap(<TripCard booking={booking({})} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Request Extension' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('dialog', { name: 'Tour Extension Payment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls().some((c) => c.url.includes('request-extension'))).toBe(false);
  });
});
