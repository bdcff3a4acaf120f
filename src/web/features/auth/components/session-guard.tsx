import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setUnauthorizedListener, type ApiError } from '../../../lib/api-client';
import { clearSession, useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useMe } from '../api/get-me';

/**
 * SPEC §4/§8 forced logout: a 401 on a call made with a token — code TOKEN_EXPIRED, an error text
 * containing 'expired', an unreadable body, or a session the server no longer knows — clears the
 * stored session, shows the destructive toast 'Session Expired' and goes to /login.
 */
export function isSessionEnd(error: ApiError): boolean {
  if (error.status !== 401) return false;
  if (!error.body) return true; // unreadable body
  if (error.code === 'TOKEN_EXPIRED' || /expired/i.test(error.bodyText)) return true;
  return error.code === 'unauthorized';
}

export function SessionGuard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useMe(!!useSession());
  useEffect(() => {
    setUnauthorizedListener((error) => {
      if (!isSessionEnd(error)) return;
      clearSession();
      queryClient.clear();
      showToast({ title: t('account.sessionExpired'), description: t('account.sessionExpiredBody'), variant: 'destructive' });
      void navigate('/login');
    });
    return () => setUnauthorizedListener(undefined);
  }, [navigate, queryClient, t]);
  return null;
}
