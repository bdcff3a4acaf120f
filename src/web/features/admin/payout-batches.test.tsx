import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutBatch } from '../../../shared/schemas/payouts';
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

describe('payout batches: the audit trail and paying before the transfer day', () => {
  const openBatch = (transferDate: string): PayoutBatch => ({ ...awaitingBatch, status: 'open', jpyPerCny: '21.53', transferDate, totalYen: 2657 });
  function batchServer(batch: PayoutBatch) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') return json({ ...batch, lines: batch.lines.map((l) => ({ ...l, status: 'paid' })) });
      if (url.startsWith('/api/admin/audit-log'))
        return json({
          entries: [{ id: 1, admin: { id: 1, username: 'admin' }, action: 'payout_batch.rate', entityType: 'payout_batch', entityId: 7, before: { jpyPerCny: null, status: 'awaiting_rate' }, after: { jpyPerCny: '21.53', lines: 1, status: 'open' }, note: null, createdAt: '2026-11-24T02:00:00Z' }],
          nextBefore: null,
        });
      if (url.startsWith('/api/admin/payout-batches/7')) return json(batch);
      if (url.startsWith('/api/admin/payout-batches')) return json({ batches: [batch] });
      return json({ data: [], total: 0, page: 1, limit: 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

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
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([u]) => String(u))).toEqual(['/api/admin/payout-batches/7/lines/70/paid']));
  });

  it('on or after the transfer day the confirmation says the usual words', async () => {
    setSession('t', user(true));
    batchServer(openBatch('2026-01-05'));
    page('/admin/payouts/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    expect(within(await screen.findByRole('dialog')).getByText('Only after the bank confirms the transfer. The guide is told.')).toBeTruthy();
  });
});
