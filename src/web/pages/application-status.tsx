import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { PageNotice } from '../components/ui/page-message';
import { ApplicationStatusView } from '../features/guide-application';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** /application-status: the guide application's status and what happens next. */
export function Component() {
  const { t } = useTranslation('guideApplication');
  useDocumentTitle(t('status.title'));
  const session = useSession();

  if (!session) {
    return (
      <PageNotice icon={<ClipboardList className="h-7 w-7" aria-hidden />} title={t('status.loggedOut')}>
        <ButtonLink to={withRedirect('/login', '/application-status')}>{t('page.login')}</ButtonLink>
      </PageNotice>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('status.title')}</h1>
      <div className="mt-6">
        <ApplicationStatusView />
      </div>
    </div>
  );
}
