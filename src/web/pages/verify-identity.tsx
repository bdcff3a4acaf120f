import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { VerificationView } from '../features/identity/index';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** SPEC §2 /verify-identity: an ID document and a selfie, private to the user and staff, reviewed by an admin. */
export function Component() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('page.title'));
  const session = useSession();

  if (!session) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-900/40 dark:text-primary-300">
          <ShieldCheck className="h-7 w-7" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">{t('page.loggedOut')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{t('page.loggedOutBody')}</p>
        <ButtonLink to={withRedirect('/login', '/verify-identity')} className="mt-6">
          {t('page.login')}
        </ButtonLink>
      </section>
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
