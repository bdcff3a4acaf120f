import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutAccountView, Wallet } from '../../../shared/schemas/wallet';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { PayoutAccountCard } from './payout-account-card';
import { WalletSection } from './wallet-section';
import { WithdrawalPanel } from './withdrawal-panel';

/**
 * The saved payout account (decision 172): a card a guide sees at any balance, in its four states
 * (loading, failed, none yet, saved), that adds, edits and removes the account with the withdrawal
 * form's own fields; and the withdrawal form offering it first.
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

const zeroWallet: Wallet = {
  currency: 'CNY',
  assetBalanceCents: 0,
  creditLevel: 'bronze',
  spentCents: 0,
  nextLevel: { level: 'silver', thresholdCents: 200_000 },
  earnings: {
    totalCents: 0,
    withdrawableCents: 0,
    pendingCents: 0,
    inPayoutCents: 0,
    withdrawnCents: 0,
    nextAvailableAt: null,
  },
  otherBalances: [],
};
const savedBank: PayoutAccountView = {
  method: 'bank',
  accountName: 'Yamada Taro',
  accountNumberMasked: '•••4567',
  bankName: 'みずほ',
  bankCode: '0001',
  branchCode: '001',
  branchName: '東京営業部',
  accountType: 'ordinary',
  accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  updatedAt: '2026-12-01T00:00:00Z',
};
const MIZUHO = { code: '0001', name: 'みずほ', kana: 'ミズホ' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the card and the form see it; `account` is what GET answers (a Response for a failure). */
function server(
  opts: {
    account?: PayoutAccountView | null | Response;
    put?: () => Response;
    wallet?: Wallet;
    withdraw?: () => Response;
  } = {},
) {
  let account = opts.account === undefined ? null : opts.account;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/v2/wallet')) return json(opts.wallet ?? zeroWallet);
    if (url.endsWith('/api/v2/wallet/payout-account')) {
      if (init?.method === 'PUT')
        return opts.put?.() ?? json({ account: (account = { ...savedBank, accountNumberMasked: '•••7654' }) });
      if (init?.method === 'DELETE') return ((account = null), new Response(null, { status: 204 }));
      return account instanceof Response ? account.clone() : json({ account });
    }
    if (url.endsWith('/api/v2/wallet/withdrawals') && init?.method === 'POST')
      return opts.withdraw?.() ?? json({ code: 'insufficient_balance', message: 'x' }, 409);
    if (url.endsWith('/api/v2/wallet/withdrawals')) return json({ withdrawals: [] });
    if (url.endsWith('/api/v2/wallet/payout-rate')) return json({ rate: null });
    if (url.endsWith('/api/v2/wallet/statements')) return json({ statements: [] });
    if (url.includes('/api/v2/banks/0001/branches'))
      return json({ bank: MIZUHO, branches: [{ code: '001', name: '東京営業部', kana: 'トウキヨウ' }] });
    if (url.includes('/api/v2/banks?')) return json({ banks: [MIZUHO] });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof server>, method: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith('/payout-account') && init?.method === method);

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the payout account card', () => {
  it('shows a guide with no balance an invitation to add one, and in Japanese a bank account first, saved masked', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = server();
    render(wrap(<WalletSection />));
    const card = await screen.findByTestId('payout-account');
    expect(screen.getByTestId('asset-balance').textContent).toBe('0 元');
    expect(await within(card).findByText(/初めてのツアーの前でも登録でき/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '受取口座を登録' }));

    expect((within(card).getByLabelText('出金先') as HTMLSelectElement).value).toBe('bank');
    fireEvent.change(within(card).getByLabelText('口座名義'), { target: { value: 'Yamada Taro' } });
    fireEvent.change(within(card).getByLabelText(/銀行を検索/), { target: { value: 'みずほ' } });
    fireEvent.click(await within(card).findByRole('button', { name: /0001/ }));
    fireEvent.click(await within(card).findByRole('button', { name: /東京営業部/ }));
    // Checked before it is sent, as the withdrawal form checks it.
    fireEvent.click(within(card).getByRole('button', { name: '口座を保存' }));
    expect(await within(card).findByText('7桁の口座番号を入力してください。')).toBeTruthy();
    expect(sent(fetchMock, 'PUT')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText(/口座番号/), { target: { value: '7654321' } });
    fireEvent.change(within(card).getByLabelText('口座名義（カタカナ）', { exact: false }), {
      target: { value: 'ヤマダ タロウ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: '口座を保存' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(sent(fetchMock, 'PUT')[0]![1]!.body))).toEqual({
      method: 'bank',
      accountName: 'Yamada Taro',
      accountNumber: '7654321',
      bankCode: '0001',
      branchCode: '001',
      accountType: 'ordinary',
      accountHolderKana: 'ヤマダ タロウ',
    });
    // Saved: the account as the server answers it, the number masked.
    expect((await within(card).findByTestId('account-line')).textContent).toBe(
      'みずほ 東京営業部 · 普通 · •••7654 · ﾔﾏﾀﾞ ﾀﾛｳ',
    );
    expect(card.textContent).not.toContain('7654321');
  });

  it('is loading, then says it failed with a retry that loads it', async () => {
    let failing = true;
    const fetchMock = server();
    const base = fetchMock.getMockImplementation()!;
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/payout-account')) return base(input, init);
      if (failing) return new Promise<Response>((r) => (answer = r));
      return json({ account: savedBank });
    });
    render(wrap(<PayoutAccountCard />));
    const card = screen.getByTestId('payout-account');
    expect(within(card).getByRole('status').textContent).toBe('Loading…');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answer(json({ code: 'internal', message: 'x' }, 500));
    expect((await within(card).findByRole('alert')).textContent).toContain('Your payout account could not be loaded.');
    failing = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect((await within(card).findByTestId('account-line')).textContent).toBe(
      'みずほ 東京営業部 · Ordinary (普通) · •••4567 · ﾔﾏﾀﾞ ﾀﾛｳ',
    );
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('edits the saved account with the number typed again, and removes it after asking', async () => {
    const fetchMock = server({ account: savedBank });
    render(wrap(<PayoutAccountCard />));
    const card = screen.getByTestId('payout-account');
    expect(await within(card).findByText('Bank account')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    // Everything but the number is kept; the holder's name reads full-width, as it was typed.
    expect((within(card).getByLabelText("Account holder's name") as HTMLInputElement).value).toBe('Yamada Taro');
    expect(within(card).getByTestId('branch-chosen').textContent).toContain('東京営業部');
    expect((within(card).getByLabelText(/katakana/) as HTMLInputElement).value).toBe('ヤマダ タロウ');
    expect((within(card).getByLabelText(/Bank account number/) as HTMLInputElement).value).toBe('');
    expect(within(card).getByText(/only the end of your account number \(•••4567\)/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(sent(fetchMock, 'PUT')).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(within(card).getByText(/Payouts you have already requested are still paid to it/)).toBeTruthy();
    expect(sent(fetchMock, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: 'Remove account' }));
    expect(await within(card).findByRole('button', { name: 'Add a payout account' })).toBeTruthy();
    expect(sent(fetchMock, 'DELETE')).toHaveLength(1);
    expect(within(card).queryByTestId('account-line')).toBeNull();
  });

  it('saves a WeChat account, and says so when the server fails rather than close the form', async () => {
    const fetchMock = server({ put: () => json({ code: 'internal', message: 'x' }, 500) });
    render(wrap(<PayoutAccountCard />));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payout account' }));
    expect((screen.getByLabelText('Pay out to') as HTMLSelectElement).value).toBe('alipay');
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'wechat' } });
    expect(screen.queryByLabelText(/Find your bank/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Account holder's name"), { target: { value: 'Wang Fang' } });
    fireEvent.change(screen.getByLabelText(/Account \(/), { target: { value: 'wangfang88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The account could not be saved. Please try again.');
    expect(JSON.parse(String(sent(fetchMock, 'PUT')[0]![1]!.body))).toEqual({
      method: 'wechat',
      accountName: 'Wang Fang',
      accountNumber: 'wangfang88',
    });
    expect(screen.getByRole('button', { name: 'Save account' })).toBeTruthy();
  });

  it('shows the server’s refusal of the holder’s name on that field', async () => {
    server({
      account: savedBank,
      put: () =>
        json(
          { code: 'invalid_kana_name', message: 'x', fields: [{ path: 'body.accountHolderKana', message: 'x' }] },
          400,
        ),
    });
    render(wrap(<PayoutAccountCard />));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText(/Bank account number/), { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    const kana = screen.getByLabelText(/katakana/);
    await waitFor(() => expect(kana.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(kana);
  });
});

describe('the withdrawal form and the saved account', () => {
  it('offers the saved account first, in its method, and sends it in one field', async () => {
    const withWallet = {
      ...zeroWallet,
      assetBalanceCents: 6_600,
      earnings: { ...zeroWallet.earnings!, totalCents: 6_600, withdrawableCents: 6_600 },
    };
    const fetchMock = server({
      account: savedBank,
      wallet: withWallet,
      withdraw: () => json({ code: 'insufficient_balance', message: 'x' }, 409),
    });
    render(wrap(<WithdrawalPanel />));
    const same = await screen.findByTestId('same-account');
    // English reads Alipay first, but her saved account is a bank's: the form starts there.
    expect((screen.getByLabelText('Pay out to') as HTMLSelectElement).value).toBe('bank');
    expect(same.textContent).toContain('Paying to your saved payout account');
    expect(same.textContent).toContain('•••4567');
    expect(screen.queryByLabelText(/Find your bank/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      amountCents: 3_000,
      currency: 'CNY',
      method: 'bank',
      savedAccount: true,
    });
    // Another method has no saved account to offer.
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'alipay' } });
    expect(screen.queryByTestId('same-account')).toBeNull();
  });
});
