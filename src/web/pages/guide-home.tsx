import { LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useLiveBookings } from '../features/bookings/hooks/use-live-bookings';
import { GuideOverviewError, GuideOverviewSkeleton, GuideOverviewView, useGuideOverview } from '../features/guide-overview/index';
import { useUnread } from '../features/messaging/api/unread';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /guide (SPEC §2 Guide landing): this week's tours, unread messages, earnings today / month / year /
 * total, new booking requests, ratings and reviews. Figures follow pushes: use-live-bookings refreshes
 * the overview (kept under the bookings' key) and the unread tile reads the header's unread query.
 */
export function Component() {
  const { t } = useTranslation(['guideOverview', 'common']);
  useDocumentTitle(t('common:routes.guide'));
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const overview = useGuideOverview(isGuide ? session.user.id : undefined);
  const unread = useUnread(isGuide ? session.user.id : undefined);
  useLiveBookings();

  if (!session || !isGuide) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-900/40 dark:text-primary-300">
          {session ? <UserPlus className="h-7 w-7" aria-hidden /> : <LogIn className="h-7 w-7" aria-hidden />}
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">{session ? t('notGuide') : t('loggedOut')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{session ? t('notGuideBody') : t('loggedOutBody')}</p>
        <ButtonLink to={session ? '/become-guide' : withRedirect('/login', '/guide')} variant="primary" className="mt-6">
          {session ? t('becomeGuide') : t('logIn')}
        </ButtonLink>
      </section>
    );
  }
  if (overview.isPending) return <GuideOverviewSkeleton />;
  if (overview.isError || !overview.data) return <GuideOverviewError onRetry={() => void overview.refetch()} busy={overview.isFetching} />;
  // The header's unread query is refreshed by pushes and polling; until it has answered, the overview's own counts.
  const counts = unread.data && !unread.isPlaceholderData ? unread.data : overview.data.unread;
  return <GuideOverviewView overview={overview.data} unread={counts} />;
}
