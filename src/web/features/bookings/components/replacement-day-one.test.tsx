import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { ReplacementsReply } from '../../../../shared/schemas/replacements';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { ReplacementPanel } from './replacement-panel';
import { TripCard } from './trip-card';

/**
 * The guide did not come on day 1 of three days (decision 140, amended): the chooser names the days
 * after today each guide keeps at the booked hours, and the card after the choice lists day 1 from the
 * new guide's later start and the other days at the booked hours.
 */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Saturday 12 to Monday 14 December, 09:00–15:00 in Kyoto each day; the guide did not come at 09:00 on the 12th. */
const day = (date: string, from: string, to: string) => ({
  date,
  startsAt: `${date}T${from}:00.000Z`,
  endsAt: `${date}T${to}:00.000Z`,
});
const booked = [
  day('2026-12-12', '00:00', '06:00'),
  day('2026-12-13', '00:00', '06:00'),
  day('2026-12-14', '00:00', '06:00'),
];
const threeDays = (over: Partial<Booking> = {}) =>
  sampleBooking({
    status: 'awaiting_replacement',
    date: '2026-12-12',
    days: 3,
    duration: 6,
    scheduledStartTime: '09:00',
    startsAt: '2026-12-12T00:00:00.000Z',
    endsAt: '2026-12-14T06:00:00.000Z',
    schedule: booked,
    currentDay: 1,
    actions: ['cancel'],
    replacement: {
      status: 'open',
      lapsesAt: '2026-12-12T02:25:00.000Z',
      answerBy: null,
      coveredCents: 0,
      sameDay: true,
    },
    ...over,
  });

const reply: ReplacementsReply = {
  bookingId: 12,
  status: 'open',
  sameDay: true,
  lapsesAt: '2026-12-12T02:25:00.000Z',
  requestedGuideId: null,
  answerBy: null,
  bookedTotalCents: 450_000,
  depositPaidCents: 90_000,
  candidates: [
    {
      guideId: 7,
      fullName: 'Sato Yuki',
      profilePicture: null,
      rating: 4.8,
      reviewCount: 12,
      languages: ['zh'],
      licensed: false,
      totalCents: 450_000,
      balanceCents: 360_000,
      coveredCents: 0,
      startsAt: '2026-12-12T01:30:00.000Z',
      scheduledStartTime: '10:30',
    },
  ],
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['trips', 'bookings', 'common', 'tour']);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-12T00:30:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('/replacements') ? json(reply) : json({ data: [] }))),
  );
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the chooser after the guide’s no-show on day 1 of three days', () => {
  it('names the days after today, kept at the booked hours, for the panel and each guide, in en, zh-CN and ja', async () => {
    const expected = {
      en: {
        span: 'Every guide offered also takes the rest of your tour at its booked hours: Dec 13–14, 2026, from 09:00.',
        start: 'Starts 10:30 (Japan time)',
        rest: 'Then Dec 13–14, 2026 from 09:00, as booked',
      },
      'zh-CN': {
        span: '所推荐的地陪也会按原定时间带完其余行程：2026年12月13日–14日，09:00 开始。',
        start: '10:30（日本时间）开始',
        rest: '之后2026年12月13日–14日按原定时间 09:00 开始',
      },
      ja: {
        span: 'ご案内するガイドは、残りの日程（2026年12月13日(日)〜14日(月)）も予約どおり09:00から担当します。',
        start: '10:30（日本時間）開始',
        rest: '2026年12月13日(日)〜14日(月)は予約どおり09:00から',
      },
    };
    for (const [lng, text] of Object.entries(expected)) {
      await act(() => i18next.changeLanguage(lng));
      const { unmount } = render(wrap(<ReplacementPanel booking={threeDays()} />));
      expect((await screen.findByTestId('replacement-span')).textContent).toBe(text.span);
      const guide = await screen.findByTestId('replacement-candidate');
      expect(within(guide).getByTestId('candidate-start').textContent).toContain(text.start);
      expect(within(guide).getByTestId('candidate-rest').textContent).toBe(text.rest);
      unmount();
    }
  });

  it('a tour of two days names the one day left', async () => {
    render(
      wrap(
        <ReplacementPanel
          booking={threeDays({ days: 2, endsAt: '2026-12-13T06:00:00.000Z', schedule: booked.slice(0, 2) })}
        />,
      ),
    );
    expect((await screen.findByTestId('candidate-rest')).textContent).toBe('Then Dec 13, 2026 from 09:00, as booked');
  });

  it('a one-day tour names no other days', async () => {
    render(
      wrap(
        <ReplacementPanel
          booking={threeDays({ days: 1, endsAt: '2026-12-12T06:00:00.000Z', schedule: booked.slice(0, 1) })}
        />,
      ),
    );
    await screen.findByTestId('replacement-candidate');
    expect(screen.queryByTestId('replacement-span')).toBeNull();
    expect(screen.queryByTestId('candidate-rest')).toBeNull();
  });
});

describe('the traveler’s card once the new guide is chosen', () => {
  // As the server answers: day 1 from 10:30, the other days at the booked 09:00.
  const chosen = () =>
    threeDays({
      status: 'confirmed',
      guide: {
        id: 7,
        userId: 21,
        fullName: 'Sato Yuki',
        profilePicture: null,
        serviceCity: 'kyoto',
        timeZone: 'Asia/Tokyo',
      },
      scheduledStartTime: '10:30',
      startsAt: '2026-12-12T01:30:00.000Z',
      schedule: [day('2026-12-12', '01:30', '07:30'), booked[1]!, booked[2]!],
      replacement: {
        status: 'requested',
        lapsesAt: '2026-12-12T02:25:00.000Z',
        answerBy: '2026-12-12T01:00:00.000Z',
        coveredCents: 0,
        sameDay: true,
      },
    });

  it('lists day 1 from the later start and the other days at the booked hours, in en, zh-CN and ja', async () => {
    const expected = {
      en: [
        '10:30–16:30 (Japan time)',
        '10:30–16:30 (Japan time)',
        '09:00–15:00 (Japan time)',
        '09:00–15:00 (Japan time)',
      ],
      'zh-CN': [
        '10:30–16:30（日本时间）',
        '10:30–16:30（日本时间）',
        '09:00–15:00（日本时间）',
        '09:00–15:00（日本时间）',
      ],
      ja: [
        '10:30〜16:30（日本時間）',
        '10:30〜16:30（日本時間）',
        '09:00〜15:00（日本時間）',
        '09:00〜15:00（日本時間）',
      ],
    };
    for (const [lng, times] of Object.entries(expected)) {
      await act(() => i18next.changeLanguage(lng));
      const { unmount } = render(
        wrap(<TripCard booking={chosen()} now={new Date('2026-12-12T00:30:00Z')} onContactSupport={() => {}} />),
      );
      // The card's time (day 1), then each day of the list.
      expect((await screen.findAllByTestId('tour-time')).map((el) => el.textContent)).toEqual(times);
      expect(screen.getByTestId('replacement-waiting').textContent).toContain('Sato Yuki');
      unmount();
    }
  });
});
