import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSupportMetrics, AdminSupportThread } from '../../../shared/schemas/support';
import type { User } from '../../../shared/schemas/user';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { clearSession, setSession } from '../../lib/session';
import { Component as AdminPage } from '../../pages/admin';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const admin = {
  id: 1,
  username: 'admin',
  fullName: 'Demo Admin',
  email: 'admin@demo.tabi',
  role: 'traveler',
  isAdmin: true,
  isGuide: false,
} as User;
const NOW = Date.parse('2026-11-25T03:00:00Z');

const thread = (over: Partial<AdminSupportThread>): AdminSupportThread => ({
  id: 1,
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
  messageCount: 1,
  lastMessage: { sender: 'visitor', body: '我和地陪走散了', createdAt: '2026-11-25T02:50:00Z' },
  replyBy: null,
  firstReplyAt: null,
  booking: null,
  location: null,
  ...over,
});
const urgent = thread({
  id: 3,
  urgent: true,
  // Two minutes past its deadline.
  replyBy: new Date(NOW - 2 * 60_000).toISOString(),
  booking: {
    id: 12,
    bookingNumber: 'TG0012',
    status: 'ongoing',
    date: '2026-11-25',
    traveler: { userId: 9, fullName: 'Li Wei', email: 'traveler@demo.tabi', phone: '+8613800138000' },
    guide: { userId: 8, fullName: 'Sato Yuki', email: 'guide@demo.tabi', phone: null },
  },
  location: { lat: 35.6825, lng: 139.7662, accuracyM: 35 },
});
const waiting = thread({
  id: 4,
  replyBy: new Date(NOW + (3 * 3600 + 59 * 60 + 30) * 1000).toISOString(),
  user: { id: 10, username: 'mei', fullName: 'Mei' },
});
const metrics: AdminSupportMetrics = {
  days: 30,
  urgent: { threads: 3, answered: 2, medianSeconds: 30, p90Seconds: 90, overdue: 1 },
  other: { threads: 5, answered: 5, medianSeconds: 180, p90Seconds: 600, overdue: 0 },
  overdue: 1,
  urgentReplySeconds: 300,
  replySeconds: 14_400,
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the admin support queue (decision 132)', () => {
  it('shows the urgent thread first with its badge, overdue time in red, the trip with both parties, the map link, and the metrics (中文)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    await act(() => i18next.changeLanguage('zh-CN'));
    setSession('t', admin);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/admin/support/metrics')) return json(metrics);
        if (url.startsWith('/api/admin/support/threads/3'))
          return json({
            thread: urgent,
            messages: [{ id: 1, sender: 'visitor', body: '我和地陪走散了', createdAt: urgent.createdAt }],
          });
        if (url.startsWith('/api/admin/support/threads'))
          return json({ data: [urgent, waiting], total: 2, page: 1, limit: 20 });
        if (url.startsWith('/api/admin/audit-log')) return json({ entries: [], nextBefore: null });
        return json({ data: [], total: 0, page: 1, limit: 1 });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/admin/support/3']}>
          <Suspense fallback="loading">
            <Routes>
              <Route path="/admin/*" element={<AdminPage />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: '客服收件箱' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByTestId('urgent-badge').textContent).toBe('紧急');
    const late = within(items[0]!).getByTestId('time-left');
    expect(late.textContent).toBe('已超时 2:00');
    expect(late.className).toContain('text-danger-600');
    expect(within(items[1]!).queryByTestId('urgent-badge')).toBeNull();
    expect(within(items[1]!).getByTestId('time-left').textContent).toBe('剩余 3:59:30');

    const detail = await screen.findByRole('heading', { name: /对话 #3/ });
    const card = detail.closest('article')!;
    expect(within(card).getByText(/TG0012/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'guide@demo.tabi' }).getAttribute('href')).toBe(
      'mailto:guide@demo.tabi',
    );
    expect(within(card).getByRole('link', { name: 'traveler@demo.tabi' })).toBeTruthy();
    // Amap first for a Chinese reader (src/shared/map-links.ts).
    expect(
      within(card)
        .getByRole('link', { name: /打开地图/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/uri\.amap\.com\/marker\?position=139\.7662,35\.6825/);

    const panel = await screen.findByTestId('support-metrics');
    expect(within(panel).getByRole('row', { name: /^紧急/ }).textContent).toBe('紧急30 s90 s2/31');
    expect(within(panel).getByRole('row', { name: /^其他/ }).textContent).toBe('其他3 min10 min5/50');
  });
});
