import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { sampleBooking } from '../test-booking';
import { needsAnswer } from '../lib/needs-answer';
import { GuideTourCard } from './guide-tour-card';
import { NeedsAnswerList } from './needs-answer-list';
import { RequestCard } from './request-card';

// A Japanese guide in Kyoto reads a Chinese traveler's booking in Japanese (decision 175): what she
// receives (the server's figure, in yen), the place the traveler chose from the list by its Japanese
// name with the traveler's words beside, and every text in another language marked with `lang`.
beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['tour', 'trips', 'bookings', 'common']);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const now = new Date('2026-11-20T02:00:00Z');
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A ¥12,000 tour booked by 王芳, who chose Kyoto Station from the list in Chinese and wrote her notes in Chinese. */
const kyotoBooking = (over: Parameters<typeof sampleBooking>[0] = {}) =>
  sampleBooking({
    status: 'upcoming',
    actions: ['cancel'],
    currency: 'JPY',
    totalPriceCents: 12_000,
    depositCents: 2_400,
    balanceCents: 9_600,
    guideNetCents: 10_800,
    traveler: { id: 1, fullName: '王芳', profilePicture: null, nameLanguage: 'zh' },
    meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
    meetingAddressLanguage: 'zh',
    meetingPostalCode: '600-8216',
    meetingLat: 34.9858,
    meetingLng: 135.7588,
    notes: '带着一位八十岁的老人，请走慢一点。',
    notesLanguage: 'zh',
    ...over,
  });

function show(card: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ support: { provider: 'builtin' }, payments: { provider: 'simulated' } })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{card}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the guide’s tour card in Japanese', () => {
  it('shows what she receives in yen, the place by its Japanese name with the traveler’s words marked Chinese, and the traveler’s name and notes marked Chinese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    show(<GuideTourCard booking={kyotoBooking()} now={now} />);
    const net = await screen.findByTestId('guide-net');
    expect(net.firstChild?.textContent).toBe('お受け取り予定：10,800円');
    expect(net.textContent).toContain('サービス手数料を差し引いた');

    const place = screen.getByTestId('meeting-place');
    expect(place.textContent).toBe('〒600-8216 京都駅 · 京都府京都市下京区東塩小路町');
    expect(place.textContent).not.toContain('京都站');
    const written = screen.getByTestId('meeting-as-written');
    expect(written.textContent).toBe('元の表記 京都站');
    expect(screen.getByText('京都站').getAttribute('lang')).toBe('zh-CN');

    expect(screen.getByRole('heading', { level: 3, name: '王芳' }).getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByText('带着一位八十岁的老人，请走慢一点。').getAttribute('lang')).toBe('zh-CN');
  });

  it('says what she earned once the tour is completed; without the server’s figure (the traveler’s view) it shows none', async () => {
    await act(() => i18next.changeLanguage('ja'));
    show(
      <GuideTourCard booking={kyotoBooking({ status: 'completed', actions: [], guideNetCents: 13_500 })} now={now} />,
    );
    expect((await screen.findByTestId('guide-net')).firstChild?.textContent).toBe('お受け取り額：13,500円');
    cleanup();
    show(<GuideTourCard booking={kyotoBooking({ guideNetCents: undefined })} now={now} />);
    expect(await screen.findByTestId('meeting-place')).toBeTruthy();
    expect(screen.queryByTestId('guide-net')).toBeNull();
  });

  it('keeps a typed place as written, marked with the language the server told, and reads a listed one in English for an English reader', async () => {
    show(
      <GuideTourCard
        booking={kyotoBooking({ meetingAddress: '京都站八条口的星巴克', meetingLat: null, meetingLng: null })}
        now={now}
      />,
    );
    const typed = await screen.findByTestId('meeting-place');
    expect(typed.textContent).toBe('〒600-8216 京都站八条口的星巴克');
    expect(typed.getAttribute('lang')).toBe('zh-CN');
    expect(screen.queryByTestId('meeting-as-written')).toBeNull();
    cleanup();
    show(<GuideTourCard booking={kyotoBooking()} now={now} />);
    expect((await screen.findByTestId('meeting-place')).textContent).toBe(
      '〒600-8216 Kyoto Station · 京都府京都市下京区東塩小路町',
    );
    expect(screen.getByText('京都府京都市下京区東塩小路町').getAttribute('lang')).toBe('ja');
    expect(screen.getByTestId('guide-net').firstChild?.textContent).toBe("You'll receive: ¥10,800 (JPY)");
  });
});

describe('a new time the traveler proposes', () => {
  it('writes the traveler’s message in the Japanese sentence, marked Chinese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const reschedule = {
      id: 4,
      status: 'open' as const,
      proposedBy: 'traveler' as const,
      mine: false,
      date: '2026-11-29',
      startTime: '10:00',
      startsAt: '2026-11-29T01:00:00Z',
      endsAt: '2026-11-29T03:00:00Z',
      fromDate: '2026-11-22',
      fromStartTime: '10:00',
      reason: '我们的航班改了',
      reasonLanguage: 'zh' as const,
      declineReason: null,
      expiresAt: '2026-11-21T05:30:00Z',
      createdAt: '2026-11-19T05:30:00Z',
      decidedAt: null,
    };
    show(<GuideTourCard booking={kyotoBooking({ reschedule })} now={now} />);
    const words = await screen.findByText('我们的航班改了');
    expect(words.getAttribute('lang')).toBe('zh-CN');
    expect(words.closest('p')?.textContent).toBe('メッセージ：我们的航班改了');
  });
});

describe('the guide’s request card and what needs her answer', () => {
  it('shows a request’s net beside its price and the place in Japanese; the waiting line marks the traveler’s name', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const request = kyotoBooking({
      status: 'confirmed',
      actions: ['accept', 'decline'],
      respondBy: '2026-11-21T01:00:00Z',
    });
    show(
      <>
        <NeedsAnswerList items={needsAnswer([request])} />
        <RequestCard booking={request} />
      </>,
    );
    expect((await screen.findByTestId('guide-net')).firstChild?.textContent).toBe('お受け取り予定：10,800円');
    expect(screen.getByText('12,000円')).toBeTruthy();
    expect(screen.getByTestId('meeting-place').textContent).toContain('京都駅');
    const line = screen.getByTestId('needs-answer-request');
    expect(line.querySelector('[lang="zh-CN"]')?.textContent).toBe('王芳');
  });
});
