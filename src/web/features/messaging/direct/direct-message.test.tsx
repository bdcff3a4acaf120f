import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import DirectMessageDialog from './direct-message-dialog';
import { displayDate } from '../tour-request/rules';
import { guideError, hoursBetween, requestError, TIME_OPTIONS } from './rules';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const guide = (id: number) => ({
  id,
  minDuration: 2,
  maxDuration: 6,
  minPeople: 1,
  maxPeople: 4,
  user: { fullName: `Guide ${id}` },
});

function stub(slots: (id: number) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const slotMatch = url.match(/guides\/(\d+)\/slots/);
    if (slotMatch) return slots(Number(slotMatch[1]));
    const detail = url.match(/guides\/(\d+)$/);
    if (detail) return json(guide(Number(detail[1])));
    if (url.endsWith('/api/conversations')) return json({ data: { conversation: { id: 50 } } }, 201);
    return json({ data: { id: 1 }, credits: 2 }, 201);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const open = (props: { date?: string; guides?: { id: number; name: string; photo: null }[] }) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <DirectMessageDialog
            open
            onOpenChange={() => undefined}
            guides={
              props.guides ?? [
                { id: 1, name: 'Guide 1', photo: null },
                { id: 2, name: 'Guide 2', photo: null },
              ]
            }
            onRemove={() => undefined}
            date={props.date}
            travelers={6}
          />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('direct message rules', () => {
  it('has the four error kinds in order', () => {
    expect(requestError(0, undefined)).toBe('missing-guides');
    expect(requestError(2, undefined)).toBe('missing-date');
    expect(requestError(2, '2026-12-01')).toBeNull();
    expect(guideError({ status: 'error' }, '10:00')).toBe('fetch-error');
    expect(guideError({ status: 'ready', starts: ['09:00'] }, '10:00')).toBe('no-availability');
    expect(guideError({ status: 'ready', starts: ['10:00'] }, '10:00')).toBeNull();
    expect(guideError({ status: 'loading' }, '10:00')).toBeNull();
  });
  it('writes dates as docs/rules/look-and-language.md says', () => {
    expect(displayDate('2026-11-22', 'en')).toBe('Nov 22, 2026');
    expect(displayDate('2026-11-22', 'zh-CN')).toBe('2026年11月22日');
  });
  it('measures the request in hours, 06:00–22:00 every 30 minutes', () => {
    expect(hoursBetween('10:00', '13:30')).toBe(3.5);
    expect(hoursBetween('10:00', '09:00')).toBeLessThan(0);
    expect(TIME_OPTIONS[0]).toBe('06:00');
    expect(TIME_OPTIONS.at(-1)).toBe('22:00');
  });
});

describe('DirectMessageDialog', () => {
  it('says a date is missing (missing-date) and asks nobody for slots', async () => {
    const fetch = stub(() => json({ slots: [] }));
    open({});
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a date in the search filters first, then open this again.',
    );
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/slots'))).toBe(false);
  });

  it('says when no guides are selected (missing-guides), in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    stub(() => json({ slots: [] }));
    open({ date: '2026-12-01', guides: [] });
    expect((await screen.findByRole('alert')).textContent).toBe('尚未选择地陪，请先在结果中选择地陪。');
  });

  it('shows each guide against the request, fetch-error and no-availability per guide, and blocks sending', async () => {
    stub((id) => (id === 1 ? json({ slots: [{ startTime: '09:00' }] }) : json({ code: 'internal' }, 500)));
    open({ date: '2026-12-01' });
    const rows = await screen.findAllByTestId('direct-guide');
    await waitFor(() => expect(rows[0]!.getAttribute('data-error-kind')).toBe('no-availability'));
    await waitFor(() => expect(rows[1]!.getAttribute('data-error-kind')).toBe('fetch-error'), { timeout: 4000 });
    expect(screen.getByText('Your request: 4 hours, 6 traveler(s)')).toBeTruthy();
    expect(screen.getByTestId('direct-date').textContent).toBe('Dec 1, 2026');
    expect(rows[0]!.textContent).toContain('Tours of 2–6 h');
    expect(rows[0]!.textContent).toContain('groups of 1–4');
    expect(rows[0]!.textContent).toContain("outside this guide's usual range"); // 6 travelers
    expect(rows[0]!.textContent).toContain('Not available from 10:00 to 14:00 on this day.');
    expect(rows[1]!.textContent).toContain("We could not check this guide's availability.");
    expect((screen.getByRole('button', { name: 'Send to 2 guides' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends one message to each guide when the time fits everyone', async () => {
    const fetch = stub(() => json({ slots: [{ startTime: '10:00' }] }));
    open({ date: '2026-12-01' });
    const rows = await screen.findAllByTestId('direct-guide');
    await waitFor(() => expect(rows[1]!.textContent).toContain('Available at this time'));
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Hello!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 guides' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your message was sent to 2 guides.');
    const calls = fetch.mock.calls as unknown as [RequestInfo, RequestInit | undefined][];
    const posts = calls.filter(([u, init]) => String(u).includes('/messages') && init?.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(String(posts[0]![1]!.body)).body).toBe(
      'Hello!\n\nRequested: 2026-12-01, 10:00–14:00 (Japan time)',
    );
  });
});
