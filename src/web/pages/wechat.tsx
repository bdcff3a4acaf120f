import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../shared/schemas/user';
import { ButtonLink } from '../components/ui/button';
import { PageNotice } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { AuthCard, useWeChatCallback, WeChatConsentsForm, WeChatMark } from '../features/auth/forms';
import { ApiError } from '../lib/api-client';
import { adoptAccountLocale } from '../lib/i18n';
import { safeRedirect } from '../lib/safe-redirect';
import { setSession } from '../lib/session';
import { storage, STORAGE_KEYS } from '../lib/storage-keys';
import { showToast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { homeFor } from './login';

/** The errors this page names; anything else reads as the general one. */
const NAMED_ERRORS = new Set([
  'invalid_state',
  'wechat_code_invalid',
  'wechat_unavailable',
  'wechat_taken',
  'wechat_already_linked',
  'account_suspended',
  'wechat_disabled',
]);

/**
 * Where WeChat sends the browser back (decision 148): the page hands WeChat's code and state to the
 * server once and follows its answer — signed in, the consents a new account needs first, a link
 * from the settings made, or the account already signed in here proven again (decision 185). Without a code the person
 * closed WeChat's consent screen.
 */
export function Component() {
  const { t } = useTranslation(['wechat', 'auth']);
  useDocumentTitle(t('title'));
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const result = useWeChatCallback(code, state);
  const navigate = useNavigate();
  const handled = useRef(false);
  const [expired, setExpired] = useState(false);

  const enter = (user: User, redirect: string | null) => {
    storage.set(STORAGE_KEYS.viewPreference, user.role);
    void navigate(homeFor(user, safeRedirect(redirect)), { replace: true });
  };

  useEffect(() => {
    const data = result.data;
    if (!data || handled.current) return;
    if (data.status === 'signed_in') {
      handled.current = true;
      showToast({ title: t('auth:login.success'), description: t('auth:login.successBody'), variant: 'success' });
      setSession(data.token, data.user);
      adoptAccountLocale(data.user.locale);
      enter(data.user, data.redirect);
    } else if (data.status === 'proven') {
      // The account signed in here confirmed with WeChat again (decision 185): same session, proven for 10 minutes.
      handled.current = true;
      showToast({ title: t('proven.title'), description: t('proven.body'), variant: 'success' });
      void navigate(safeRedirect(data.redirect) ?? '/profile', { replace: true });
    } else if (data.status === 'linked') {
      handled.current = true;
      showToast({ title: t('link.linked'), description: t('link.linkedBody'), variant: 'success' });
      void navigate('/profile#wechat', { replace: true });
    }
  });

  if (!code || !state || expired || result.isError) {
    const errorCode = result.error instanceof ApiError ? result.error.code : undefined;
    const key = expired
      ? 'wechat_signup_expired'
      : !code || !state
        ? 'cancelled'
        : errorCode && NAMED_ERRORS.has(errorCode)
          ? errorCode
          : 'generic';
    return (
      <PageNotice icon={<WeChatMark className="h-7 w-7" />} title={t('failed')} body={t(`errors.${key}`)}>
        <ButtonLink to="/login">{t('tryAgain')}</ButtonLink>
      </PageNotice>
    );
  }
  if (result.data?.status === 'consents_needed') {
    const pending = result.data;
    return (
      <AuthCard title={t('consents.title')} subtitle={t('consents.subtitle')}>
        <WeChatConsentsForm
          signupToken={pending.signupToken}
          nickname={pending.nickname}
          onSuccess={(reply) => enter(reply.user, pending.redirect)}
          onExpired={() => setExpired(true)}
        />
      </AuthCard>
    );
  }
  return <Spinner label={t('working')} />;
}
