import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink, Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { PageNotice } from '../components/ui/page-message';
import { useMe } from '../features/auth';
import { WeChatLinkPanel } from '../features/auth/forms';
import {
  AccountManagement,
  PasswordChangeForm,
  PersonalInfoForm,
  PhoneSection,
  PrivacySection,
  ProfileHero,
  ReauthPrompt,
  SessionsPanel,
} from '../features/profile';
import { WalletSection } from '../features/wallet';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Profile settings: personal info, avatar, background image, privacy, account security and
 * account management, and the wallet (decision 067).
 */
export function Component() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const session = useSession();
  const me = useMe(!!session);
  const navigate = useNavigate();

  if (!session) {
    return (
      <PageNotice
        icon={<UserRound className="h-7 w-7" aria-hidden />}
        title={t('loggedOut.title')}
        body={t('loggedOut.body')}
      >
        <ButtonLink to={withRedirect('/login', '/profile')}>{t('loggedOut.action')}</ButtonLink>
      </PageNotice>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">{t('subtitle')}</p>
      <div className="mt-6 space-y-6">
        {me.isPending ? (
          <Spinner />
        ) : me.isError || !me.data ? (
          <div
            role="alert"
            className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 text-center dark:border-stone-800 dark:bg-stone-900"
          >
            <p>{t('loadFailed')}</p>
            <Button variant="outline" className="mt-4" onClick={() => void me.refetch()}>
              {t('common:states.retry')}
            </Button>
          </div>
        ) : (
          <>
            <ProfileHero user={me.data} />
            <PersonalInfoForm key={me.data.id} user={me.data} />
            <PhoneSection user={me.data} />
            <ReauthPrompt user={me.data} />
            <WalletSection />
            <PrivacySection user={me.data} />
            <PasswordChangeForm hasPassword={me.data.hasPassword} />
            <SessionsPanel />
            <WeChatLinkPanel />
            <AccountManagement user={me.data} onDeleted={() => void navigate('/', { replace: true })} />
          </>
        )}
      </div>
    </div>
  );
}
