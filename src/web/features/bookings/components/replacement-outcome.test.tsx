import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import {
  answerReplacements,
  awaiting,
  clockAtTroubleNow,
  json,
  noop,
  reply,
  THREE,
  tripTroubleSuite,
  troubleNow as now,
  wrap,
  type Routes,
} from './test-helpers';
import { RequestCard } from './request-card';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * Decision 137 past the list of guides: the full refund instead, nobody left, the lapse, the wait for
 * the chosen guide, and the request on that guide's card. Choosing is in trip-trouble.test.tsx.
 */
let routes: Routes;
const calls = tripTroubleSuite(() => routes);
beforeEach(() => {
  routes = answerReplacements;
});

describe('the replacement choice on the traveler’s card (decision 137)', () => {
  clockAtTroubleNow();

  it('takes the full refund instead, after a confirmation that names the deposit and the travel credit that comes with it', async () => {
    const credit = { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false };
    routes = (url, init) =>
      init?.method === 'PATCH'
        ? json({
            ...awaiting({ status: 'cancelled', creditIssued: credit }),
            refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 },
          })
        : json(reply(THREE));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Take the full refund instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the full refund?' });
    await waitFor(() =>
      expect(
        within(dialog).getByText('The booking is cancelled and your deposit of 132 RMB comes back to you in full.'),
      ).toBeTruthy(),
    );
    expect((await within(dialog).findByTestId('credit-before')).textContent).toBe(
      'You also get a travel credit of 50 RMB for your next booking, valid for 365 days: it comes off that booking’s price by itself.',
    );
    expect(calls().some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund in full' }));
    await waitFor(() =>
      expect(
        calls().some(
          (c) =>
            c.method === 'PATCH' &&
            c.url.endsWith('/api/bookings/12/status') &&
            c.body === JSON.stringify({ status: 'cancelled' }),
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Booking has been cancelled',
          description: expect.stringMatching(/132 RMB.* A credit of 50 RMB for your next booking, until Nov 25, 2027/),
        }),
      ),
    );
  });

  it('loading, error with retry, and nobody left (the refund comes by itself at the lapse, or now)', async () => {
    let answer: () => Response = () => json({ code: 'internal', message: 'x', requestId: 'r' }, 500);
    routes = (url) => (url.includes('/replacements') ? answer() : json({}));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    expect(screen.getByLabelText('Looking for guides who are free').getAttribute('aria-busy')).toBe('true');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We could not load the guides who are free at this time.')).toBeTruthy();
    answer = () => json(reply([]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const empty = await screen.findByTestId('replacement-empty');
    expect(empty.textContent).toMatch(
      /No other guide is free.*Dec.*5.*07:00 \(Japan time\), or you can take the refund now\./,
    );
    expect(screen.getByRole('button', { name: 'Take the full refund instead' })).toBeTruthy();
  });

  it('past the lapse it says the refund is under way, not a deadline gone by', async () => {
    routes = (url) =>
      url.includes('/replacements') ? json({ ...reply([]), lapsesAt: '2026-01-01T00:00:00Z' }) : json({});
    render(
      wrap(
        <TripCard
          booking={awaiting({
            replacement: { status: 'open', lapsesAt: '2026-01-01T00:00:00Z', answerBy: null, coveredCents: 0 },
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect((await screen.findByTestId('replacement-empty')).textContent).toBe(
      'The time to choose has passed: your deposit is being refunded in full.',
    );
    expect(screen.queryByText(/Choose by/)).toBeNull();
  });

  it('after the choice the card waits for the chosen guide, by the answer time; in Chinese too', async () => {
    const chosen = sampleBooking({
      status: 'confirmed',
      respondBy: '2026-11-27T10:00:00Z',
      guide: { ...sampleBooking().guide, fullName: 'Mei Chen' },
      replacement: {
        status: 'requested',
        lapsesAt: '2026-12-04T22:00:00Z',
        answerBy: '2026-11-25T14:00:00Z',
        coveredCents: 0,
      },
    });
    const { unmount } = render(wrap(<TripCard booking={chosen} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('replacement-waiting')).textContent).toMatch(
      /^Waiting for Mei Chen to accept, by .*Nov.*25.*23:00 \(Japan time\)\. If they decline, you can choose another guide\.$/,
    );
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={chosen} now={now} onContactSupport={noop} />));
    expect((await screen.findByTestId('replacement-waiting')).textContent).toMatch(
      /^正在等待 Mei Chen 接受，截止.*23:00（日本时间）。如果对方拒绝，您可以另选地陪。$/,
    );
    expect(screen.queryByRole('region', { name: '您的地陪取消了行程，请选择新地陪' })).toBeNull();
  });
});

describe('the replacement request on the guide’s card (decision 137)', () => {
  it('is marked and answers by the replacement’s own deadline, not 48 hours after payment', async () => {
    const asked = sampleBooking({
      status: 'confirmed',
      actions: ['accept', 'decline'],
      respondBy: '2026-11-27T10:00:00Z',
      replacement: {
        status: 'requested',
        lapsesAt: '2026-12-04T22:00:00Z',
        answerBy: '2026-11-25T14:00:00Z',
        coveredCents: 6_000,
      },
    });
    const { unmount } = render(wrap(<RequestCard booking={asked} />));
    expect(within(await screen.findByTestId('replacement-request')).getByText('Replacement request')).toBeTruthy();
    expect(
      screen.getByText(
        /Please answer by .*23:00 \(Japan time\)\. Without an answer the traveler chooses another guide\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/19:00/)).toBeNull();
    unmount();
    render(
      wrap(
        <RequestCard
          booking={sampleBooking({
            status: 'confirmed',
            actions: ['accept', 'decline'],
            respondBy: '2026-11-27T10:00:00Z',
            replacement: null,
          })}
        />,
      ),
    );
    expect(await screen.findByText(/19:00/)).toBeTruthy();
    expect(screen.queryByTestId('replacement-request')).toBeNull();
  });
});
