import { ArrowLeft, MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { PageNotice } from '../components/ui/page-message';
import { SessionList } from '../features/profile';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /profile/sessions (decision 185): where a notice of a new way in sends the owner — every device
 * signed in to the account, and a way to sign out any of them.
 */
export function Component() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('sessions.title'));
  const session = useSession();

  if (!session) {
    return (
      <PageNotice
        icon={<MonitorSmartphone className="h-7 w-7" aria-hidden />}
        title={t('loggedOut.title')}
        body={t('sessions.loggedOut')}
      >
        <ButtonLink to={withRedirect('/login', '/profile/sessions')}>{t('loggedOut.action')}</ButtonLink>
      </PageNotice>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Link
        to="/profile"
        className="inline-flex items-center gap-1 text-sm text-primary-600 hover:underline dark:text-primary-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('sessions.back')}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight sm:text-3xl">{t('sessions.title')}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">{t('sessions.intro')}</p>
      <div className="mt-6">
        <SessionList />
      </div>
    </div>
  );
}
