import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Wallet, Withdrawal } from '../../../shared/schemas/wallet';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { WalletSection } from './wallet-section';
import { WithdrawalPanel } from './withdrawal-panel';

/**
 * A guide who prices in yen (decision 167): her wallet, her payouts and the form read in yen; the
 * amount is typed in whole yen and goes to a Japanese bank as it is, with no estimate at a rate; what
 * she earned in yuan before her switch is shown and paid out on its own.
 */
const wrap = (children: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter>
      <Suspense fallback="loading">{children}</Suspense>
    </MemoryRouter>
  </QueryClientProvider>
);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const yenWallet: Wallet = {
  currency: 'JPY',
  assetBalanceCents: 26_000,
  creditLevel: 'bronze',
  spentCents: 0,
  nextLevel: { level: 'silver', thresholdCents: 200_000 },
  earnings: {
    totalCents: 38_000,
    withdrawableCents: 20_000,
    pendingCents: 3_000,
    inPayoutCents: 3_000,
    withdrawnCents: 12_000,
    nextAvailableAt: null,
  },
  otherBalances: [],
};
const withYuan: Wallet = {
  ...yenWallet,
  otherBalances: [
    {
      currency: 'CNY',
      assetBalanceCents: 4_500,
      earnings: {
        totalCents: 4_500,
        withdrawableCents: 4_500,
        pendingCents: 0,
        inPayoutCents: 0,
        withdrawnCents: 0,
        nextAvailableAt: null,
      },
    },
  ],
};
const paidYen: Withdrawal = {
  id: 7,
  amountCents: 12_000,
  currency: 'JPY',
  method: 'bank',
  accountName: 'Sato Ken',
  accountNumberMasked: '•••4567',
  bankName: 'みずほ',
  bankCode: '0001',
  branchCode: '001',
  branchName: '東京営業部',
  accountType: 'ordinary',
  accountHolderKana: 'ｻﾄｳ ｹﾝ',
  status: 'paid',
  failureReason: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-05T00:00:00Z',
};

function server(
  wallet: Wallet,
  post: () => Response = () =>
    json({ withdrawal: { ...paidYen, id: 8, status: 'requested' }, earnings: wallet.earnings }, 201),
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/v2/wallet')) return json(wallet);
    // A rate exists: a yuan payout to a bank would be estimated at it, a yen one never.
    if (url.endsWith('/api/v2/wallet/payout-rate'))
      return json({ rate: { jpyPerCny: '21.53', transferDate: '2026-11-24' } });
    if (url.endsWith('/api/v2/wallet/withdrawals') && init?.method === 'POST') return post();
    if (url.endsWith('/api/v2/wallet/withdrawals')) return json({ withdrawals: [paidYen] });
    if (url.endsWith('/api/v2/wallet/statements')) return json({ statements: [] });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const posted = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the wallet of a guide who prices in yen', () => {
  it('adds up in yen, in each language’s way of writing yen', async () => {
    server(yenWallet);
    render(wrap(<WalletSection />));
    expect((await screen.findByTestId('asset-balance')).textContent).toBe('¥26,000 (JPY)');
    expect(screen.getByTestId('earnings-withdrawable').textContent).toBe('¥20,000 (JPY)');
    expect(screen.queryByText(/RMB/)).toBeNull();
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    render(wrap(<WalletSection />));
    expect((await screen.findByTestId('asset-balance')).textContent).toBe('26,000円');
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<WalletSection />));
    expect((await screen.findByTestId('asset-balance')).textContent).toBe('26,000 日元');
  });

  it('shows yuan earned before a switch on their own, never added to the yen', async () => {
    server(withYuan);
    render(wrap(<WalletSection />));
    expect((await screen.findByTestId('asset-balance')).textContent).toBe('¥26,000 (JPY)');
    const yuan = screen.getByTestId('other-balance-CNY');
    expect(within(yuan).getByRole('heading').textContent).toBe('Earlier earnings in yuan (RMB)');
    expect(within(yuan).getByLabelText('Earlier earnings in yuan (RMB)').textContent).toContain('45 RMB');
  });
});

describe('/withdrawal from a yen balance', () => {
  it('takes whole yen for her bank, as they are: no method to pick, no estimate at a rate', async () => {
    const fetchMock = server(yenWallet);
    render(wrap(<WithdrawalPanel />));
    const amount = await screen.findByLabelText(/Amount \(yen\)/);
    expect(screen.getByTestId('yen-to-bank').textContent).toBe(
      'Your yen balance is paid to a Japanese bank account, in yen, as it is.',
    );
    expect(screen.queryByLabelText('Pay out to')).toBeNull();
    expect(screen.queryByLabelText('Pay out from')).toBeNull();
    expect(screen.queryByTestId('yen-estimate')).toBeNull();
    expect(screen.getByText('Withdrawable: ¥20,000 (JPY)')).toBeTruthy();
    // The paid payout in her history, in yen; its account is offered again.
    expect((await screen.findByText('¥12,000 (JPY)')).tagName).toBe('P');
    expect(await screen.findByTestId('same-account')).toBeTruthy();

    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    fireEvent.change(amount, { target: { value: '1500.5' } });
    submit();
    expect(await screen.findByText('Enter whole yen, without decimals.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '99' } });
    submit();
    expect(await screen.findByText('Enter an amount of at least ¥100 (JPY).')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '20001' } });
    submit();
    expect(await screen.findByText('The amount is more than your withdrawable balance.')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);
    fireEvent.change(amount, { target: { value: '15,000' } });
    submit();
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([{ amountCents: 15_000, currency: 'JPY', method: 'bank', sameAccountAs: 7 }]),
    );
  });

  it('reads in Japanese and Chinese', async () => {
    await act(() => i18next.changeLanguage('ja'));
    server(yenWallet);
    render(wrap(<WithdrawalPanel />));
    expect(await screen.findByLabelText(/金額（円）/)).toBeTruthy();
    expect(screen.getByText('出金可能額：20,000円')).toBeTruthy();
    expect(screen.getByTestId('yen-to-bank').textContent).toBe(
      '円建ての残高は、そのままの金額で日本の銀行口座にお振り込みします。',
    );
    cleanup();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(wrap(<WithdrawalPanel />));
    expect(await screen.findByLabelText(/金额（日元）/)).toBeTruthy();
    expect(screen.getByText('12,000 日元')).toBeTruthy();
  });

  it('pays the earlier yuan out from the yuan balance, chosen in the form: then the methods and the yen estimate are back', async () => {
    const fetchMock = server(withYuan);
    render(wrap(<WithdrawalPanel />));
    const from = await screen.findByLabelText('Pay out from');
    expect([...(from as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Yen: ¥20,000 (JPY) withdrawable',
      'Yuan (RMB): 45 RMB withdrawable',
    ]);
    fireEvent.change(from, { target: { value: 'CNY' } });
    expect(screen.getByLabelText(/Amount \(RMB\)/)).toBeTruthy();
    expect(screen.getByText('Withdrawable: 45 RMB')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'bank' } });
    expect(await screen.findByTestId('yen-estimate')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'alipay' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '40.5' } });
    fireEvent.change(screen.getByLabelText(/holder/), { target: { value: 'Sato Ken' } });
    fireEvent.change(screen.getByLabelText(/Account \(/), { target: { value: 'ken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([
        {
          amountCents: 4_050,
          currency: 'CNY',
          method: 'alipay',
          accountName: 'Sato Ken',
          accountNumber: 'ken@example.com',
        },
      ]),
    );
  });
});
