import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { i18next } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { sampleBooking } from '../test-booking';
import {
  answerReplacements,
  awaiting,
  candidate,
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
import { TripCard } from './trip-card';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

/**
 * Decision 137 on the traveler's card: the free guides offered after a cancellation or a no-show, and
 * choosing one. What follows the choice is in replacement-outcome.test.tsx, the no-show report in
 * no-show-report.test.tsx.
 */
let routes: Routes;
const calls = tripTroubleSuite(() => routes);
beforeEach(() => {
  routes = answerReplacements;
});

describe('the replacement choice on the traveler’s card (decision 137)', () => {
  clockAtTroubleNow();

  it('lists the free guides with what the traveler pays, the deadline in Japan time, and no ordinary Cancel', async () => {
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    const panel = await screen.findByRole('region', { name: 'Your guide cancelled — choose a new guide' });
    expect(within(panel).getByText(/Choose by .*Dec.*5.*07:00 \(Japan time\)/)).toBeTruthy();
    const items = await within(panel).findAllByTestId('replacement-candidate');
    expect(
      items.map((li) =>
        within(li)
          .getByRole('button', { name: /^Choose / })
          .getAttribute('aria-label'),
      ),
    ).toEqual(['Choose Mei Chen', 'Choose Kenji Mori', 'Choose Aya Ito']);
    // Same price and a dearer guide the platform covers: no extra cost; a cheaper one says how much less.
    expect(within(items[0]!).getByTestId('candidate-price').textContent).toBe(
      'You pay 660 RMB in all · 528 RMB in personNo extra cost',
    );
    expect(within(items[1]!).getByText('No extra cost')).toBeTruthy();
    expect(within(items[2]!).queryByText('No extra cost')).toBeNull();
    expect(within(items[2]!).getByText('60 RMB less than booked')).toBeTruthy();
    expect(within(items[0]!).getByText('Licensed')).toBeTruthy();
    expect(within(items[1]!).queryByText('Licensed')).toBeNull();
    expect(within(items[0]!).getByText('Chinese · Japanese')).toBeTruthy();
    expect(within(items[2]!).getByText('New guide')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // The booked time is on the card already: no start time per guide after a cancellation.
    expect(within(panel).queryByTestId('candidate-start')).toBeNull();
  });

  it('after the guide’s no-show: guides for later today, each with their own start in Japan time; in Chinese too', async () => {
    // The tour was 10:00 on 25 November in Kyoto; it is 11:00 there now, and the choice closes at 13:30.
    const lapsesAt = '2026-11-25T04:30:00Z';
    const today = awaiting({
      date: '2026-11-25',
      startsAt: '2026-11-25T01:00:00Z',
      endsAt: '2026-11-25T03:00:00Z',
      replacement: { status: 'open', lapsesAt, answerBy: null, coveredCents: 0, reason: null, sameDay: true },
    });
    const later = [
      candidate({ startsAt: '2026-11-25T05:30:00Z', scheduledStartTime: '14:30' }),
      candidate({ guideId: 41, fullName: 'Kenji Mori', startsAt: '2026-11-25T07:00:00Z', scheduledStartTime: '16:00' }),
    ];
    routes = (url) => (url.includes('/replacements') ? json({ ...reply(later), sameDay: true, lapsesAt }) : json({}));
    const { unmount } = render(wrap(<TripCard booking={today} now={now} onContactSupport={noop} />));
    const panel = await screen.findByRole('region', {
      name: 'Your guide did not come — choose a guide for later today',
    });
    expect(
      await within(panel).findByText(/^These guides can take the tour later today, each at the time shown/),
    ).toBeTruthy();
    expect(within(panel).getByText(/Choose by .*Nov.*25.*13:30 \(Japan time\)/)).toBeTruthy();
    const items = within(panel).getAllByTestId('replacement-candidate');
    // Each guide's own time, not the booked 10:00 (the traveler's own time may follow when their zone differs).
    expect(items.map((li) => within(li).getByTestId('candidate-start').textContent)).toEqual([
      expect.stringMatching(/^Starts 14:30 \(Japan time\)/),
      expect.stringMatching(/^Starts 16:00 \(Japan time\)/),
    ]);
    expect(within(items[1]!).getByRole('button', { name: 'Choose Kenji Mori' })).toBeTruthy();
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<TripCard booking={today} now={now} onContactSupport={noop} />));
    const zh = await screen.findByRole('region', { name: '您的地陪没有来，请选择今天稍后的地陪' });
    const zhItems = await within(zh).findAllByTestId('candidate-start');
    expect(zhItems.map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^14:30（日本时间）开始/),
      expect.stringMatching(/^16:00（日本时间）开始/),
    ]);
    expect(within(zh).getByText(/^以下地陪今天稍后可以接手行程/)).toBeTruthy();
  });

  it('chooses a guide by id and says whom the traveler waits for', async () => {
    routes = (url, init) => {
      if (url.endsWith('/api/v2/bookings/12/replacements') && init?.method === 'POST') {
        return json(
          sampleBooking({
            status: 'confirmed',
            guideId: 40,
            guide: { ...sampleBooking().guide, id: 40, fullName: 'Mei Chen' },
            replacement: {
              status: 'requested',
              lapsesAt: '2026-12-04T22:00:00Z',
              answerBy: '2026-11-25T14:00:00Z',
              coveredCents: 0,
            },
          }),
        );
      }
      return json(reply(THREE));
    };
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Kenji Mori' }));
    await waitFor(() =>
      expect(
        calls().some(
          (c) =>
            c.method === 'POST' &&
            c.url.endsWith('/api/v2/bookings/12/replacements') &&
            JSON.parse(String(c.body)).guideId === 41,
        ),
      ).toBe(true),
    );
    // The start the list showed is sent with the choice, so a time gone meanwhile is refused rather than moved.
    const sent = calls().find((c) => c.method === 'POST' && c.url.endsWith('/api/v2/bookings/12/replacements'));
    expect(JSON.parse(String(sent!.body))).toEqual({
      guideId: 41,
      startsAt: THREE.find((c) => c.guideId === 41)!.startsAt,
    });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Kenji Mori has been asked',
          description: expect.stringContaining('23:00 (Japan time)'),
          variant: 'success',
        }),
      ),
    );
  });

  it('a guide taken meanwhile: says so and reads the list again', async () => {
    routes = (url, init) =>
      init?.method === 'POST'
        ? json({ code: 'replacement_unavailable', message: 'taken', requestId: 'r' }, 409)
        : json(reply(THREE));
    render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Mei Chen' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Mei Chen was just booked by someone else', variant: 'destructive' }),
      ),
    );
    await waitFor(() =>
      expect(calls().filter((c) => c.method === 'GET' && c.url.endsWith('/replacements')).length).toBe(2),
    );
  });

  describe('the traveler booked another tour at that time since', () => {
    // Same hours as `awaiting()`, with another guide: the server offers nobody for them (decision 137).
    const elsewhere = sampleBooking({
      id: 30,
      bookingNumber: 'TG0030',
      status: 'upcoming',
      startsAt: '2026-12-05T01:00:00Z',
      endsAt: '2026-12-05T03:00:00Z',
      guide: { ...sampleBooking().guide, fullName: 'Sato Yuki' },
    });
    beforeEach(() => setSession('t', { id: sampleBooking().traveler.id, fullName: 'Li Wei' } as User));
    afterEach(() => clearSession());

    it('the empty list says which booking holds those hours, and the refund stays on offer', async () => {
      routes = (url) =>
        url.includes('/bookings-new/traveler/')
          ? json({ data: [elsewhere], counts: { 'pending-requests': 0, upcoming: 1, ongoing: 0, past: 0 } })
          : url.includes('/replacements')
            ? json(reply([]))
            : json({});
      render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
      const empty = await screen.findByTestId('replacement-empty');
      await waitFor(() =>
        expect(empty.textContent).toMatch(
          /^You already have TG0030 with Sato Yuki at this time, so no other guide is offered for it\. Your deposit comes back in full automatically on .*Dec.*5.*07:00 \(Japan time\)/,
        ),
      );
      expect(screen.getByRole('button', { name: 'Take the full refund instead' })).toBeTruthy();
    });

    it('a choice refused for it (409 traveler_busy) names that booking', async () => {
      routes = (url, init) =>
        init?.method === 'POST'
          ? json(
              {
                code: 'traveler_busy',
                message: 'You already have booking TG0030 at this time',
                fields: [{ path: 'booking', message: 'TG0030' }],
              },
              409,
            )
          : url.includes('/bookings-new/traveler/')
            ? json({ data: [], counts: { 'pending-requests': 0, upcoming: 0, ongoing: 0, past: 0 } })
            : json(reply(THREE));
      render(wrap(<TripCard booking={awaiting()} now={now} onContactSupport={noop} />));
      fireEvent.click(await screen.findByRole('button', { name: 'Choose Mei Chen' }));
      await waitFor(() =>
        expect(showToast).toHaveBeenCalledWith({
          title: 'You already have TG0030 at this time',
          description: 'A traveler can join one tour at a time: take the full refund, or cancel TG0030 first.',
          variant: 'destructive',
        }),
      );
    });
  });
});
