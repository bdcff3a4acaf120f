import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../shared/schemas/messaging';
import type { User } from '../../shared/schemas/user';
import { i18next, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clearSession, setSession } from '../lib/session';
import { Component as MessagesPage } from './messages';

/** Decision 173: a Japanese guide's inbox shows the travelers' Chinese lines in Japanese, the original one tap away. */
const entry = (id: number, name: string, extra: Partial<Conversation>): Conversation => ({
  conversation: { id, guideId: 3, travelerId: 10 + id },
  isGuideView: true,
  travelerName: name,
  travelerImage: null,
  counterpart: { userId: 10 + id, name, avatarUrl: null, guideId: null },
  lastMessage: null,
  lastMessageAt: '2026-11-22T10:00:00.000Z',
  messageCount: 1,
  unreadCount: 0,
  credits: null,
  contactsUnlocked: false,
  ...extra,
});
const inbox: Conversation[] = [
  entry(1, 'Li Wei', {
    lastMessage: '明天十点在浅草站见',
    lastMessageLanguage: 'zh',
    lastMessageTranslated: { text: '明日10時に浅草駅で会いましょう', provider: 'DeepL', targetLang: 'ja' },
  }),
  entry(2, 'Wang Fang', {
    lastMessage: '我们有两个孩子',
    lastMessageLanguage: 'zh',
    lastMessageTranslated: null,
    lastMessageTranslation: { status: 'pending' },
  }),
  // The guide's own last line: no translation, its language guessed from the script.
  entry(3, 'Zhang Min', { lastMessage: 'よろしくお願いします' }),
  entry(4, 'Chen Jie', { lastMessage: null, lastMessageAt: null, messageCount: 0 }),
];

let asked: string[] = [];
beforeAll(async () => {
  await i18nReady;
  Element.prototype.scrollIntoView ??= () => undefined; // jsdom has none; the opened thread scrolls to its end
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

async function showInbox() {
  await act(() => i18next.changeLanguage('ja'));
  asked = [];
  setSession('token', { id: 9, fullName: 'Kenji', role: 'guide', isGuide: true } as unknown as User);
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
      if (url.endsWith('/api/conversations')) asked.push(new Headers(init?.headers).get('accept-language') ?? '');
      const body = url.endsWith('/api/conversations') ? { data: inbox } : { data: [], nextBefore: null, credits: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/messages']}>
        <Routes>
          <Route
            path="/messages"
            element={
              <>
                <MessagesPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText('Li Wei');
  return screen.getAllByRole('listitem');
}

describe('the inbox in the reader’s language (decision 173)', () => {
  it('shows a translated line in Japanese, named 機械翻訳 · DeepL, and 原文を表示 swaps in the Chinese original without opening the thread', async () => {
    const [translated] = await showInbox();
    expect(asked[0]).toBe('ja');
    const preview = within(translated!).getByTestId('conversation-preview');
    expect(preview.textContent).toBe('明日10時に浅草駅で会いましょう');
    expect(preview.getAttribute('lang')).toBe('ja');
    expect(within(translated!).getByTestId('machine-translated').textContent).toBe('機械翻訳 · DeepL');

    const toggle = within(translated!).getByRole('button', { name: '原文を表示' });
    // Told whose line it is, since every translated row has one.
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe('Li Wei');
    fireEvent.click(toggle);
    expect(preview.textContent).toBe('明天十点在浅草站见');
    expect(preview.getAttribute('lang')).toBe('zh-CN');
    expect(within(translated!).queryByTestId('machine-translated')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('');
    fireEvent.click(within(translated!).getByRole('button', { name: '翻訳を表示' }));
    expect(preview.textContent).toBe('明日10時に浅草駅で会いましょう');

    // The row itself still opens the thread.
    fireEvent.click(within(translated!).getByRole('button', { name: /Li Wei/ }));
    expect(screen.getByTestId('where').textContent).toBe('?c=1');
  });

  it('shows a line still being translated, and the guide’s own, as written in their language; an empty chat in the page’s', async () => {
    const [, pending, own, empty] = await showInbox();
    const line = (li: HTMLElement) => within(li).getByTestId('conversation-preview');
    expect([line(pending!).textContent, line(pending!).getAttribute('lang')]).toEqual(['我们有两个孩子', 'zh-CN']);
    expect([line(own!).textContent, line(own!).getAttribute('lang')]).toEqual(['よろしくお願いします', 'ja']);
    expect(line(empty!).getAttribute('lang')).toBeNull();
    for (const li of [pending!, own!, empty!])
      expect(within(li).queryByRole('button', { name: '原文を表示' })).toBeNull();
  });
});
