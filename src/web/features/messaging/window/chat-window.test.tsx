import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import { ChatWindowHost } from './chat-window-host';
import { closeChatWindow, getChatWindowState, openChatWindow } from './chat-window-store';
import { clampPosition, defaultPosition, moveByKey, WINDOW_SIZE } from './geometry';

const conversation = (credits: number | null) => ({
  conversation: { id: 7, guideId: 3, travelerId: 1 },
  isGuideView: false,
  counterpart: { userId: 9, name: 'Sato Yuki', avatarUrl: null, guideId: 3 },
  lastMessage: null,
  lastMessageAt: null,
  messageCount: 1,
  unreadCount: 0,
  credits,
  contactsUnlocked: false,
});
const masked = {
  id: 1,
  clientMessageId: 'abcdefgh1',
  conversationId: 7,
  senderId: 1,
  body: '微信 •••',
  kind: 'text',
  masked: true,
  sentAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
  tourRequest: null,
};

function stubApi(credits: number | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.includes('/messages')) return json({ data: [masked], nextBefore: null, credits });
      if (url.endsWith('/api/conversations')) return json({ data: conversation(credits) }, 201);
      return json({});
    }),
  );
}

const renderHost = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <button type="button">Chat</button>
        <Suspense fallback="loading">
          <ChatWindowHost />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
  Element.prototype.scrollIntoView ??= () => undefined; // jsdom has none
});
beforeEach(() => {
  setSession('token', { id: 1, fullName: 'Li Wei', role: 'traveler' } as unknown as User);
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: q.includes('640') || q.includes('1280'),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(async () => {
  act(() => closeChatWindow());
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('chat window geometry', () => {
  it('stays inside the viewport and below the header', () => {
    expect(clampPosition({ x: -50, y: -50 }, 1280, 720)).toEqual({ x: 8, y: 72 });
    expect(clampPosition({ x: 5000, y: 5000 }, 1280, 720)).toEqual({
      x: 1280 - WINDOW_SIZE.width - 8,
      y: 720 - WINDOW_SIZE.height - 8,
    });
  });
  it('opens bottom right, clear of the launcher margin', () => {
    const p = defaultPosition(1280, 720);
    expect(p.x + WINDOW_SIZE.width).toBeLessThanOrEqual(1280 - 56);
    expect(p.y + WINDOW_SIZE.height).toBeLessThanOrEqual(720);
  });
  it('moves 24 px per arrow key, 96 with Shift, and ignores other keys', () => {
    expect(moveByKey({ x: 100, y: 100 }, 'ArrowLeft', false)).toEqual({ x: 76, y: 100 });
    expect(moveByKey({ x: 100, y: 100 }, 'ArrowDown', true)).toEqual({ x: 100, y: 196 });
    expect(moveByKey({ x: 100, y: 100 }, 'a', false)).toBeNull();
  });
});

describe('ChatWindow', () => {
  it('shows the thread with credits and the masking notice, moves with the arrow keys, and Escape closes it', async () => {
    stubApi(2);
    renderHost();
    const opener = screen.getByRole('button', { name: 'Chat' });
    opener.focus();
    act(() => openChatWindow(3, 'Sato Yuki'));
    const win = await screen.findByRole('dialog', { name: 'Chat with Sato Yuki' }, { timeout: 8000 });
    expect(win.getAttribute('aria-modal')).toBe('false');
    expect((await screen.findByTestId('credits')).textContent).toBe(
      'You can send 2 more messages before the guide replies (3 free in a new chat).',
    );
    expect(await screen.findByText(/are hidden until a booking is confirmed/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your message')));

    const left = Number.parseInt(win.style.left, 10);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move the chat window (arrow keys)' }), { key: 'ArrowLeft' });
    expect(Number.parseInt(win.style.left, 10)).toBe(left - 24);

    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getChatWindowState().guideId).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('in Chinese, minimizes to one button and restores', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    stubApi(null);
    renderHost();
    act(() => openChatWindow(3, 'Sato Yuki'));
    const win = await screen.findByRole('dialog', { name: '与 Sato Yuki 聊天' });
    expect(screen.queryByTestId('credits')).toBeNull(); // unlimited once the guide has replied
    fireEvent.click(screen.getByRole('button', { name: '最小化聊天窗口' }));
    expect(win.isConnected).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: '打开与 Sato Yuki 的聊天' }));
    expect((await screen.findByRole('dialog', { name: '与 Sato Yuki 聊天' })).isConnected).toBe(true);
  });

  it('is a modal full-screen sheet on phones', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: false,
      media: q,
      addEventListener() {},
      removeEventListener() {},
    }));
    stubApi(3);
    renderHost();
    act(() => openChatWindow(3, 'Sato Yuki'));
    const win = await screen.findByRole('dialog', { name: 'Chat with Sato Yuki' }, { timeout: 8000 });
    expect(win.getAttribute('aria-modal')).toBe('true');
    expect(win.className).toContain('inset-0');
    expect(screen.queryByRole('button', { name: 'Minimize the chat' })).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
  });
});
