import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../shared/schemas/messaging';
import type { User } from '../../../../shared/schemas/user';
import { i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { ChatThread } from './chat-thread';

const conversation = (id: number) =>
  ({
    conversation: { id, guideId: 3, travelerId: 1 },
    isGuideView: false,
    counterpart: { userId: 9, name: 'Sato Yuki', avatarUrl: null, guideId: 3 },
    lastMessage: null,
    lastMessageAt: null,
    messageCount: 0,
    unreadCount: 0,
    credits: null,
    contactsUnlocked: false,
  }) as unknown as Conversation;

const sent: unknown[] = [];
/** The send's answer: 201, or (set by a test) the server's 429 for a sender past the pace. */
let tooFast = false;
const thread = (userId: number, id: number) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">
        <ChatThread conversation={conversation(id)} userId={userId} />
      </Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const composer = async () => (await screen.findByLabelText('Your message')) as HTMLTextAreaElement;

beforeAll(async () => {
  await i18nReady;
  Element.prototype.scrollIntoView ??= () => undefined; // jsdom has none
});
beforeEach(() => {
  sent.length = 0;
  tooFast = false;
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: false,
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const url = String(input);
      if (init?.method === 'POST' && url.endsWith('/messages')) {
        const body = JSON.parse(String(init.body)) as { body: string; clientMessageId: string };
        sent.push(body);
        if (tooFast)
          return json({ code: 'rate_limited', message: 'You are sending messages too quickly.', retryAfter: 30 }, 429);
        const message = {
          id: 5,
          clientMessageId: body.clientMessageId,
          conversationId: 7,
          senderId: 1,
          body: body.body,
          kind: 'text',
          masked: false,
          sentAt: '2026-11-22T10:00:00.000Z',
          readAt: null,
          tourRequest: null,
        };
        return json({ data: message, credits: null }, 201);
      }
      if (url.includes('/messages')) return json({ data: [], nextBefore: null, credits: null });
      return json({});
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the chat composer', () => {
  it('keeps what was typed when the thread is shown again, per conversation and per user, until it is sent', async () => {
    const first = render(thread(1, 7));
    fireEvent.change(await composer(), { target: { value: 'See you at Asakusa' } });
    first.unmount();

    // Another conversation starts empty; the first one still has its text.
    const other = render(thread(1, 8));
    expect((await composer()).value).toBe('');
    other.unmount();
    const again = render(thread(1, 7));
    expect((await composer()).value).toBe('See you at Asakusa');
    again.unmount();

    // Someone else signed in on this browser does not see it.
    const stranger = render(thread(2, 7));
    expect((await composer()).value).toBe('');
    stranger.unmount();

    render(thread(1, 7));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const box = await composer();
    await waitFor(() => expect(box.value).toBe(''));
    expect(sent).toEqual([expect.objectContaining({ body: 'See you at Asakusa' })]);
    cleanup();
    render(thread(1, 7));
    expect((await composer()).value).toBe('');
  });

  it('says to wait a moment when the server refuses a sender past the pace, and keeps the text', async () => {
    tooFast = true;
    render(thread(1, 9));
    fireEvent.change(await composer(), { target: { value: 'One more thing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are sending messages quickly. Wait a moment, then send again.',
    );
    expect((await composer()).value).toBe('One more thing');
  });
});
