import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { resetAdapterForTests } from '../adapters/resolve';
import { getSupportState, setSupportState } from '../support-store';
import { SupportTestPanel } from './support-test-panel';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAdapterForTests();
  setSupportState({ panelOpen: false, prefill: null, adapter: null, fellBack: false, attachAttempts: 0 });
});

const renderPanel = () =>
  render(
    <Suspense fallback="loading">
      <SupportTestPanel />
    </Suspense>,
  );

describe('support test panel (not routed in production)', () => {
  it('lists the seven prefills in Chinese and opens the built-in chat with the chosen one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ support: { provider: 'builtin' } }))),
    );
    await act(() => i18next.changeLanguage('zh-CN'));
    renderPanel();
    expect(await screen.findByRole('heading', { name: '客服聊天测试面板' })).toBeTruthy();
    const open = screen.getAllByRole('button', { name: '打开' });
    expect(open).toHaveLength(7);
    expect(screen.getByText('您好，我的提现没有成功，麻烦帮我查一下原因，款项大概什么时候能到账？')).toBeTruthy();

    fireEvent.click(open[0]!);
    await waitFor(() => expect(getSupportState().panelOpen).toBe(true));
    expect(getSupportState().prefill).toEqual({
      topic: 'payment_failure',
      text: '您好，我在支付定金时付款失败了，麻烦帮我查一下原因，并告诉我接下来该怎么做。',
    });
    expect(screen.getByTestId('support-adapter').textContent).toBe('builtin');
  });

  it('uses the English translation for an English interface', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ support: { provider: 'builtin' } }))),
    );
    await act(() => i18next.changeLanguage('en'));
    renderPanel();
    const open = await screen.findAllByRole('button', { name: 'Open' });
    fireEvent.click(open[6]!);
    await waitFor(() => expect(getSupportState().prefill?.topic).toBe('general'));
    expect(getSupportState().prefill?.text).toBe('Hello, I need some help with the following:');
  });
});
