import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { AuthReply, User } from '../../shared/schemas/user';
import { OrDivider } from '../components/ui/or-divider';
import { AuthCard, LoginForm, PhoneSignIn, WeChatButton } from '../features/auth/forms';
import { safeRedirect, withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { storage, STORAGE_KEYS } from '../lib/storage-keys';
import { useDocumentTitle } from '../lib/use-document-title';
import { withGap } from '../lib/cjk-spacing';

/** Where a signed-in user goes: the redirect parameter, else their view's home. */
export const homeFor = (user: Pick<User, 'role'>, redirect: string | undefined) =>
  redirect ?? (user.role === 'guide' ? '/guide' : '/');

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const session = useSession();
  if (session) return <Navigate to={homeFor(session.user, redirect)} replace />;
  const signedIn = (reply: AuthReply) => {
    storage.set(STORAGE_KEYS.viewPreference, reply.user.role);
    void navigate(homeFor(reply.user, redirect), { replace: true });
  };
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {withGap(t('login.noAccount'))}
          <Link
            to={withRedirect('/signup', redirect)}
            className="font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {t('login.toSignup')}
          </Link>
        </>
      }
    >
      {/* Travelers from China sign in by phone or WeChat first (decisions 147, 148). */}
      <PhoneSignIn mode="login" onSuccess={signedIn} />
      <WeChatButton redirect={redirect} />
      <OrDivider>{t('phone.orPassword')}</OrDivider>
      <LoginForm onSuccess={signedIn} />
    </AuthCard>
  );
}
