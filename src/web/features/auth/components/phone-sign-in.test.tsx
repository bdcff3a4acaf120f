import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCountry, toE164 } from '../../../components/ui/phone-fields';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';
import { PhoneSignIn } from './phone-sign-in';

// Sign-in by phone in the browser (decision 147): the number in E.164 from the picker, the code field,
// the resend countdown and the consents a new number is asked for. In Chinese, English put back after.
beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('zh-CN');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = {
  id: 9,
  username: 'tabiabc12345',
  fullName: 'tabiabc12345',
  role: 'traveler',
  isGuide: false,
  phone: '+8613800138000',
  email: null,
  hasPassword: false,
};

function server(verify: (body: Record<string, unknown>) => Response) {
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      bodies.push({ url, body });
      if (url.endsWith('/api/auth/phone/start')) return json({ expiresInSeconds: 300, resendAfterSeconds: 60 }, 202);
      if (url.endsWith('/api/auth/phone/verify')) return verify(body);
      return json({ code: 'not_found', message: 'x' }, 404);
    }),
  );
  return bodies;
}

function renderSignIn(mode: 'login' | 'signup', onSuccess = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <PhoneSignIn mode={mode} onSuccess={onSuccess} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSuccess;
}

describe('the phone number', () => {
  it("starts from +86 in Chinese, +81 in Japanese, and the browser's region in English", () => {
    expect(defaultCountry('zh-CN', ['en-US'])).toBe('CN');
    expect(defaultCountry('ja', [])).toBe('JP');
    expect(defaultCountry('en', ['en-SG', 'en'])).toBe('SG');
    expect(defaultCountry('en', ['de-DE'])).toBe('HK');
    expect(toE164('CN', '138 0013 8000')).toBe('+8613800138000');
    expect(toE164('JP', '090-1234-5678')).toBe('+819012345678');
    expect(toE164('CN', '+81 90 1234 5678')).toBe('+819012345678');
  });
});

describe('PhoneSignIn', () => {
  it('sends the number in E.164, takes the code from a one-time-code field, counts the resend down and signs in', async () => {
    const bodies = server(() => json({ ...user, token: 't', user }));
    const onSuccess = renderSignIn('login');
    expect(await screen.findByRole('heading', { name: '手机号登录' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: '国家或地区' }) as HTMLSelectElement).value).toBe('CN');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '138 0013 8000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const code = await screen.findByLabelText('验证码');
    expect(bodies[0]).toMatchObject({
      url: expect.stringContaining('/api/auth/phone/start'),
      body: { phone: '+8613800138000' },
    });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect((screen.getByRole('button', { name: /秒后重新发送/ }) as HTMLButtonElement).disabled).toBe(true);
    // A pasted code with spaces keeps its digits.
    fireEvent.change(code, { target: { value: '48 29 13' } });
    expect((code as HTMLInputElement).value).toBe('482913');
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodies.at(-1)!.body).toEqual({ phone: '+8613800138000', code: '482913', locale: 'zh-CN' });
  });

  it('enables "resend" once the minute is over', async () => {
    server(() => json({}));
    renderSignIn('login');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'setTimeout', 'clearInterval', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect((screen.getByRole('button', { name: '60 秒后重新发送' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect((screen.getByRole('button', { name: '重新发送' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks a new number for its name (姓 first) and the sign-up documents, and sends the same code again with them', async () => {
    const bodies = server((body) =>
      body.consents ? json({ ...user, token: 't', user }, 201) : json({ code: 'consent_required', message: 'x' }, 403),
    );
    const onSuccess = renderSignIn('login');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(await screen.findByText('该手机号尚未注册。填写姓名并同意以下条款即可创建账户。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(await screen.findByText('请同意服务条款和隐私政策')).toBeTruthy();
    expect(screen.getAllByText('请填写姓名')).toHaveLength(2);
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    // 姓 comes before 名 in Chinese.
    const [family, given] = [screen.getByLabelText(/^姓/), screen.getByLabelText(/^名/)];
    expect(family.compareDocumentPosition(given) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(family, { target: { value: '王' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.change(given, { target: { value: '芳' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodies.at(-1)!.body).toMatchObject({
      code: '482913',
      fullName: '王芳',
      consents: expect.arrayContaining([expect.objectContaining({ kind: 'terms' })]),
    });
  });

  it('says why a code is refused', async () => {
    server(() => json({ code: 'invalid_code', message: 'x' }, 400));
    renderSignIn('login');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(await screen.findByText('验证码不正确。')).toBeTruthy();
  });
});
