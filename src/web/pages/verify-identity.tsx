import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { PageNotice } from '../components/ui/page-message';
import { VerificationView } from '../features/identity';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** /verify-identity: an ID document and a selfie, private to the user and staff, reviewed by an admin. */
export function Component() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('page.title'));
  const session = useSession();

  if (!session) {
    return (
      <PageNotice
        icon={<ShieldCheck className="h-7 w-7" aria-hidden />}
        title={t('page.loggedOut')}
        body={t('page.loggedOutBody')}
      >
        <ButtonLink to={withRedirect('/login', '/verify-identity')}>{t('page.login')}</ButtonLink>
      </PageNotice>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('page.title')}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">{t('page.subtitle')}</p>
      <div className="mt-6">
        <VerificationView />
      </div>
    </div>
  );
}
