import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminFx } from '../../../shared/schemas/fx';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { json, page, user } from './admin-fixtures';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

const fixed: AdminFx = {
  provider: 'fixed',
  configuredJpyPerCny: '20.5',
  current: { jpyPerCny: '20.5', asOf: '2026-12-03', source: 'fixed' },
  rates: [],
  lastFailure: null,
};
const ecb: AdminFx = {
  provider: 'ecb',
  configuredJpyPerCny: '20.5',
  current: { jpyPerCny: '21.532484', asOf: '2026-12-03', source: 'ecb' },
  rates: [{ jpyPerCny: '21.532484', asOf: '2026-12-03', source: 'ecb', recordedAt: '2026-12-03T16:05:00Z' }],
  lastFailure: {
    at: '2026-12-08T16:05:00Z',
    kind: 'late',
    detail: 'newest rates of 2026-12-03, read for 2026-12-08',
    feedAsOf: '2026-12-03',
  },
};

function fxServer(first: AdminFx, afterPut?: AdminFx) {
  let state = first;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/admin/fx/rate' && init?.method === 'PUT') {
      state = afterPut ?? state;
      return json(state);
    }
    if (url.startsWith('/api/admin/fx')) return json(state);
    return json({ data: [], total: 0, page: 1, limit: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the exchange rate in the admin console (decision 165)', () => {
  it('shows the fixed rate in use, and sets a new one after checking it as the server does', async () => {
    setSession('t', user(true));
    const set: AdminFx = {
      ...fixed,
      current: { jpyPerCny: '21.53', asOf: '2026-12-03', source: 'admin' },
      rates: [{ jpyPerCny: '21.53', asOf: '2026-12-03', source: 'admin', recordedAt: '2026-12-03T01:00:00Z' }],
    };
    const fetchMock = fxServer(fixed, set);
    page('/admin/rates');
    expect((await screen.findByTestId('fx-current')).textContent).toBe('1 yuan = 20.5 yen');
    expect(screen.getByText('Server setting')).toBeTruthy();
    expect(screen.getByText('No rates on record yet.')).toBeTruthy();
    const input = screen.getByLabelText(/New fixed rate/);
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the fixed rate' }));
    expect(
      await screen.findByText('Enter yen per yuan as a number from 1 to 1000 with at most six decimals.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: ' 21.53 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the fixed rate' }));
    await waitFor(() => expect(screen.getByTestId('fx-current').textContent).toBe('1 yuan = 21.53 yen'));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect([String(put[0]), JSON.parse(String(put[1]!.body))]).toEqual(['/api/admin/fx/rate', { jpyPerCny: '21.53' }]);
    expect(screen.getAllByTestId('fx-rate')).toHaveLength(1);
  });

  it('names the change in the audit log in the reader’s words', async () => {
    setSession('t', user(true));
    const entry = {
      id: 1,
      admin: { id: 1, username: 'admin' },
      action: 'fx_rate.set',
      entityType: 'fx_rate',
      entityId: 3,
      before: { jpyPerCny: '20.5', asOf: '2026-12-03', source: 'fixed' },
      after: { jpyPerCny: '21.53', asOf: '2026-12-03', source: 'admin' },
      note: null,
      createdAt: '2026-12-03T01:00:00Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/admin/audit-log')
          ? json({ entries: [entry], nextBefore: null })
          : json({ data: [], total: 0, page: 1, limit: 1 }),
      ),
    );
    page('/admin/audit');
    const row = await screen.findByTestId('audit-entry');
    expect(row.textContent).toContain('Fixed exchange rate set');
    expect(row.textContent).toContain('Rate (yen per RMB): 20.5 → 21.53');
    expect(row.textContent).toContain('Source: Server setting → Set by an admin');
    expect(row.textContent).not.toContain('Reference date');
  });

  it('under the ECB feed shows its rate and latest failure, with no form, in Chinese too', async () => {
    setSession('t', user(true));
    fxServer(ecb);
    page('/admin/rates');
    expect((await screen.findByTestId('fx-current')).textContent).toBe('1 yuan = 21.532484 yen');
    expect(screen.getAllByText('European Central Bank').length).toBeGreaterThan(0);
    expect(screen.getByTestId('fx-failure').textContent).toContain('Its newest rates were still those of Dec 3, 2026.');
    expect(screen.queryByRole('button', { name: 'Set the fixed rate' })).toBeNull();
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    page('/admin/rates');
    expect((await screen.findByTestId('fx-current')).textContent).toBe('1 元 = 21.532484 日元');
    expect(screen.getByTestId('fx-failure').textContent).toContain('最新汇率仍为2026年12月3日的数据。');
  });
});
