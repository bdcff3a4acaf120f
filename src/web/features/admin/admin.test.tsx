import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '../../../shared/schemas/disputes';
import type { PayoutBatch } from '../../../shared/schemas/payouts';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { actionRequest } from './api/actions';
import { RefundSplitInput } from './components/refund-split';
import { canOpenConsole, errorKey, parseAdminPath, parseAmount, refundSplit } from './lib';
import { ApiError } from '../../lib/api-client';
import { awaitingBatch, json, page, user } from './admin-fixtures';

const dispute: Dispute = {
  id: 5,
  bookingId: 9,
  openedBy: 2,
  category: 'pressure_to_buy',
  openedSide: 'traveler',
  previousStatus: 'ongoing',
  reason: 'The guide left after one hour.',
  status: 'open',
  resolution: null,
  refundCents: null,
  resolutionNote: null,
  createdAt: '2026-11-20T03:00:00Z',
  resolvedAt: null,
  bookingStatus: 'disputed',
  evidence: [],
};

function server(
  post: () => Response = () => json({ dispute: { ...dispute, status: 'resolved' }, ledger: { entries: [], total: 0 } }),
  batch: PayoutBatch = awaitingBatch,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') return post();
    if (url.startsWith('/api/admin/disputes/5'))
      return json({
        dispute,
        currency: 'CNY',
        ledger: {
          entries: [
            { account: 'traveler', kind: 'deposit', amountCents: -30_000, currency: 'CNY' },
            { account: 'platform', kind: 'deposit', amountCents: 30_000, currency: 'CNY' },
          ],
          total: 0,
        },
        messages: [
          {
            id: 1,
            side: 'guide',
            body: 'I had to leave for an emergency.',
            kind: 'text',
            createdAt: '2026-11-20T02:00:00Z',
          },
        ],
      });
    if (url.startsWith('/api/admin/disputes')) return json({ data: [dispute] });
    if (url.startsWith('/api/admin/audit-log')) return json({ entries: [], nextBefore: null });
    if (url.startsWith('/api/admin/jobs/failed'))
      return json({
        jobs: [
          {
            id: 31,
            kind: 'booking.reminder',
            payload: { bookingId: 9 },
            attempts: 5,
            lastError: 'SMTP timeout',
            runAt: '2026-11-21T00:00:00Z',
            failedAt: '2026-11-21T01:00:00Z',
          },
        ],
        nextBefore: null,
      });
    if (url.startsWith('/api/admin/withdrawals')) return json({ withdrawals: [] });
    if (url.startsWith('/api/admin/payout-batches/7')) return json(batch);
    if (url.startsWith('/api/admin/payout-batches')) return json({ batches: [awaitingBatch] });
    if (url.startsWith('/api/admin/weather-warnings'))
      return json({
        warnings: [
          {
            id: 4,
            areaCode: '270000',
            kind: 'warning',
            code: '05',
            name: '暴風警報',
            issuedAt: '2026-11-21T09:00:00Z',
            liftedAt: null,
            recordedBy: 'admin',
            note: 'JMA site down',
          },
        ],
      });
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

describe('admin helpers', () => {
  it('reads yuan as fen and yen as whole yen, refusing more decimals and negatives', () => {
    expect(parseAmount('', 'CNY')).toBe(0);
    expect(parseAmount('120', 'CNY')).toBe(12_000);
    expect(parseAmount('120.5', 'CNY')).toBe(12_050);
    expect(parseAmount(' 1,200.05 ', 'CNY')).toBe(120_005);
    expect(parseAmount('0.01', 'CNY')).toBe(1);
    expect(parseAmount('1.234', 'CNY')).toBeNull();
    expect(parseAmount('-5', 'CNY')).toBeNull();
    expect(parseAmount('abc', 'CNY')).toBeNull();
    expect(parseAmount('1e3', 'CNY')).toBeNull();
    expect(parseAmount('1,200', 'JPY')).toBe(1_200);
    expect(parseAmount('1200.5', 'JPY')).toBeNull();
  });

  it('splits what was paid online between the refund and what is kept, in the booking’s currency', () => {
    expect(refundSplit('100', 30_000, 'CNY')).toEqual({ refundCents: 10_000, keptCents: 20_000, error: null });
    expect(refundSplit('300', 30_000, 'CNY')).toEqual({ refundCents: 30_000, keptCents: 0, error: null });
    expect(refundSplit('300.01', 30_000, 'CNY').error).toBe('tooMuch');
    expect(refundSplit('x', 30_000, 'CNY').error).toBe('invalid');
    expect(refundSplit('1000', 1_600, 'JPY')).toEqual({ refundCents: 1_000, keptCents: 600, error: null });
  });

  it('parses console paths and refuses the rest', () => {
    expect(parseAdminPath(undefined)).toEqual({ section: 'applications', id: undefined });
    expect(parseAdminPath('withdrawals/12')).toEqual({ section: 'withdrawals', id: 12 });
    expect(parseAdminPath('nope')).toBeNull();
    expect(parseAdminPath('users/0')).toBeNull();
    expect(parseAdminPath('users/1/x')).toBeNull();
  });

  it('lets only admins in, and maps errors by their stable code', () => {
    expect(canOpenConsole(null)).toBe(false);
    expect(canOpenConsole({ token: 't', user: user(false) })).toBe(false);
    expect(canOpenConsole({ token: 't', user: user(true) })).toBe(true);
    expect(errorKey(new ApiError(409, '', { code: 'invalid_transition', message: 'x' }))).toBe(
      'errors.invalid_transition',
    );
    expect(errorKey(new ApiError(500, '', { code: 'internal', message: 'x' }))).toBe('errors.generic');
  });

  it('builds each action’s request', () => {
    expect(actionRequest({ kind: 'identity', id: 3, step: 'request-changes', note: 'blurry' })).toEqual({
      path: '/api/admin/identity/3/request-changes',
      method: 'POST',
      body: { note: 'blurry' },
    });
    expect(actionRequest({ kind: 'application', id: 4, step: 'request-changes', message: 'more' })).toEqual({
      path: '/api/admin/applications/4/request-changes',
      method: 'POST',
      body: { message: 'more' },
    });
    expect(actionRequest({ kind: 'support', id: 7, step: 'status', status: 'closed' })).toEqual({
      path: '/api/admin/support/threads/7',
      method: 'PATCH',
      body: { status: 'closed' },
    });
    expect(actionRequest({ kind: 'withdrawal', id: 8, step: 'fail', reason: 'bad account' }).body).toEqual({
      reason: 'bad account',
    });
  });
});

describe('the refund split input', () => {
  function Harness({
    initial = '',
    currency = 'CNY',
    refundable = 30_000,
  }: {
    initial?: string;
    currency?: 'CNY' | 'JPY';
    refundable?: number;
  }) {
    const [v, setV] = useState(initial);
    return <RefundSplitInput value={v} onChange={setV} refundableCents={refundable} currency={currency} />;
  }

  it('shows the split in RMB as typed in yuan, and refuses more than was paid', async () => {
    render(
      <Suspense fallback="loading">
        <Harness />
      </Suspense>,
    );
    const input = await screen.findByLabelText('Refund to the traveler');
    fireEvent.change(input, { target: { value: '120.5' } });
    const split = screen.getByTestId('refund-split');
    expect(split.textContent).toContain('300 RMB');
    expect(split.textContent).toContain('120.50 RMB');
    expect(split.textContent).toContain('179.50 RMB');
    expect(split.textContent).not.toContain('¥');
    fireEvent.change(input, { target: { value: '301' } });
    expect(screen.getByText('The refund can be at most 300 RMB, what the traveler paid online.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('in Chinese, amounts read 元', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(
      <Suspense fallback="loading">
        <Harness initial="50" />
      </Suspense>,
    );
    const split = await screen.findByTestId('refund-split');
    expect(split.textContent).toContain('50 元');
    expect(split.textContent).toContain('250 元');
  });

  it('takes a yen booking’s refund in whole yen and shows the split in yen (decision 164)', async () => {
    await act(() => i18next.changeLanguage('ja'));
    render(
      <Suspense fallback="loading">
        <Harness currency="JPY" refundable={1_600} initial="1000" />
      </Suspense>,
    );
    const split = await screen.findByTestId('refund-split');
    expect(split.textContent).toContain('1,600円');
    expect(split.textContent).toContain('1,000円');
    expect(split.textContent).toContain('600円');
    expect(screen.getByText('円')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('旅行者への返金額'), { target: { value: '1000.5' } });
    expect(screen.getByText('金額は円単位の整数で入力してください（例：1200）。')).toBeTruthy();
  });
});

describe('/admin', () => {
  it('shows the not-found page to visitors and to signed-in non-admins', async () => {
    const fetchMock = server();
    page('/admin');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    setSession('t', user(false));
    cleanup();
    page('/admin/withdrawals');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an admin resolves a dispute with a partial refund sent in fen', async () => {
    setSession('t', user(true));
    const fetchMock = server();
    page('/admin/disputes/5');
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeTruthy();
    expect(await screen.findByText('The guide left after one hour.')).toBeTruthy();
    expect(screen.getByText('I had to leave for an emergency.')).toBeTruthy();
    expect(screen.getByText("Traveler's statement")).toBeTruthy();
    // What went wrong, as the traveler named it (decision 135).
    expect(screen.getByText('What went wrong')).toBeTruthy();
    expect(screen.getByText('Pressure to buy')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('count-disputes')[0]!.textContent).toBe('1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    fireEvent.click(await screen.findByLabelText(/Cancelled/));
    fireEvent.change(screen.getByLabelText('Refund to the traveler'), { target: { value: '120.5' } });
    expect(screen.getByTestId('refund-split').textContent).toContain('179.50 RMB');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toBe('/api/admin/disputes/5/resolve');
    expect(JSON.parse(String(init!.body))).toEqual({ resolution: 'cancelled', refundCents: 12_050 });
  });

  it('shows a refused action in words, without its raw code, and keeps the dialog open (decision 198)', async () => {
    setSession('t', user(true));
    server(() => json({ code: 'invalid_transition', message: 'The booking changed meanwhile' }, 409));
    page('/admin/disputes/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    fireEvent.change(await screen.findByLabelText('Refund to the traveler'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    const alert = await screen.findByText(/This item has changed in the meantime/);
    expect(alert.textContent).not.toContain('invalid_transition');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('an admin queues a failed job again after confirming', async () => {
    setSession('t', user(true));
    const fetchMock = server(() => json({ id: 31, status: 'queued' }));
    page('/admin/jobs/31');
    expect(await screen.findByText('SMTP timeout', { selector: 'pre' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/admin/jobs/31/retry' && i?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('an admin records a JMA warning by hand and lifts one in force (the typhoon rule)', async () => {
    setSession('t', user(true));
    const fetchMock = server(() =>
      json(
        {
          id: 5,
          areaCode: '260000',
          kind: 'special_warning',
          code: '35',
          name: '暴風特別警報',
          issuedAt: '2026-11-21T10:00:00Z',
          liftedAt: null,
          recordedBy: 'admin',
          note: null,
        },
        201,
      ),
    );
    page('/admin/weather');
    const item = await screen.findByTestId('recorded-warning');
    expect(item.textContent).toContain('Osaka · 暴風警報');
    expect(item.textContent).toContain('in force');
    fireEvent.click(screen.getByRole('button', { name: 'Record a warning' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('City (JMA area)'), { target: { value: 'kyoto' } });
    fireEvent.change(within(dialog).getByLabelText('Warning'), { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a warning' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(
        ([u, i]) => String(u) === '/api/admin/weather-warnings' && i?.method === 'POST',
      );
      expect(call && JSON.parse(String(call[1]!.body))).toEqual({ city: 'kyoto', code: '35' });
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Lift' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lift' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u) === '/api/admin/weather-warnings/4/lift' && i?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('an admin enters the rate of a bank batch the weekly run formed; nothing is paid or downloaded before it', async () => {
    setSession('t', user(true));
    const fetchMock = server(() =>
      json({ ...awaitingBatch, status: 'open', jpyPerCny: '21.53', transferDate: '2026-11-27', totalYen: 2657 }),
    );
    page('/admin/payouts/7');
    const form = await screen.findByRole('form', { name: 'Set rate' });
    expect(screen.getAllByText('Awaiting rate').length).toBeGreaterThan(0);
    expect(screen.getByText('By the weekly run, week of Nov 23, 2026')).toBeTruthy();
    expect(screen.queryByText('Download Zengin file')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark failed' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Rate (yen per RMB)'), { target: { value: '21,53' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set rate' }));
    expect(await within(form).findByText('Enter yen per RMB as a number with at most six decimals.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Rate (yen per RMB)'), { target: { value: ' 21.53 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set rate' }));
    await waitFor(() => {
      const posts = fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');
      expect(posts.map(([u, i]) => [String(u), JSON.parse(String(i!.body))])).toEqual([
        ['/api/admin/payout-batches/7/rate', { jpyPerCny: '21.53' }],
      ]);
    });

    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    page('/admin/payouts/7');
    expect(await screen.findByRole('form', { name: '设定汇率' })).toBeTruthy();
    expect(screen.getAllByText('待填汇率').length).toBeGreaterThan(0);
  });

  it("shows a bank batch's yen in the reader's money format (src/shared/money-format.ts, decision 117)", async () => {
    setSession('t', user(true));
    const formed: PayoutBatch = {
      ...awaitingBatch,
      status: 'open',
      jpyPerCny: '21.53',
      transferDate: '2026-11-27',
      totalYen: 2657,
      lines: awaitingBatch.lines.map((l) => ({ ...l, amountYen: 2657 })),
    };
    server(undefined, formed);
    page('/admin/payouts/7');
    expect((await screen.findAllByText('¥2,657 (JPY)')).length).toBeGreaterThan(0);

    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    page('/admin/payouts/7');
    expect((await screen.findAllByText(/2,657 日元/)).length).toBeGreaterThan(0);
  });
});
