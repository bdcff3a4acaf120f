import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationStatusReply } from '../../../shared/schemas/guide-applications';
import type { User } from '../../../shared/schemas/user';
import { i18next, i18nReady } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { clearSession, setSession } from '../../lib/session';
import { ApplicationStatusView } from './components/status-view';

/** What /application-status promises about the result's channel: by text for an account with only a phone. */
const reply: ApplicationStatusReply = {
  status: 'under_review',
  applicationId: 7,
  reviewNote: null,
  submittedAt: '2026-11-22T10:00:00Z',
  reviewedAt: null,
  isGuide: false,
  guideStatus: {
    shouldShowRoleSwitch: false,
    shouldShowBecomeGuideButton: false,
    shouldShowViewApplicationButton: true,
  },
};
const yui = {
  id: 5,
  username: 'tabi5c1d1df',
  fullName: '中村 結衣',
  role: 'traveler',
  isGuide: false,
  phone: '+819031415926',
  email: null,
  hasPassword: false,
  locale: 'ja',
} as unknown as User;

function view() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/application-status']}>
        <Suspense fallback="loading">
          <ApplicationStatusView />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['guideApplication', 'support']);
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('/application-status: how the result will reach the applicant', () => {
  it('in Japanese, tells an account with only a phone that the result comes by text, and one with an e-mail that it comes by e-mail', async () => {
    await act(() => i18next.changeLanguage('ja'));
    setSession('t', yui);
    view();
    const byText = await screen.findByText(/承認されたかどうかを/);
    expect(byText.textContent).toContain('ショートメッセージ');
    expect(byText.textContent).not.toContain('メール');
    cleanup();
    setSession('t', { ...yui, email: 'yui@example.jp' } as User);
    view();
    expect((await screen.findByText(/承認されたかどうかを/)).textContent).toContain('メッセージとメール');
  });

  it('in Chinese, says 手机短信 to a phone-only account', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    setSession('t', { ...yui, fullName: '王芳', locale: 'zh-CN' } as User);
    view();
    expect((await screen.findByText(/是否通过/)).textContent).toContain('手机短信');
  });
});
