import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupportState, setSupportState } from '../support-store';
import { attachCrisp, CRISP_SCRIPT_URL } from './crisp';
import { resetAdapterForTests, resolveAdapter } from './resolve';
import type { SupportAdapter } from './types';

type W = Window & { $crisp?: unknown; CRISP_WEBSITE_ID?: string };
const SITE = '3f2a1b4c-0d9e-4f11-8a22-7b6c5d4e3f21';

beforeEach(() => {
  vi.useFakeTimers();
  delete (window as W).$crisp;
  delete (window as W).CRISP_WEBSITE_ID;
  document.head.innerHTML = '';
  resetAdapterForTests();
  setSupportState({ adapter: null, fellBack: false, attachAttempts: 0, panelOpen: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Crisp adapter (10 tries, every 0.5 s)', () => {
  it('loads the SDK once, then gives up after exactly 10 attempts 500 ms apart', async () => {
    const attempts: number[] = [];
    let done: unknown = 'pending';
    void attachCrisp(SITE, { onAttempt: (n) => attempts.push(n) }).then((r) => (done = r));
    expect(document.querySelectorAll(`script[src="${CRISP_SCRIPT_URL}"]`)).toHaveLength(1);
    expect((window as W).CRISP_WEBSITE_ID).toBe(SITE);

    await vi.advanceTimersByTimeAsync(499);
    expect(attempts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(attempts).toHaveLength(9);
    expect(done).toBe('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(done).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(attempts).toHaveLength(10); // no 11th try
  });

  it('attaches as soon as the SDK replaces the queue, and opens the chat with the prefill', async () => {
    const pushed: unknown[][] = [];
    const attempts: number[] = [];
    const promise = attachCrisp(SITE, { onAttempt: (n) => attempts.push(n), user: { nickname: 'Li Wei' } });
    // The queue pushed before load hides Crisp's own launcher.
    expect((window as W).$crisp).toEqual(expect.arrayContaining([['do', 'chat:hide']]));
    await vi.advanceTimersByTimeAsync(1000);
    (window as W).$crisp = { push: (c: unknown[]) => pushed.push(c), is: () => false };
    await vi.advanceTimersByTimeAsync(500);
    const adapter = await promise;
    expect(attempts).toEqual([1, 2, 3]);
    expect(adapter?.name).toBe('crisp');
    adapter!.open({ topic: 'payment_failure', text: '付款失败' });
    expect(pushed).toEqual([
      ['set', 'user:nickname', ['Li Wei']],
      ['set', 'session:segments', [['payment_failure']]],
      ['set', 'message:text', ['付款失败']],
      ['do', 'chat:show'],
      ['do', 'chat:open'],
    ]);
  });

  it('falls back to the built-in adapter when the SDK never attaches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ support: { provider: 'crisp', crispWebsiteId: SITE } }), { status: 200 }),
      ),
    );
    let adapter: SupportAdapter | undefined;
    void resolveAdapter().then((a) => (adapter = a));
    await vi.advanceTimersByTimeAsync(4999);
    expect(adapter).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(adapter?.name).toBe('builtin');
    expect(getSupportState()).toMatchObject({ adapter: 'builtin', fellBack: true, attachAttempts: 10 });

    adapter!.open({ topic: 'general', text: 'hi' });
    expect(getSupportState()).toMatchObject({ panelOpen: true, prefill: { topic: 'general', text: 'hi' } });
  });

  it('uses the built-in adapter straight away when it is configured', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ support: { provider: 'builtin' } }), { status: 200 })),
    );
    const adapter = await resolveAdapter();
    expect(adapter.name).toBe('builtin');
    expect(getSupportState()).toMatchObject({ adapter: 'builtin', fellBack: false, attachAttempts: 0 });
    expect(document.querySelector('script')).toBeNull();
  });
});
