import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../shared/schemas/disputes';
import type { AdminSupportThread } from '../../../shared/schemas/support';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { json, page, user } from './admin-fixtures';

/** Decision 146: what users wrote reads in the admin's language, the original one tap away. */
const dispute: Dispute = {
  id: 5,
  bookingId: 9,
  openedBy: 2,
  category: 'other',
  openedSide: 'traveler',
  previousStatus: 'ongoing',
  reason: '导游只带了一个小时就走了',
  status: 'open',
  resolution: null,
  refundCents: null,
  resolutionNote: null,
  createdAt: '2026-11-20T03:00:00Z',
  resolvedAt: null,
  bookingStatus: 'disputed',
  evidence: [],
};
const thread: AdminSupportThread = {
  id: 3,
  topic: 'general',
  urgent: false,
  status: 'open',
  createdAt: '2026-11-25T02:50:00Z',
  lastMessageAt: '2026-11-25T02:50:00Z',
  locale: 'zh-CN',
  pageUrl: '/dashboard',
  contactName: null,
  contactEmail: null,
  user: { id: 9, username: 'traveler', fullName: 'Li Wei' },
  messageCount: 2,
  lastMessage: { sender: 'agent', body: 'お調べします', createdAt: '2026-11-25T02:55:00Z' },
  replyBy: null,
  firstReplyAt: null,
  booking: null,
  location: null,
};

function server() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/admin/disputes/5'))
      return json({
        dispute: {
          ...dispute,
          reasonLanguage: 'zh',
          reasonTranslated: { text: 'ガイドは1時間で帰ってしまいました', provider: 'DeepL', targetLang: 'ja' },
        },
        currency: 'CNY',
        ledger: { entries: [], total: 0 },
        messages: [
          { id: 1, side: 'guide', body: '急用で帰りました', kind: 'text', createdAt: '2026-11-20T02:00:00Z' },
          {
            id: 2,
            side: 'traveler',
            body: '你去哪儿了？',
            kind: 'text',
            createdAt: '2026-11-20T02:05:00Z',
            bodyLanguage: 'zh',
            translated: null,
            translation: { status: 'unavailable' },
          },
        ],
      });
    if (url.startsWith('/api/admin/disputes')) return json({ data: [dispute] });
    if (url.startsWith('/api/admin/support/metrics'))
      return json({
        days: 30,
        urgent: { threads: 0, answered: 0, medianSeconds: null, p90Seconds: null, overdue: 0 },
        other: { threads: 1, answered: 1, medianSeconds: 300, p90Seconds: 300, overdue: 0 },
        overdue: 0,
        urgentReplySeconds: 300,
        replySeconds: 14_400,
      });
    if (url.startsWith('/api/admin/support/threads/3'))
      return json({
        thread,
        messages: [
          {
            id: 1,
            sender: 'visitor',
            body: '我的付款失败了',
            createdAt: '2026-11-25T02:50:00Z',
            bodyLanguage: 'zh',
            translated: { text: '支払いに失敗しました', provider: 'DeepL', targetLang: 'ja' },
          },
          { id: 2, sender: 'agent', body: 'お調べします', createdAt: '2026-11-25T02:55:00Z' },
        ],
      });
    if (url.startsWith('/api/admin/support/threads')) return json({ data: [thread], total: 1, page: 1, limit: 20 });
    if (url.startsWith('/api/admin/audit-log')) return json({ entries: [], nextBefore: null });
    return json({ data: [], total: 0, page: 1, limit: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe("the admin console shows users' words in the admin's language (decision 146)", () => {
  it('a dispute: the statement translated into Japanese with 原文を表示, messages as written or translated, and asks in Japanese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    setSession('t', user(true));
    const fetchMock = server();
    page('/admin/disputes/5');
    const statement = await screen.findByText('ガイドは1時間で帰ってしまいました');
    expect(statement.getAttribute('lang')).toBe('ja');
    const box = statement.parentElement!;
    expect(within(box).getByTestId('machine-translated').textContent).toBe('機械翻訳 · DeepL');
    fireEvent.click(within(box).getByRole('button', { name: '原文を表示' }));
    expect(within(box).getByText('导游只带了一个小时就走了').getAttribute('lang')).toBe('zh-CN');
    fireEvent.click(within(box).getByRole('button', { name: '翻訳を表示' }));
    expect(within(box).getByText('ガイドは1時間で帰ってしまいました')).toBeTruthy();
    // The guide's Japanese needs nothing; the traveler's Chinese is shown as written while the translation is out.
    expect(screen.getByText('急用で帰りました')).toBeTruthy();
    expect(screen.getByText('你去哪儿了？').getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByTestId('translation-unavailable').textContent).toBe('現在、翻訳を利用できません');
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/admin/disputes/5?lang=ja'))).toBe(true);
  });

  it("a support thread: the visitor's message translated with Show original, the agent's reply as written; a switch to Chinese asks again", async () => {
    setSession('t', user(true));
    const fetchMock = server();
    page('/admin/support/3');
    const translated = await screen.findByText('支払いに失敗しました');
    const bubble = translated.closest('li')!;
    expect(within(bubble).getByTestId('machine-translated').textContent).toBe('Machine translation · DeepL');
    fireEvent.click(within(bubble).getByRole('button', { name: 'Show original' }));
    expect(within(bubble).getByText('我的付款失败了')).toBeTruthy();
    const agent = screen.getByText('お調べします').closest('li')!;
    expect(within(agent).queryByTestId('machine-translated')).toBeNull();
    expect(within(agent).queryByRole('button')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/admin/support/threads/3?lang=en'))).toBe(true);
    await act(() => i18next.changeLanguage('zh-CN'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/admin/support/threads/3?lang=zh-CN'))).toBe(
        true,
      ),
    );
  });
});
