import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { User } from '../../../../shared/schemas/user';
import { i18next } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { GuideTourCard } from './guide-tour-card';
import { TripCard } from './trip-card';
import { sampleBooking as booking } from '../test-booking';
import { noop, tourCardSuite, tourDayNow as now, wrap } from './test-helpers';

/**
 * On-tour cards: docs/rules/money-and-cancellation.md labels for each status, the guide's answers, Help now,
 * why a trip was cancelled, the typhoon rule. The extension dialogs are apart in tour-extension.test.tsx.
 */
const { calls } = tourCardSuite();

describe('traveler trip card on the tour day', () => {
  it('awaiting_start: Confirm Start, then a disabled Waiting for guide... once confirmed', async () => {
    const { unmount } = render(
      wrap(
        <TripCard
          booking={booking({
            status: 'awaiting_start',
            travelerConfirmedStart: false,
            guideConfirmedStart: false,
            actions: ['start_confirm', 'cancel'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Start' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull(); // docs/rules/booking-lifecycle.md: not on the tour day
    await waitFor(() =>
      expect(
        calls().some(
          (c) =>
            c.url.endsWith('/api/bookings/12/confirm-start') &&
            c.method === 'PATCH' &&
            c.body === JSON.stringify({ userType: 'traveler' }),
        ),
      ).toBe(true),
    );
    unmount();
    render(
      wrap(
        <TripCard
          booking={booking({
            status: 'start_confirmed',
            travelerConfirmedStart: true,
            guideConfirmedStart: false,
            actions: [],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    const waiting = await screen.findByRole('button', { name: 'Waiting for guide...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Confirm Start' })).toBeNull();
  });

  it('an upcoming trip offers Confirm Start only on its day', async () => {
    const { unmount } = render(
      wrap(
        <TripCard
          booking={booking({
            status: 'upcoming',
            date: '2026-11-25',
            travelerConfirmedStart: false,
            guideConfirmedStart: false,
            actions: ['start_confirm', 'cancel'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Start' })).toBeNull();
    unmount();
    render(
      wrap(
        <TripCard
          booking={booking({
            status: 'upcoming',
            travelerConfirmedStart: false,
            guideConfirmedStart: false,
            actions: ['start_confirm', 'cancel'],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Confirm Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows every ongoing label by status', async () => {
    const cases: [Partial<Booking>, string, boolean][] = [
      [{ status: 'ongoing' }, 'Request Extension', false],
      [
        {
          status: 'extend_requested',
          extensionPrice: 165,
          extension: {
            id: 1,
            hours: 0.5,
            price: 165,
            priceCents: 16_500,
            status: 'requested',
            payBy: '2026-11-24T02:30:00Z',
          },
          actions: ['request_extension'],
        },
        'Pay Extension (165 RMB)',
        false,
      ],
      [
        {
          status: 'extend_requested',
          extensionPrice: null,
          extension: { id: 1, hours: 0.5, price: 165, priceCents: 16_500, status: 'paid', payBy: null },
          actions: [],
        },
        'Extension requested...',
        true,
      ],
      [
        {
          status: 'extend_confirmed',
          extension: { id: 1, hours: 0.5, price: 165, priceCents: 16_500, status: 'approved', payBy: null },
          actions: ['confirm_extension'],
        },
        'Confirm Extension',
        false,
      ],
    ];
    for (const [over, label, disabled] of cases) {
      const { unmount } = render(wrap(<TripCard booking={booking(over)} now={now} onContactSupport={noop} />));
      expect(((await screen.findByRole('button', { name: label })) as HTMLButtonElement).disabled).toBe(disabled);
      // 'Complete Service' always, enabled only when the state machine allows it.
      expect((screen.getByRole('button', { name: 'Complete Service' }) as HTMLButtonElement).disabled).toBe(
        !(over.actions ?? booking({}).actions).includes('service_complete'),
      );
      unmount();
    }
  });
});

describe('guide tour card', () => {
  it('approves a paid extension and completes after a confirmation (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const paid = booking({
      status: 'extend_requested',
      extension: { id: 1, hours: 0.5, price: 165, priceCents: 16_500, status: 'paid', payBy: null },
      actions: ['approve_extension', 'reject_extension'],
    });
    const { unmount } = render(wrap(<GuideTourCard booking={paid} now={now} />));
    expect(await screen.findByText('旅行者已为延长 30 分钟支付 165 元：请批准或拒绝')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批准延长' }));
    await waitFor(() =>
      expect(calls().some((c) => c.url.endsWith('/api/v2/bookings/12/extension/approve') && c.method === 'POST')).toBe(
        true,
      ),
    );
    unmount();
    render(wrap(<GuideTourCard booking={booking({ actions: ['service_complete', 'dispute'] })} now={now} />));
    expect(screen.queryByRole('button', { name: '申请延长' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '完成服务' }));
    const dialog = await screen.findByRole('dialog', { name: '完成服务' });
    expect(dialog.textContent).toContain('Li Wei');
    fireEvent.click(screen.getAllByRole('button', { name: '完成服务' }).at(-1)!);
    await waitFor(() => {
      const c = calls().find((x) => x.url.endsWith('/api/bookings/12/status'));
      expect(c && JSON.parse(String(c.body))).toEqual({ status: 'completed' });
    });
  });
});

describe('Help now on the guide’s tour card (decision 132)', () => {
  it('shows in the help window only, and asks for urgent support about this booking in the guide’s words (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    // The guide of sampleBooking (guide.userId 9).
    setSession('token', {
      id: 9,
      username: 'guide',
      fullName: 'Haruka Tanaka',
      role: 'guide',
      isGuide: true,
      isAdmin: false,
    } as unknown as User);
    // Three days ahead, and the small hours after the tour's day (past its end + 3 h): no button.
    const later = render(
      wrap(
        <GuideTourCard
          booking={booking({
            status: 'upcoming',
            date: '2026-11-25',
            startsAt: '2026-11-25T01:00:00Z',
            endsAt: '2026-11-25T03:00:00Z',
            actions: ['cancel'],
          })}
          now={now}
        />,
      ),
    );
    expect(await screen.findByText('TG0012')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '紧急求助' })).toBeNull();
    later.unmount();
    const after = render(wrap(<GuideTourCard booking={booking()} now={new Date('2026-11-22T15:30:00Z')} />));
    expect(await screen.findByText('TG0012')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '紧急求助' })).toBeNull();
    after.unmount();

    render(wrap(<GuideTourCard booking={booking()} now={now} />));
    fireEvent.click(await screen.findByRole('button', { name: '紧急求助' }));
    const sheet = await screen.findByRole('dialog', { name: '紧急求助' });
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['tel:110', 'tel:119', 'tel:+81-50-3816-2787']);
    expect(
      within(sheet).getByText('紧急求助会优先处理，几分钟内回复；客服能看到该订单、您的游客以及双方的联系方式。'),
    ).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '立即联系客服' }));
    await waitFor(() => expect(calls().some((c) => c.url.endsWith('/api/support/threads'))).toBe(true));
    const posted = calls().find((c) => c.url.endsWith('/api/support/threads'))!;
    expect(posted.method).toBe('POST');
    expect(JSON.parse(String(posted.body))).toMatchObject({
      message: '我带的行程 TG0012 需要紧急帮助。',
      urgent: true,
      bookingId: 12,
      locale: 'zh-CN',
    });
  });
});

describe('a cancelled trip says why', () => {
  it("quotes the guide's own words, and names a lapse in Chinese", async () => {
    const declined = booking({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'I am guiding a school group that week',
      actions: [],
    });
    const { unmount } = render(wrap(<TripCard booking={declined} now={now} onContactSupport={noop} />));
    expect(await screen.findByText('The guide declined or cancelled this booking.')).toBeTruthy();
    expect(screen.getByText('Reason: “I am guiding a school group that week”')).toBeTruthy();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      wrap(
        <TripCard
          booking={booking({
            status: 'cancelled',
            cancelledBy: 'system',
            cancelReason: 'request_expired',
            actions: [],
          })}
          now={now}
          onContactSupport={noop}
        />,
      ),
    );
    expect(await screen.findByText(/未在时限内回复，预订已失效，定金将全额退还/)).toBeTruthy();
    expect(screen.queryByText(/原因/)).toBeNull();
  });
});

describe('the typhoon rule on both cards', () => {
  const weather = {
    kind: 'warning' as const,
    code: '05',
    name: '暴風警報',
    areaCode: '260000',
    municipality: '2610000',
    issuedAt: '2024-08-29T07:41:00Z',
    source: 'jma' as const,
    checkedAt: '2026-11-21T09:00:00Z',
  };
  it('tells the traveler of the warning and offers Cancel on the tour day; tells the guide and cancels without penalty after a confirmation (zh-CN)', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const tourDay = booking({
      status: 'awaiting_start',
      travelerConfirmedStart: false,
      guideConfirmedStart: false,
      actions: ['start_confirm', 'cancel'],
      weather,
    });
    const { unmount } = render(wrap(<TripCard booking={tourDay} now={now} onContactSupport={noop} />));
    const notice = await screen.findByRole('region', { name: '气象警报' });
    // JMA's name in Chinese and the office's area by name, not 暴風警報 and its code.
    expect(notice.textContent).toContain('日本气象厅警报生效中：暴风警报');
    expect(notice.textContent).toContain(
      '地区：京都（京都府）· 发布时间：2024年8月29日 16:41（日本时间）· 来源：日本气象厅',
    );
    expect(notice.textContent).toContain('您可以免费取消，线上支付的款项全额退还；也可以免费改期。');
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    unmount();
    // Without the warning, the tour day offers no Cancel.
    const plain = render(wrap(<TripCard booking={{ ...tourDay, weather: null }} now={now} onContactSupport={noop} />));
    expect(screen.queryByRole('region', { name: '气象警报' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    plain.unmount();
    render(wrap(<GuideTourCard booking={booking({ status: 'upcoming', actions: ['cancel'], weather })} now={now} />));
    expect((await screen.findByRole('region', { name: '气象警报' })).textContent).toContain(
      '您可以取消此行程，不受任何处罚；游客线上支付的款项将全额退还。',
    );
    fireEvent.click(screen.getByRole('button', { name: '免责取消' }));
    await screen.findByRole('dialog', { name: '因气象警报取消此行程？' });
    fireEvent.click(screen.getAllByRole('button', { name: '免责取消' }).at(-1)!);
    await waitFor(() => {
      const c = calls().find((x) => x.url.endsWith('/api/bookings/12/status'));
      expect(c && JSON.parse(String(c.body))).toEqual({ status: 'cancelled' });
    });
  });
});
