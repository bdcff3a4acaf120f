import { BadgeCheck, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageNotice } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { ApplicationWizard, STEP_COUNT, useApplicationDraft } from '../features/guide-application';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** /become-guide: the guide application (four pages and a preview), saved as a server draft. */
export function Component() {
  const { t } = useTranslation('guideApplication');
  useDocumentTitle(t('page.title'));
  const session = useSession();
  const isGuide = !!session?.user.isGuide;
  const draft = useApplicationDraft(!!session && !isGuide);

  if (!session) {
    return (
      <PageNotice
        icon={<UserRound className="h-7 w-7" aria-hidden />}
        title={t('page.loggedOut')}
        body={t('page.loggedOutBody')}
      >
        <ButtonLink to={withRedirect('/login', '/become-guide')}>{t('page.login')}</ButtonLink>
        <ButtonLink to={withRedirect('/signup', '/become-guide')} variant="outline">
          {t('page.signup')}
        </ButtonLink>
      </PageNotice>
    );
  }
  if (isGuide || draft.data?.status === 'approved') {
    return (
      <PageNotice
        icon={<BadgeCheck className="h-7 w-7" aria-hidden />}
        title={t('page.alreadyGuide')}
        body={t('page.alreadyGuideBody')}
      >
        <ButtonLink to="/guide-dashboard">{t('page.toDashboard')}</ButtonLink>
      </PageNotice>
    );
  }
  if (draft.isPending) return <Spinner />;
  if (draft.isError) return <LoadFailed title={t('page.loadFailed')} onRetry={() => void draft.refetch()} />;
  // Submitted or under review: nothing to edit; the status page says what happens next.
  if (!draft.data.editable) return <Navigate to="/application-status" replace />;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('page.title')}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">{t('page.subtitle', { count: STEP_COUNT })}</p>
      <div className="mt-6">
        {/* Not keyed by id: the first upload creates the application, and the typed answers must stay. */}
        <ApplicationWizard application={draft.data} fallbackName={session.user.fullName} />
      </div>
    </div>
  );
}
