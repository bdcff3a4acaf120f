import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { ApplicationStatusView } from '../features/guide-application/index';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** SPEC §2 /application-status: the guide application's status and what happens next. */
export function Component() {
  const { t } = useTranslation('guideApplication');
  useDocumentTitle(t('status.title'));
  const session = useSession();

  if (!session) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-900/40 dark:text-primary-300">
          <ClipboardList className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">{t('status.loggedOut')}</h1>
        <ButtonLink to={withRedirect('/login', '/application-status')} className="mt-6">
          {t('page.login')}
        </ButtonLink>
      </section>
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
