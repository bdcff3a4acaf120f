import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, PhoneSignIn, SignupForm, WeChatButton } from '../features/auth/forms';
import { OrDivider } from '../components/ui/or-divider';
import { safeRedirect, withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';
import { homeFor } from './login';
import { withGap } from '../lib/cjk-spacing';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signup.title'));
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const session = useSession();
  if (session) return <Navigate to={homeFor(session.user, redirect)} replace />;
  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {withGap(t('signup.haveAccount'))}
          <Link
            to={withRedirect('/login', redirect)}
            className="font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {t('signup.toLogin')}
          </Link>
        </>
      }
    >
      {/* Travelers from China sign up by phone or WeChat first (decisions 147, 148). */}
      <PhoneSignIn
        mode="signup"
        onSuccess={(reply) => void navigate(homeFor(reply.user, redirect), { replace: true })}
      />
      <WeChatButton redirect={redirect} />
      <OrDivider>{t('phone.orSignupForm')}</OrDivider>
      <SignupForm onSuccess={(reply) => void navigate(homeFor(reply.user, redirect), { replace: true })} />
    </AuthCard>
  );
}
