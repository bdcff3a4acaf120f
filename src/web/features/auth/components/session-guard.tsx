import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedListener, type ApiError } from '../../../lib/api-client';
import { clearSession, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { dropReaderQueries } from '../../../lib/reader-queries';

/**
 * docs/rules/accounts-and-sessions.md forced logout: a 401 on a call made with a token — code TOKEN_EXPIRED, an error
 * text containing 'expired', an unreadable body, or a session the server no longer knows — clears the
 * stored session, shows the destructive toast 'Session Expired' and goes to /login. A visitor whose
 * call needs a session gets the toast 'Authentication required', with a way to log in and come back.
 */
export function isSessionEnd(error: ApiError): boolean {
  if (error.status !== 401) return false;
  if (!error.body) return true; // unreadable body
  if (error.code === 'TOKEN_EXPIRED' || /expired/i.test(error.bodyText)) return true;
  return error.code === 'unauthorized';
}

/**
 * How long after a forced logout a visitor's 401 belongs to it: the page being left can still ask
 * (its queries refetch, without the token, once the cache is cleared) and must not bury 'Session
 * Expired' under 'Authentication required' (one toast at a time, docs/rules/accounts-and-sessions.md).
 */
export const LOGOUT_AFTERMATH_MS = 10_000;
let sessionEndedAt = -Infinity;

export function SessionGuard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useLocation();
  const back = `/login?redirect=${encodeURIComponent(here.pathname + here.search)}`;
  const queryClient = useQueryClient();
  useMe(!!useSession());
  useEffect(() => {
    setUnauthorizedListener((error, signedIn) => {
      if (!signedIn) {
        if (error.code === 'unauthorized' && Date.now() - sessionEndedAt > LOGOUT_AFTERMATH_MS) {
          showToast({
            title: t('account.authRequired'),
            variant: 'destructive',
            action: { label: t('nav.logIn'), onClick: () => void navigate(back) },
          });
        }
        return;
      }
      if (!isSessionEnd(error)) return;
      sessionEndedAt = Date.now();
      clearSession();
      dropReaderQueries(queryClient);
      showToast({
        title: t('account.sessionExpired'),
        description: t('account.sessionExpiredBody'),
        variant: 'destructive',
      });
      void navigate('/login');
    });
    return () => setUnauthorizedListener(undefined);
  }, [back, navigate, queryClient, t]);
  return null;
}
