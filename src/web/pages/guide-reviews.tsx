import { ArrowLeft, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed } from '../components/ui/page-message';
import { useMyProfile } from '../features/guide-business';
import { GuideReviewsList } from '../features/reviews';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /guide-dashboard/reviews: every published review of the signed-in guide, each with their reply or
 * the Reply button (decision 134), reached from the guide dashboard's navigation.
 */
export function Component() {
  const { t } = useTranslation(['reviews', 'common']);
  useDocumentTitle(t('common:routes.guideReviews'));
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const profile = useMyProfile(isGuide);

  if (!isGuide) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <LogIn className="h-10 w-10 text-primary-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{session ? t('mine.notGuide') : t('mine.loggedOut')}</h1>
        <ButtonLink
          to={session ? '/become-guide' : withRedirect('/login', '/guide-dashboard/reviews')}
          variant="primary"
          className="mt-6"
        >
          {session ? t('common:nav.becomeGuide') : t('common:nav.logIn')}
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:pt-8">
      <ButtonLink to="/guide-dashboard" variant="ghost" size="sm" className="-ml-2">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('common:routes.guideDashboard')}
      </ButtonLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t('common:routes.guideReviews')}</h1>
      <p className="mt-1 text-stone-600 dark:text-stone-400">{t('mine.intro')}</p>
      {profile.isError ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : (
        <GuideReviewsList guideId={profile.data?.guideId} />
      )}
    </div>
  );
}
