import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutBatch } from '../../../shared/schemas/payouts';
import type { AdminWithdrawal } from '../../../shared/schemas/wallet';
import { i18next, i18nReady } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import { awaitingBatch, json, page, user } from './admin-fixtures';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

function batchServer(batch: PayoutBatch) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') return json({ ...batch, lines: batch.lines.map((l) => ({ ...l, status: 'paid' })) });
    if (url.startsWith('/api/admin/audit-log'))
      return json({
        entries: [
          {
            id: 1,
            admin: { id: 1, username: 'admin' },
            action: 'payout_batch.rate',
            entityType: 'payout_batch',
            entityId: 7,
            before: { jpyPerCny: null, status: 'awaiting_rate' },
            after: { jpyPerCny: '21.53', lines: 1, status: 'open' },
            note: null,
            createdAt: '2026-11-24T02:00:00Z',
          },
        ],
        nextBefore: null,
      });
    if (url.startsWith('/api/admin/payout-batches/7')) return json(batch);
    if (url.startsWith('/api/admin/payout-batches')) return json({ batches: [batch] });
    return json({ data: [], total: 0, page: 1, limit: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('payout batches: the audit trail and paying before the transfer day', () => {
  const openBatch = (transferDate: string): PayoutBatch => ({
    ...awaitingBatch,
    status: 'open',
    jpyPerCny: '21.53',
    transferDate,
    totalYen: 2657,
  });
  it('names the changed fields in the reader’s language, not as keys', async () => {
    setSession('t', user(true));
    batchServer(openBatch('2026-11-27'));
    page('/admin/payouts/7');
    const entry = await screen.findByTestId('audit-entry');
    expect(entry.textContent).toContain('Rate (yen per RMB): — → 21.53');
    expect(entry.textContent).toContain('Status: Awaiting rate → Open');
    expect(entry.textContent).not.toContain('jpyPerCny');
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    page('/admin/payouts/7');
    expect((await screen.findByTestId('audit-entry')).textContent).toContain('汇率（每 1 元人民币兑日元）: — → 21.53');
  });

  it('before the transfer day, Mark paid names the day and waits for the admin to confirm', async () => {
    setSession('t', user(true));
    const fetchMock = batchServer(openBatch('2099-01-05'));
    page('/admin/payouts/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The transfer date is Jan 5, 2099. Mark as paid now?')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([u]) => String(u))).toEqual([
        '/api/admin/payout-batches/7/lines/70/paid',
      ]),
    );
  });

  it('on or after the transfer day the confirmation says the usual words', async () => {
    setSession('t', user(true));
    batchServer(openBatch('2026-01-05'));
    page('/admin/payouts/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(
        'Only after the bank confirms the transfer. The guide is told.',
      ),
    ).toBeTruthy();
  });
});

describe('payouts in yen (decision 167)', () => {
  const yuanLine = { ...awaitingBatch.lines[0]!, amountYen: 2_484 };
  const yenLine = {
    ...awaitingBatch.lines[0]!,
    id: 71,
    withdrawalId: 701,
    userId: 4,
    username: 'yenguide',
    amountCents: 48_000,
    currency: 'JPY' as const,
    amountYen: 48_000,
  };
  const mixed: PayoutBatch = {
    ...awaitingBatch,
    status: 'open',
    jpyPerCny: '20.125',
    transferDate: '2026-12-02',
    lineCount: 2,
    pendingCount: 2,
    totals: [
      { currency: 'CNY', amountCents: 12_345 },
      { currency: 'JPY', amountCents: 48_000 },
    ],
    totalYen: 50_484,
    lines: [yuanLine, yenLine],
  };

  it('a bank batch of yuan and yen totals each currency apart; a yuan line shows its yen, a yen line is its own amount', async () => {
    setSession('t', user(true));
    batchServer(mixed);
    page('/admin/payouts/7');
    const yen = await screen.findByTestId('payout-line-71');
    expect(yen.textContent).toContain('¥48,000 (JPY) · @yenguide');
    expect(yen.textContent).not.toContain('(¥');
    expect(screen.getByTestId('payout-line-70').textContent).toContain('123.45 RMB (¥2,484 (JPY)) · @guide');
    expect(screen.getAllByText('123.45 RMB · ¥48,000 (JPY)').length).toBeGreaterThan(0);
    expect(screen.getByText('¥50,484 (JPY)')).toBeTruthy();
    expect(screen.getAllByText(/payouts in yen are sent as they are/).length).toBeGreaterThan(0);

    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    page('/admin/payouts/7');
    expect((await screen.findByTestId('payout-line-71')).textContent).toContain('48,000円 · @yenguide');
    expect(screen.getAllByText('123.45 元 · 48,000円').length).toBeGreaterThan(0);
  });

  it('a weekly bank batch of yen payouts alone is dated without a rate, and never reads as awaiting one (decisions 169, 196)', async () => {
    setSession('t', user(true));
    const yenOnly: PayoutBatch = {
      ...awaitingBatch,
      status: 'awaiting_day',
      totals: [{ currency: 'JPY', amountCents: 48_000 }],
      lines: [yenLine],
    };
    await act(() => i18next.changeLanguage('ja'));
    batchServer(yenOnly);
    page('/admin/payouts/7');
    await screen.findByRole('form', { name: '振込日を設定' });
    expect(screen.getAllByText('振込日の設定待ち').length).toBeGreaterThan(0);
    // The list's and the batch's status; the audit trail's fixture (a rated batch's history) aside.
    const rateWaits = screen
      .queryAllByText('レート入力待ち')
      .filter((el) => !el.closest('[data-testid="audit-entry"]'));
    expect(rateWaits).toEqual([]);
    cleanup();
    await act(() => i18next.changeLanguage('en'));
    const fetchMock = batchServer(yenOnly);
    page('/admin/payouts/7');
    const form = await screen.findByRole('form', { name: 'Set transfer day' });
    expect(screen.getAllByText('Awaiting transfer day').length).toBeGreaterThan(0);
    expect(form.textContent).toContain('Every payout in it is in yen and is sent as it is, with no rate');
    expect(within(form).queryByLabelText('Rate (yen per RMB)')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Set transfer day' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/admin/payout-batches/7/rate' && i?.method === 'POST'),
      ).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u) === '/api/admin/payout-batches/7/rate')!;
    expect(JSON.parse(String(init!.body))).toEqual({});

    // Holding a yuan payout, the same batch asks for its rate.
    cleanup();
    batchServer(awaitingBatch);
    page('/admin/payouts/7');
    const rated = await screen.findByRole('form', { name: 'Set rate' });
    expect(within(rated).getByLabelText(/Rate \(yen per RMB\)/)).toBeTruthy();
  });

  it('a yen withdrawal reads in yen in the queue, its detail and its ledger', async () => {
    setSession('t', user(true));
    const w: AdminWithdrawal = {
      id: 5,
      amountCents: 48_000,
      currency: 'JPY',
      method: 'bank',
      accountName: 'Sato Yuki',
      accountNumberMasked: '•••4321',
      accountNumber: '7654321',
      bankName: '三井住友',
      bankCode: '0009',
      branchCode: '001',
      branchName: '神保町',
      accountType: 'ordinary',
      accountHolderKana: 'ｻﾄｳ ﾕｷ',
      status: 'requested',
      failureReason: null,
      createdAt: '2026-11-26T01:00:00Z',
      updatedAt: '2026-11-26T01:00:00Z',
      userId: 4,
      username: 'yenguide',
    };
    const entry = (id: number, account: string, amountCents: number) => ({
      id,
      account,
      userId: account === 'guide' ? 4 : null,
      kind: 'withdrawal',
      amountCents,
      currency: 'JPY',
      amountYen: null,
      createdAt: '2026-11-26T01:00:00Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/admin/withdrawals/5/ledger'))
          return json({ entries: [entry(1, 'guide', -48_000), entry(2, 'payout_hold', 48_000)], total: 0 });
        if (url.startsWith('/api/admin/withdrawals')) return json({ withdrawals: [w] });
        if (url.startsWith('/api/admin/audit-log')) return json({ entries: [], nextBefore: null });
        return json({ data: [], total: 0, page: 1, limit: 1 });
      }),
    );
    page('/admin/withdrawals/5');
    expect((await screen.findAllByText('¥48,000 (JPY) · @yenguide')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('¥48,000 (JPY)').length).toBeGreaterThan(0);
    // The ledger: each entry and the total in yen.
    expect(await screen.findByText('¥0 (JPY)')).toBeTruthy();
    expect(screen.queryByText(/RMB/)).toBeNull();
  });
});
