import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CalendarsReply, CalendarView } from '../../../shared/schemas/calendars';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { OtherCalendars } from './components/other-calendars';

/**
 * Her other calendars in the settings (decision 200), as she sees them: each with its host and last
 * read, a failing one saying why in her language, the address added from the keyboard, a refusal told
 * by its problem, and where Google, Apple and Outlook show the address.
 */
function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const work: CalendarView = {
  id: 7,
  name: '仕事',
  host: 'calendar.google.com',
  lastReadAt: '2027-01-10T01:00:00Z',
  lastSuccessAt: '2027-01-09T01:00:00Z',
  busyCount: 12,
  problem: 'http_error',
  problemText: 'x',
  failingSince: '2027-01-09T02:00:00Z',
};
const reply = (calendars: CalendarView[]): CalendarsReply => ({ calendars, max: 5, syncMinutes: 15 });

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('her other calendars', () => {
  it('lists each by name and host, and says in Japanese why one fails and that its last times still hold', async () => {
    await act(() => i18next.changeLanguage('ja'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(reply([work]))),
    );
    render(wrap(<OtherCalendars />));
    const item = (await screen.findByText('仕事')).closest('li')!;
    expect(within(item).getByText('calendar.google.com')).toBeTruthy();
    expect(within(item).getByText(/予定 12 件/)).toBeTruthy();
    expect(within(item).getByRole('status').textContent).toMatch(/受け付けませんでした.*引き続き予約を受け付けません/);
    expect(screen.getByRole('button', { name: '仕事を今すぐ読み込む' })).toBeTruthy();
    expect(screen.getByText('Google カレンダー')).toBeTruthy();
    expect(screen.getByText(/iCal 形式の非公開アドレス/)).toBeTruthy();
  });

  it('adds a calendar by its address from the keyboard, and tells a refusal by its problem', async () => {
    const posts: unknown[] = [];
    let answer: Response = json(
      { code: 'calendar_unreadable', message: 'x', fields: [{ path: 'url', message: 'not_a_calendar' }] },
      422,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return answer;
        }
        return json(reply([]));
      }),
    );
    render(wrap(<OtherCalendars />));
    const address = await screen.findByRole('textbox', { name: 'Secret iCal address' });
    fireEvent.change(address, { target: { value: ' webcal://p01-caldav.icloud.com/published/2/abc ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name (optional)' }), { target: { value: 'Family' } });
    fireEvent.submit(address.closest('form')!);
    expect(await screen.findByText(/does not give a calendar/)).toBeTruthy();
    expect(posts).toEqual([{ url: 'webcal://p01-caldav.icloud.com/published/2/abc', name: 'Family' }]);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    answer = json({ ...work, problem: null, name: 'Family' }, 201);
    fireEvent.submit(address.closest('form')!);
    await waitFor(() => expect((address as HTMLInputElement).value).toBe(''));
  });

  it('asks before removing one, and hides the form at the limit', async () => {
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deletes.push(url);
          return new Response(null, { status: 204 });
        }
        return json(reply([1, 2, 3, 4, 5].map((id) => ({ ...work, id, name: `Cal ${id}`, problem: null }))));
      }),
    );
    render(wrap(<OtherCalendars />));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cal 3' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Remove “Cal 3”?');
    expect(screen.queryByRole('textbox', { name: 'Secret iCal address' })).toBeNull();
    expect(screen.getByText(/up to 5 calendars/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove calendar' }));
    await waitFor(() => expect(deletes).toEqual(['/api/v2/guides/me/calendars/3']));
  });
});
