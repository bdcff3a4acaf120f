import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import { i18next } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import {
  answerReplacements,
  deposit,
  json,
  noop,
  tripTroubleSuite,
  troubleNow as now,
  wrap,
  type Routes,
} from './test-helpers';
import { GuideTourCard } from './guide-tour-card';
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * Decision 138 on the cards: the no-show report by either side, and the cancelled card after it. Apart
 * from the replacement choice (trip-trouble.test.tsx), which the report can lead to.
 */
let routes: Routes;
const calls = tripTroubleSuite(() => routes);
beforeEach(() => {
  routes = answerReplacements;
});

describe('the no-show report (decision 138)', () => {
  const started = (over: Partial<Booking> = {}) =>
    sampleBooking({
      status: 'awaiting_start',
      travelerConfirmedStart: false,
      guideConfirmedStart: false,
      payments: [deposit],
      noShowRefundCents: 13_200,
      actions: ['start_confirm'],
      ...over,
    });
  const past = () => new Date(Date.now() - 60_000).toISOString();

  it('shows nothing before the server’s time, nor without it; the button once that time comes', async () => {
    const { unmount } = render(
      wrap(<TripCard booking={started({ noShowReportableFrom: null })} now={now} onContactSupport={noop} />),
    );
    await screen.findByRole('button', { name: 'Confirm Start' });
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    unmount();
    render(
      wrap(
        <TripCard
          booking={started({ noShowReportableFrom: new Date(Date.now() + 400).toISOString() })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    await screen.findByRole('button', { name: 'Confirm Start' });
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Guide did not come' }, { timeout: 3000 })).toBeTruthy();
  });

  it('the traveler reports the guide absent in Chinese: the deposit comes back in full', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    routes = (url, init) =>
      init?.method === 'POST' && url.endsWith('/report-no-show')
        ? json({
            ...started({
              status: 'cancelled',
              cancelReason: 'guide_no_show',
              cancelledBy: 'guide',
              creditIssued: { amountCents: 5_000, expiresAt: '2027-11-25T02:00:00.000Z', spent: false },
            }),
            refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 },
          })
        : json({});
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: '地陪没有来' }));
    const dialog = await screen.findByRole('dialog', { name: '确认报告地陪没有来？' });
    expect(within(dialog).getByText(/定金 132 元将立即全额退还/)).toBeTruthy();
    expect((await within(dialog).findByTestId('credit-before')).textContent).toContain('同时，您将获得 50 元抵用金');
    expect(within(dialog).getByRole('button', { name: '今天换一位地陪' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('发生了什么（选填）'), {
      target: { value: '在八重洲北口等了40分钟' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '报告并退款' }));
    await waitFor(() =>
      expect(
        calls().some(
          (c) =>
            c.method === 'POST' &&
            c.url.endsWith('/api/v2/bookings/12/report-no-show') &&
            c.body === JSON.stringify({ note: '在八重洲北口等了40分钟' }),
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '已报告：地陪没有来',
          description:
            '132 元已全额退还给您。已为您的下一次预订发放 50 元抵用金，有效期至2027年11月25日，预订时自动抵扣。',
          variant: 'success',
        }),
      ),
    );
  });

  it('the traveler asks for another guide later today instead of the refund', async () => {
    routes = (url, init) =>
      init?.method === 'POST' && url.endsWith('/report-no-show')
        ? json({
            ...started({
              status: 'awaiting_replacement',
              replacement: {
                status: 'open',
                lapsesAt: '2026-11-22T04:00:00Z',
                answerBy: null,
                coveredCents: 0,
                reason: null,
                sameDay: true,
              },
            }),
            refund: null,
          })
        : json({});
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Guide did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the guide did not come?' });
    expect(within(dialog).getByText(/^Or find another guide for later today/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Report and get my refund' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What happened (optional)'), {
      target: { value: 'Waited at the north exit' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find another guide today' }));
    await waitFor(() =>
      expect(
        calls().some(
          (c) =>
            c.method === 'POST' &&
            c.url.endsWith('/api/v2/bookings/12/report-no-show') &&
            c.body === JSON.stringify({ note: 'Waited at the north exit', replacement: true }),
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Reported: the guide did not come',
          description: 'You can choose a guide for later today below.',
          variant: 'success',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('nobody free later today (409 no_replacement_today): the sheet says so and the full refund is still there', async () => {
    routes = (url, init) => {
      if (init?.method !== 'POST' || !url.endsWith('/report-no-show')) return json({});
      if (String(init.body).includes('replacement'))
        return json({ code: 'no_replacement_today', message: 'nobody free', requestId: 'r' }, 409);
      return json({
        ...started({ status: 'cancelled', cancelReason: 'guide_no_show', cancelledBy: 'guide' }),
        refund: { amountCents: 13_200, method: 'wechat', minBusinessDays: 1, maxBusinessDays: 3 },
      });
    };
    render(wrap(<TripCard booking={started({ noShowReportableFrom: past() })} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Guide did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the guide did not come?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find another guide today' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No other guide is free later today. You can still take the full refund.',
    );
    expect(screen.getByRole('dialog', { name: 'Report that the guide did not come?' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Find another guide today' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(showToast).not.toHaveBeenCalled();
    const refund = within(dialog).getByRole('button', { name: 'Report and get my refund' });
    expect(refund.hasAttribute('disabled')).toBe(false);
    fireEvent.click(refund);
    await waitFor(() =>
      expect(
        calls()
          .filter((c) => c.method === 'POST')
          .map((c) => c.body),
      ).toEqual([JSON.stringify({ replacement: true }), JSON.stringify({})]),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Reported: the guide did not come',
          description: '132 RMB is refunded to you in full.',
          variant: 'success',
        }),
      ),
    );
  });

  it('the guide reports the traveler absent: the confirmation says the deposit is kept and the traveler may contest', async () => {
    routes = (url, init) =>
      init?.method === 'POST'
        ? json({ ...started({ status: 'cancelled', cancelReason: 'traveler_no_show' }), refund: null })
        : json({});
    render(wrap(<GuideTourCard booking={started({ noShowReportableFrom: past() })} now={now} />));
    expect(screen.queryByRole('button', { name: 'Guide did not come' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Traveler did not come' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report that the traveler did not come?' });
    expect(
      within(dialog).getByText(
        'The booking is cancelled and the deposit is kept by the no-show terms. The traveler may contest the report within 48 hours.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Find another guide today' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report no-show' }));
    await waitFor(() => expect(calls().some((c) => c.method === 'POST' && c.body === JSON.stringify({}))).toBe(true));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reported: the traveler did not come' })),
    );
  });

  it('a cancelled card says in words which side did not come, and offers the reported traveler a dispute', async () => {
    const { unmount } = render(
      wrap(
        <TripCard
          booking={started({ status: 'cancelled', cancelledBy: 'guide', cancelReason: 'guide_no_show', actions: [] })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(
      await screen.findByText(
        'You reported that Haruka Tanaka did not come, so the booking was cancelled and your deposit refunded in full.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/guide_no_show/)).toBeNull();
    unmount();
    render(
      wrap(
        <TripCard
          booking={started({
            status: 'cancelled',
            cancelledBy: 'traveler',
            cancelReason: 'traveler_no_show',
            actions: ['dispute'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByText(/Haruka Tanaka reported that you did not come/)).toBeTruthy();
    expect(screen.queryByText(/traveler_no_show/)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });
});
