import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayoutRate, Wallet, Withdrawal } from '../../../shared/schemas/wallet';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { WalletSection } from './wallet-section';
import { WithdrawalPanel } from './withdrawal-panel';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const guideWallet: Wallet = {
  currency: 'CNY',
  assetBalanceCents: 10_600,
  creditLevel: 'silver',
  spentCents: 250_000,
  nextLevel: { level: 'gold', thresholdCents: 1_000_000 },
  earnings: {
    totalCents: 8_600,
    withdrawableCents: 6_600,
    pendingCents: 2_000,
    inPayoutCents: 2_000,
    withdrawnCents: 0,
    nextAvailableAt: '2026-12-20T00:00:00Z',
  },
  otherBalances: [],
};
const failed: Withdrawal = {
  id: 3,
  amountCents: 2_000,
  currency: 'CNY',
  method: 'alipay',
  accountName: 'Tanaka',
  accountNumberMasked: '••••.com',
  bankName: null,
  bankCode: null,
  branchCode: null,
  branchName: null,
  accountType: null,
  accountHolderKana: null,
  status: 'failed',
  failureReason: 'Account name does not match',
  createdAt: '2026-12-01T00:00:00Z',
  updatedAt: '2026-12-02T00:00:00Z',
};
const paidBank: Withdrawal = {
  ...failed,
  id: 7,
  amountCents: 5_000,
  method: 'bank',
  accountName: 'Yamada Taro',
  accountNumberMasked: '•••4567',
  bankName: 'みずほ',
  bankCode: '0001',
  branchCode: '001',
  branchName: '東京営業部',
  accountType: 'ordinary',
  accountHolderKana: 'ﾔﾏﾀﾞ ﾀﾛｳ',
  status: 'paid',
  failureReason: null,
};
const MIZUHO = { code: '0001', name: 'みずほ', kana: 'ミズホ' };
const YUCHO = { code: '9900', name: 'ゆうちょ', kana: 'ユウチヨ' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(
  post: () => Response = () => json({ code: 'insufficient_balance', message: 'x' }, 409),
  wallet: Wallet = guideWallet,
  more: { rate?: PayoutRate | null; withdrawals?: Withdrawal[] } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/v2/wallet')) return json(wallet);
    if (url.endsWith('/api/v2/wallet/payout-rate')) return json({ rate: more.rate ?? null });
    if (url.endsWith('/api/v2/wallet/withdrawals') && init?.method === 'POST') return post();
    if (url.endsWith('/api/v2/wallet/withdrawals')) return json({ withdrawals: more.withdrawals ?? [failed] });
    if (url.includes('/api/v2/banks/0001/branches'))
      return json({ bank: MIZUHO, branches: [{ code: '001', name: '東京営業部', kana: 'トウキヨウ' }] });
    if (url.includes('/api/v2/banks/9900/branches'))
      return json({
        bank: YUCHO,
        branches: url.includes('q=058') ? [{ code: '058', name: '〇五八', kana: 'ゼロゴハチ' }] : [],
      });
    if (url.includes('/api/v2/banks?')) return json({ banks: [MIZUHO, YUCHO] });
    return json({ code: 'not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await i18nReady;
});

/** The texts a field's aria-describedby points at. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('the wallet section of /profile', () => {
  it('shows a guide the balance as a sum of withdrawable, pending and on its way, with the withdrawal link and no traveler’s credit level', async () => {
    server();
    render(wrap(<WalletSection />));
    await screen.findByTestId('asset-balance');
    const list = screen.getByLabelText('How your balance adds up');
    expect(list.textContent).toBe(
      'Withdrawable' +
        'Yours to pay out now' +
        '66 RMB' +
        '+Pending' +
        'Held until five working days after the tour' +
        '20 RMB' +
        '+On its way to your account' +
        'Payouts you requested that are not paid yet' +
        '20 RMB' +
        '=Balance' +
        '106 RMB',
    );
    expect(screen.getByTestId('asset-balance').textContent).toBe('106 RMB');
    // The guide's wallet is their earnings: nothing of what they spent as a traveler.
    expect(screen.queryByTestId('credit-level')).toBeNull();
    expect(screen.queryByText('Credit level')).toBeNull();
    expect(screen.queryByText(/Silver|more to reach/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request withdrawal' }).getAttribute('href')).toBe('/withdrawal');
  });

  it('a traveler sees no earnings; in Chinese the level is 青铜', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    server(undefined, {
      ...guideWallet,
      assetBalanceCents: 0,
      creditLevel: 'bronze',
      spentCents: 0,
      nextLevel: { level: 'silver', thresholdCents: 200_000 },
      earnings: null,
    });
    render(wrap(<WalletSection />));
    await waitFor(() => expect(screen.getByTestId('credit-level').textContent).toBe('青铜'));
    expect(screen.queryByText('地陪收入')).toBeNull();
    expect(screen.queryByRole('link', { name: '申请提现' })).toBeNull();
  });
});

describe('/withdrawal', () => {
  it('refuses more than withdrawable before sending, shows the server’s refusal, and offers support for a failed payout', async () => {
    const fetchMock = server();
    render(wrap(<WithdrawalPanel />));
    expect((await screen.findByTestId('earnings-withdrawable')).textContent).toBe('66 RMB');
    expect(screen.getByTestId('earnings-pending').textContent).toBe('20 RMB');
    expect(screen.getByTestId('earnings-inPayout').textContent).toBe('20 RMB');
    expect(screen.getByTestId('asset-balance').textContent).toBe('106 RMB');
    // Alipay: no yen, and the failed payout's account is not offered again.
    expect(screen.queryByTestId('yen-estimate')).toBeNull();
    expect(screen.queryByTestId('same-account')).toBeNull();
    expect(await screen.findByText('Account name does not match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '66.01' } });
    fireEvent.change(screen.getByLabelText(/holder/), { target: { value: 'Tanaka Yui' } });
    fireEvent.change(screen.getByLabelText(/Account \(/), { target: { value: 'yui@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    // The error is the amount's own: outlined (aria-invalid), described by it, and the field has the focus.
    const amount = screen.getByLabelText(/Amount/);
    expect(await screen.findByText('The amount is more than your withdrawable balance.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.className).toContain('aria-[invalid=true]:border-danger-600');
    expect(describedBy(amount)).toContain('The amount is more than your withdrawable balance.');
    expect(document.activeElement).toBe(amount);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      amountCents: 6_000,
      currency: 'CNY',
      method: 'alipay',
      accountName: 'Tanaka Yui',
      accountNumber: 'yui@example.com',
    });
    await waitFor(() => expect(describedBy(amount)).toContain('The amount is more than your withdrawable balance.'));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('has the guide pick the bank and branch from the server’s list for a bank transfer, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const fetchMock = server(() => json({ code: 'unknown_branch', message: 'x' }, 400));
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    expect(screen.queryByLabelText(/查找银行/)).toBeNull();
    fireEvent.change(screen.getByLabelText('提现到'), { target: { value: 'bank' } });
    fireEvent.change(screen.getByLabelText(/查找银行/), { target: { value: 'みずほ' } });
    fireEvent.click(await screen.findByRole('button', { name: /0001/ }));
    fireEvent.click(await screen.findByRole('button', { name: /東京営業部/ }));
    expect(screen.getByTestId('branch-chosen').textContent).toContain('001');
    fireEvent.change(screen.getByLabelText(/金额（人民币）/), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('账户持有人姓名'), { target: { value: 'Yamada' } });
    fireEvent.change(screen.getByLabelText(/银行账号/), { target: { value: '1234567' } });
    fireEvent.change(screen.getByLabelText(/户名（片假名）/), { target: { value: 'ヤマダ タロウ' } });
    fireEvent.click(screen.getByRole('button', { name: '申请提现' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      method: 'bank',
      bankCode: '0001',
      branchCode: '001',
      accountType: 'ordinary',
      accountNumber: '1234567',
      accountHolderKana: 'ヤマダ タロウ',
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('该银行没有这个支店，请从列表中选择。'));
    expect(screen.getByText('失败')).toBeTruthy();
  });

  it('in Japanese, offers the bank first and fills a ゆうちょ branch and account from the passbook’s 記号・番号', async () => {
    await act(() => i18next.changeLanguage('ja'));
    const fetchMock = server(() => json({ code: 'insufficient_balance', message: 'x' }, 409));
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    expect((screen.getByLabelText('出金先') as HTMLSelectElement).value).toBe('bank');
    fireEvent.change(screen.getByLabelText(/銀行を検索/), { target: { value: 'ゆうちょ銀行' } });
    fireEvent.click(await screen.findByRole('button', { name: /9900/ }));
    fireEvent.change(screen.getByLabelText('記号（5桁）'), { target: { value: '10530' } });
    fireEvent.change(screen.getByLabelText('番号'), { target: { value: '12345670' } });
    fireEvent.click(screen.getByRole('button', { name: '店名と口座番号を入力' }));
    expect(describedBy(screen.getByLabelText('番号'))).toContain('番号の末尾は1です');
    fireEvent.change(screen.getByLabelText('番号'), { target: { value: '12345671' } });
    fireEvent.click(screen.getByRole('button', { name: '店名と口座番号を入力' }));
    await waitFor(() => expect(screen.getByTestId('branch-chosen').textContent).toContain('〇五八'));
    expect(screen.queryByTestId('yucho-numbers')).toBeNull();
    expect((screen.getByLabelText(/口座番号/) as HTMLInputElement).value).toBe('1234567');
    expect((screen.getByLabelText('口座種別') as HTMLSelectElement).value).toBe('ordinary');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/v2/banks/9900/branches?q=058'))).toBe(true);
  });

  it('shows a bank payout in yen at the latest rate the product used, with its day, and that the batch sets the transfer’s own rate', async () => {
    server(undefined, guideWallet, { rate: { jpyPerCny: '21.53', transferDate: '2026-11-24' } });
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'bank' } });
    expect((await screen.findByTestId('yen-rate')).textContent).toBe(
      'Latest rate we used: 1 RMB = 21.53 yen (bank payouts transferred on Nov 24, 2026).',
    );
    expect(
      screen.getByText(
        "Your transfer's own rate is set when the weekly payout batch is made, so the yen you receive may differ.",
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('yen-amount')).toBeNull();
    // 60 RMB = 6,000 fen × 21.53 ÷ 100 = 1,291.8 yen, rounded down as the batch rounds it.
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '60' } });
    expect(screen.getByTestId('yen-amount').textContent).toBe('At that rate this payout is about ¥1,291 (JPY).');
  });

  it('says so when no rate exists yet, in Chinese, rather than estimate one', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    server(undefined, guideWallet, { rate: null });
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    fireEvent.change(screen.getByLabelText('提现到'), { target: { value: 'bank' } });
    expect((await screen.findByTestId('yen-rate')).textContent).toBe(
      '我们尚未以日元支付过银行提现，因此还没有可用于估算的汇率。',
    );
    fireEvent.change(screen.getByLabelText(/金额（人民币）/), { target: { value: '60' } });
    expect(screen.queryByTestId('yen-amount')).toBeNull();
  });

  it('offers the last bank account with one tap: the request names it, and another can still be typed', async () => {
    const fetchMock = server(
      () => json({ withdrawal: { ...paidBank, id: 8, status: 'requested' }, earnings: guideWallet.earnings }, 201),
      guideWallet,
      { withdrawals: [paidBank, failed] },
    );
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'bank' } });
    const same = await screen.findByTestId('same-account');
    expect(same.textContent).toContain('Paying to the same account as last time');
    expect(same.textContent).toContain('みずほ 東京営業部 · Ordinary (普通) · •••4567 · ﾔﾏﾀﾞ ﾀﾛｳ');
    expect(screen.queryByLabelText(/Find your bank/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      amountCents: 3_000,
      currency: 'CNY',
      method: 'bank',
      sameAccountAs: 7,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(screen.getByLabelText(/Find your bank/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use the same account' })).toBeTruthy();
  });

  it('checks the holder’s name in katakana as it is typed: the error shows once the name is wrong and goes once it is right', async () => {
    server();
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'bank' } });
    const kana = screen.getByLabelText(/katakana/);
    const message =
      "Write the holder's name in katakana (capital letters, digits and spaces allowed), at most 30 characters.";
    expect(kana.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(kana, { target: { value: 'やまだ' } }); // hiragana: the server writes it in katakana
    expect(kana.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(kana, { target: { value: '山田' } });
    expect(kana.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(kana)).toContain(message);
    fireEvent.change(kana, { target: { value: 'ヤマダ タロウ' } });
    expect(kana.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
  });

  it('says it is looking up a bank only while it looks: not before the first keystroke, not after the answer', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = server();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/api/v2/banks?') ? new Promise<Response>((r) => (answer = r)) : base(input, init),
    );
    render(wrap(<WithdrawalPanel />));
    await screen.findByTestId('earnings-withdrawable');
    fireEvent.change(screen.getByLabelText('Pay out to'), { target: { value: 'bank' } });
    expect(screen.queryByText('Looking up…')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Find your bank/), { target: { value: 'みずほ' } });
    expect(await screen.findByText('Looking up…')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/v2/banks?'))).toBe(true));
    expect(screen.getByText('Looking up…')).toBeTruthy();
    answer(json({ banks: [MIZUHO] }));
    expect(await screen.findByRole('button', { name: /0001/ })).toBeTruthy();
    expect(screen.queryByText('Looking up…')).toBeNull();
  });
});
