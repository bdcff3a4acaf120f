import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../shared/schemas/messaging';
import type { Offer } from '../../../../shared/schemas/offers';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { ChatThread } from './chat-thread';

/**
 * Decision 146: a tour request's note and an offer's note read in the reader's language, like any message, the original
 * one tap away.
 */
const conversation = {
  conversation: { id: 7, guideId: 3, travelerId: 1 },
  isGuideView: true,
  counterpart: { userId: 1, name: 'Li Wei', avatarUrl: null },
  lastMessage: null,
  lastMessageAt: null,
  messageCount: 2,
  unreadCount: 0,
  credits: null,
  contactsUnlocked: false,
} as unknown as Conversation;
const request: Message = {
  id: 29,
  clientMessageId: 'abcdefgh29',
  conversationId: 7,
  senderId: 1,
  body: '我们带一个五岁的孩子',
  kind: 'tour_request',
  masked: false,
  sentAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
  offer: null,
  bodyLanguage: 'zh',
  translated: { text: '5歳の子どもを連れて行きます', provider: 'DeepL', targetLang: 'ja' },
  tourRequest: {
    date: '2026-12-05',
    startTime: '10:00',
    durationHours: 3,
    travelers: 2,
    meal: 'shared_meal',
    meals: 2,
    transport: 'nearby_city',
    tickets: 'pay_on_site_together',
    ticketCount: 2,
    itinerary: 'Tsukiji',
    groupComposition: '',
    meetingAddress: 'Tsukiji Station exit 1',
    meetingPostalCode: '104-0045',
    subcategoryId: 12,
    service: null,
    state: {
      status: 'pending',
      rejectReason: null,
      bookingId: null,
      offer: null,
      allowances: { mealYen: 2000, transportYen: 14_000, ticketsYen: 2000, totalYen: 18_000 },
    },
  },
};
const traveler: Message = {
  id: 31,
  clientMessageId: 'abcdefgh31',
  conversationId: 7,
  senderId: 1,
  body: '谢谢',
  kind: 'text',
  masked: false,
  sentAt: '2026-11-22T11:00:00.000Z',
  readAt: null,
  tourRequest: null,
  offer: null,
  bodyLanguage: 'zh',
  translated: null,
  translation: { status: 'pending' },
};

const offer: Offer = {
  id: 8,
  conversationId: 7,
  messageId: 30,
  requestMessageId: 29,
  guideId: 3,
  guideUserId: 9,
  travelerId: 1,
  status: 'open',
  date: '2026-12-05',
  startTime: '10:00',
  timeZone: 'Asia/Tokyo',
  startsAt: '2026-12-05T01:00:00.000Z',
  endsAt: '2026-12-05T04:00:00.000Z',
  durationHours: 3,
  travelers: 2,
  subcategory: null,
  priceCents: 88_800,
  suggestedCents: 99_000,
  depositCents: 17_760,
  currency: 'CNY',
  rate: { jpyPerCny: '20.5', asOf: '2026-11-20', source: 'fixed' },
  meetingAddress: 'Tsukiji Station exit 1',
  meetingPostalCode: '104-0045',
  itinerary: 'Tsukiji',
  guideDrives: false,
  shopStops: [],
  extras: { mealYen: 0, transportYen: 0, ticketsYen: 0, totalYen: 0 },
  expiresAt: '2026-12-01T01:00:00.000Z',
  declineReason: null,
  booking: null,
  createdAt: '2026-11-29T01:00:00.000Z',
};
const offerMessage: Message = {
  id: 30,
  clientMessageId: 'abcdefgh30',
  conversationId: 7,
  senderId: 9,
  body: '子供料金無料。雨天決行',
  kind: 'offer',
  masked: false,
  sentAt: '2026-11-22T12:00:00.000Z',
  readAt: null,
  tourRequest: null,
  offer,
  bodyLanguage: 'ja',
  translated: { text: '儿童免费，雨天照常', provider: 'DeepL', targetLang: 'zh' },
};

let asked: string[] = [];
beforeAll(async () => {
  await i18nReady;
  Element.prototype.scrollIntoView ??= () => undefined; // jsdom has none
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function showThread(reader: { id: number; role: 'guide' | 'traveler' }, isGuideView: boolean, messages: Message[]) {
  asked = [];
  setSession('token', {
    id: reader.id,
    fullName: 'Reader',
    role: reader.role,
    isGuide: reader.role === 'guide',
  } as unknown as User);
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: false,
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/messages')) asked.push(new Headers(init?.headers).get('accept-language') ?? '');
      const body = url.includes('/messages') ? { data: messages, nextBefore: null, credits: null } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <ChatThread conversation={{ ...conversation, isGuideView }} userId={reader.id} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a tour request's note and an offer's note in the reader's language", () => {
  it("the guide reads the traveler's note translated, named 機械翻訳 · DeepL with 原文を表示, and the thread asks in Japanese", async () => {
    await act(() => i18next.changeLanguage('ja'));
    showThread({ id: 9, role: 'guide' }, true, [request, traveler]);
    const note = await screen.findByText('5歳の子どもを連れて行きます');
    expect(note.getAttribute('lang')).toBe('ja');
    const bubble = note.parentElement!;
    expect(within(bubble).getByTestId('machine-translated').textContent).toBe('機械翻訳 · DeepL');
    fireEvent.click(within(bubble).getByRole('button', { name: '原文を表示' }));
    expect(within(bubble).getByText('我们带一个五岁的孩子').getAttribute('lang')).toBe('zh-CN');
    // A message still being translated shows as written.
    expect(screen.getByText('谢谢').getAttribute('lang')).toBe('zh-CN');
    expect(asked[0]).toBe('ja');
  });

  it("the guide reads the traveler's plan in the request card in Japanese: itinerary and group, each with 原文を表示 (decision 173)", async () => {
    await act(() => i18next.changeLanguage('ja'));
    const toJa = (text: string) => ({ text, provider: 'DeepL' as const, targetLang: 'ja' as const });
    const plan: Message = {
      ...request,
      body: '',
      tourRequest: {
        ...request.tourRequest!,
        itinerary: '先去伏见稻荷，然后去祇园',
        groupComposition: '两个大人和一个五岁的孩子',
        itineraryLanguage: 'zh',
        itineraryTranslated: toJa('まず伏見稲荷、それから祇園へ'),
        groupCompositionLanguage: 'zh',
        groupCompositionTranslated: toJa('大人2人と5歳の子ども1人'),
      },
    };
    showThread({ id: 9, role: 'guide' }, true, [plan]);
    const card = await screen.findByTestId('tour-request-card');
    const itinerary = within(card).getByText('まず伏見稲荷、それから祇園へ');
    expect(itinerary.getAttribute('lang')).toBe('ja');
    const group = within(card).getByText('大人2人と5歳の子ども1人');
    expect(group.getAttribute('lang')).toBe('ja');
    expect(
      within(card)
        .getAllByTestId('machine-translated')
        .map((n) => n.textContent),
    ).toEqual(['機械翻訳 · DeepL', '機械翻訳 · DeepL']);
    // Each row has its own toggle: the itinerary's shows its original alone.
    fireEvent.click(within(itinerary.closest('dd')!).getByRole('button', { name: '原文を表示' }));
    expect(within(card).getByText('先去伏见稻荷，然后去祇园').getAttribute('lang')).toBe('zh-CN');
    expect(within(card).getByText('大人2人と5歳の子ども1人')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '翻訳を表示' }));
    expect(within(card).getByText('まず伏見稲荷、それから祇園へ')).toBeTruthy();
  });

  it("an offer's itinerary with no translation (the reader's own language) is marked with its language", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    showThread({ id: 1, role: 'traveler' }, false, [
      { ...offerMessage, offer: { ...offer, itinerary: '築地場外市場で食べ歩き' } },
    ]);
    const itinerary = await within(await screen.findByTestId('offer-card')).findByText('築地場外市場で食べ歩き');
    expect(itinerary.getAttribute('lang')).toBe('ja');
    expect(within(itinerary.closest('dd')!).queryByRole('button')).toBeNull();
  });

  it("the traveler reads the guide's offer note in Chinese, 显示原文 one tap away", async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    showThread({ id: 1, role: 'traveler' }, false, [offerMessage]);
    const note = await screen.findByText('儿童免费，雨天照常');
    const bubble = note.parentElement!;
    expect(within(bubble).getByTestId('machine-translated').textContent).toBe('机器翻译 · DeepL');
    fireEvent.click(within(bubble).getByRole('button', { name: '显示原文' }));
    expect(within(bubble).getByText('子供料金無料。雨天決行').getAttribute('lang')).toBe('ja');
    expect(asked[0]).toBe('zh-CN');
  });
});
