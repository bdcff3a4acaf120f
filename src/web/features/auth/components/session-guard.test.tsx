import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../shared/schemas/user';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { getSession, setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { isSessionEnd, LOGOUT_AFTERMATH_MS, SessionGuard } from './session-guard';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn(), showLoadFailureToast: vi.fn() }));

const err = (status: number, body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new ApiError(status, text, typeof body === 'object' ? (body as never) : undefined);
};

describe('forced logout', () => {
  it('ends the session on TOKEN_EXPIRED, an "expired" text, an unreadable body or a dead session', () => {
    expect(isSessionEnd(err(401, { code: 'TOKEN_EXPIRED', message: 'x' }))).toBe(true);
    expect(isSessionEnd(err(401, { code: 'other', message: 'Your token expired' }))).toBe(true);
    expect(isSessionEnd(err(401, '<html>gateway</html>'))).toBe(true);
    expect(isSessionEnd(err(401, { code: 'unauthorized', message: 'This session has ended' }))).toBe(true);
  });
  it('leaves it alone for wrong credentials and for anything that is not a 401', () => {
    expect(isSessionEnd(err(401, { code: 'invalid_credentials', message: 'no' }))).toBe(false);
    expect(isSessionEnd(err(403, { code: 'forbidden', message: 'expired' }))).toBe(false);
    expect(isSessionEnd(err(500, 'oops'))).toBe(false);
  });
});

describe('SessionGuard', () => {
  const user = {
    id: 2,
    username: 'traveler',
    fullName: 'Li Wei',
    role: 'traveler',
    isGuide: false,
    isAdmin: false,
  } as User;
  const reply = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  beforeAll(async () => {
    await i18nReady;
    await act(() => i18next.changeLanguage('en'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // CI saw /login without 'Session Expired': the page being left asked again, without the token, and
  // its 401 'Authentication required' replaced the toast (one at a time).
  it("keeps 'Session Expired' on screen when the page being left then fails as a visitor", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        new Headers(init.headers).has('Authorization')
          ? reply(401, { code: 'TOKEN_EXPIRED', message: 'Your session has expired. Please log in again.' })
          : reply(401, { code: 'unauthorized', message: 'Authentication required' }),
      ),
    );
    setSession('expired-token', user);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/profile']}>
          <SessionGuard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await expect(apiRequest('/api/v2/users/me/profile')).rejects.toThrow();
    await waitFor(() => expect(getSession()).toBeNull());
    await expect(apiRequest('/api/v2/users/me/profile')).rejects.toThrow();
    // (useMe's own call may meet the expired token too: the same toast again.)
    const titles = () => [...new Set(vi.mocked(showToast).mock.calls.map(([o]) => o.title))];
    expect(titles()).toEqual(['Session Expired']);

    // Later, a visitor's own 401 is told again.
    const later = Date.now() + LOGOUT_AFTERMATH_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await expect(apiRequest('/api/v2/users/me/profile')).rejects.toThrow();
    expect(titles()).toEqual(['Session Expired', 'Authentication required']);
  });
});
