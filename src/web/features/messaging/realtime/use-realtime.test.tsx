import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../../../shared/realtime';
import type { Message } from '../../../../shared/schemas/messaging';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { useRealtime } from './use-realtime';

const sockets = vi.hoisted(() => ({
  onEvent: null as null | ((e: RealtimeEvent) => void),
  onOpen: null as null | (() => void),
}));
vi.mock('./socket-client', () => ({
  startRealtime: (_token: string, onEvent: (e: RealtimeEvent) => void, _onStopped: () => void, onOpen: () => void) => {
    sockets.onEvent = onEvent;
    sockets.onOpen = onOpen;
    return { stop: () => undefined };
  },
}));
const notify = vi.hoisted(() => vi.fn());
vi.mock('./browser-notifications', () => ({ notifyInBrowser: notify }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  notify.mockReset();
  await act(() => i18next.changeLanguage('en'));
});

const tourRequest = (note: string): Message & { credits: number | null } => ({
  id: 9,
  clientMessageId: 'abcdefgh9',
  conversationId: 4,
  senderId: 2,
  body: note,
  kind: 'tour_request',
  masked: false,
  sentAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
  credits: null,
  offer: null,
  tourRequest: {
    date: '2026-12-01',
    startTime: '10:00',
    durationHours: 3,
    travelers: 2,
    meal: 'shared_meal',
    meals: 1,
    transport: 'same_city',
    tickets: 'no_payment',
    ticketCount: 0,
    itinerary: 'Asakusa',
    groupComposition: '',
    meetingAddress: 'Kaminarimon',
    meetingPostalCode: '111-0034',
    subcategoryId: 12,
    service: { id: 12, nameEn: 'Street food tour', nameCn: '街头美食之旅', nameJa: '食べ歩きツアー' },
    state: {
      status: 'pending',
      rejectReason: null,
      bookingId: null,
      offer: null,
      allowances: { mealYen: 1000, transportYen: 2000, ticketsYen: 0, totalYen: 3000 },
    },
  },
});

describe('useRealtime browser notice of a tour request', () => {
  it('sums the request up in the interface language, then the note', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtime('token', 1), { wrapper });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(() => i18next.changeLanguage('zh-CN'));
    sockets.onEvent!({ type: 'new_message', payload: tourRequest('') } as RealtimeEvent);
    expect(notify).toHaveBeenLastCalledWith('chat', {
      body: '行程请求 · 街头美食之旅 · 2026年12月1日 10:00 · 3 小时 · 2 位旅行者',
      url: '/messages?c=4',
    });
    await act(() => i18next.changeLanguage('en'));
    sockets.onEvent!({ type: 'new_message', payload: tourRequest('See you!') } as RealtimeEvent);
    expect(notify).toHaveBeenLastCalledWith('chat', {
      body: 'Tour request · Street food tour · Dec 1, 2026 10:00 · 3 h · 2 travelers\nSee you!',
      url: '/messages?c=4',
    });
  });
});

describe('useRealtime when the socket opens', () => {
  it('refreshes what pushes would have updated (a push sent before the socket opened is lost)', () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtime('token', 1), { wrapper });
    const invalidated: unknown[] = [];
    const spy = vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    sockets.onOpen!();
    // Booking lists too: a step the other side took before the socket opened must show without a reload.
    expect(invalidated).toEqual(expect.arrayContaining([['conversations'], ['unread'], ['bookings']]));
    expect(invalidated.length).toBe(4);
    spy.mockRestore();
  });
});

describe('useRealtime and the booking lists', () => {
  it("refreshes a shown booking list on the other side's notice, even while the badge is still being read again", async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The badge's read after the socket opens is still under way when the notice arrives.
    const badge = { release: () => undefined as void };
    let bookingReads = 0;
    renderHook(
      () => {
        useRealtime('token', 1);
        useQuery({
          queryKey: ['unread', 1],
          queryFn: () => new Promise((resolve) => (badge.release = () => resolve({ totalUnreadCount: 0 }))),
        });
        useQuery({ queryKey: ['bookings', 'traveler', 1], queryFn: async () => ++bookingReads });
      },
      { wrapper },
    );
    await waitFor(() => expect(bookingReads).toBe(1));
    badge.release();
    await act(async () => sockets.onOpen!());
    await waitFor(() => expect(bookingReads).toBe(2));
    const notice = { id: 3, type: 'booking', title: 'Traveler confirmed the start', message: '' };
    await act(async () =>
      sockets.onEvent!({ type: 'system_message', payload: { action: 'created', message: notice } } as RealtimeEvent),
    );
    await waitFor(() => expect(bookingReads).toBe(3));
    badge.release();
  });
});

describe('useRealtime and the unread badge', () => {
  const sent = (senderId: number, unreadCount: number | undefined) =>
    ({
      type: 'new_message',
      payload: { ...tourRequest('hi'), kind: 'text', tourRequest: null, senderId, unreadCount },
    }) as unknown as RealtimeEvent;
  const setup = () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtime('token', 1), { wrapper });
    client.setQueryData(['unread', 1], { totalUnreadCount: 5, chatUnreadCount: 3, systemUnreadCount: 2 });
    const invalidated: unknown[] = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    return { client, invalidated };
  };

  it('moves the badge by the count the send wrote, without asking the server again', () => {
    const { client, invalidated } = setup();
    client.setQueryData(['conversations'], [{ conversation: { id: 4 }, unreadCount: 1 }]);
    sockets.onEvent!(sent(2, 3));
    expect(client.getQueryData(['unread', 1])).toEqual({
      totalUnreadCount: 7,
      chatUnreadCount: 5,
      systemUnreadCount: 2,
    });
    expect(client.getQueryData<{ unreadCount: number }[]>(['conversations'])![0]!.unreadCount).toBe(3);
    expect(invalidated).not.toContainEqual(['unread']);
  });

  it('without the conversation list: one more for the other side’s message, none for one’s own or an update', () => {
    const { client } = setup();
    sockets.onEvent!(sent(2, 1));
    sockets.onEvent!(sent(1, 0));
    sockets.onEvent!(sent(2, undefined));
    expect(client.getQueryData(['unread', 1])).toEqual({
      totalUnreadCount: 6,
      chatUnreadCount: 4,
      systemUnreadCount: 2,
    });
  });
});

describe('useRealtime and machine translation (decision 145)', () => {
  const text = (id: number, body: string, senderId = 2): Message & { credits: number | null } => ({
    ...tourRequest(body),
    id,
    kind: 'text',
    tourRequest: null,
    senderId,
  });
  const setup = () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtime('token', 1), { wrapper });
    const invalidated: unknown[] = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    return { client, invalidated };
  };

  it('keeps the translation a message shows when it is pushed again unchanged, and reads the thread again for a new one', () => {
    const { client, invalidated } = setup();
    const translated = {
      ...text(7, 'こんにちは'),
      bodyLanguage: 'ja' as const,
      translated: { text: '你好', provider: 'DeepL' as const, targetLang: 'zh' as const },
    };
    client.setQueryData(['conversations', 4, 'messages'], { data: [translated], nextBefore: null, credits: null });
    sockets.onEvent!({ type: 'new_message', payload: text(7, 'こんにちは') } as RealtimeEvent);
    expect(client.getQueryData<{ data: Message[] }>(['conversations', 4, 'messages'])!.data[0]!.translated).toEqual(
      translated.translated,
    );
    sockets.onEvent!({ type: 'new_message', payload: text(8, '明日また') } as RealtimeEvent);
    expect(invalidated).toContainEqual(['conversations', 4, 'messages']);
  });

  it("keeps a tour request's translated itinerary and group when the request is pushed again answered (decision 173)", () => {
    const { client } = setup();
    const plain = tourRequest('');
    const asked = {
      ...plain,
      tourRequest: { ...plain.tourRequest!, itinerary: '浅草和上野', groupComposition: '两个大人' },
    };
    const toJa = { provider: 'DeepL' as const, targetLang: 'ja' as const };
    const shown = {
      ...asked,
      tourRequest: {
        ...asked.tourRequest,
        itineraryLanguage: 'zh' as const,
        itineraryTranslated: { ...toJa, text: '浅草と上野' },
        groupCompositionLanguage: 'zh' as const,
        groupCompositionTranslated: { ...toJa, text: '大人二人' },
      },
    };
    client.setQueryData(['conversations', 4, 'messages'], { data: [shown], nextBefore: null, credits: null });
    sockets.onEvent!({
      type: 'new_message',
      payload: {
        ...asked,
        tourRequest: { ...asked.tourRequest, state: { ...asked.tourRequest.state, status: 'accepted' } },
      },
    } as RealtimeEvent);
    const now = client.getQueryData<{ data: Message[] }>(['conversations', 4, 'messages'])!.data[0]!.tourRequest!;
    expect(now.state.status).toBe('accepted');
    expect([now.itineraryTranslated?.text, now.groupCompositionTranslated?.text]).toEqual(['浅草と上野', '大人二人']);
  });

  it('without translation in the thread, a new message is only added (no extra read)', () => {
    const { client, invalidated } = setup();
    client.setQueryData(['conversations', 4, 'messages'], {
      data: [text(7, 'hello')],
      nextBefore: null,
      credits: null,
    });
    sockets.onEvent!({ type: 'new_message', payload: text(8, 'again') } as RealtimeEvent);
    expect(client.getQueryData<{ data: Message[] }>(['conversations', 4, 'messages'])!.data).toHaveLength(2);
    expect(invalidated).not.toContainEqual(['conversations', 4, 'messages']);
  });
});
