import { LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { PageNotice } from '../components/ui/page-message';
import { NeedsAnswerList, useNeedsAnswer } from '../features/bookings';
import {
  GuideOverviewError,
  GuideOverviewSkeleton,
  GuideOverviewView,
  useGuideOverview,
} from '../features/guide-overview';
import { useUnread } from '../features/messaging';
import { withRedirect } from '../lib/safe-redirect';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /guide (Guide landing): this week's tours, unread messages, earnings today / month / year /
 * total, new booking requests, ratings and reviews. Figures follow pushes: use-realtime refreshes
 * the overview (kept under the bookings' key) and the unread tile reads the header's unread query.
 */
export function Component() {
  const { t } = useTranslation(['guideOverview', 'common']);
  useDocumentTitle(t('common:routes.guide'));
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const overview = useGuideOverview(isGuide ? session.user.id : undefined);
  const unread = useUnread(isGuide ? session.user.id : undefined);
  // What waits on the guide, from the dashboard's own list (shared query): the lines here are the dashboard's.
  const waiting = useNeedsAnswer();

  if (!session || !isGuide) {
    return (
      <PageNotice
        icon={session ? <UserPlus className="h-7 w-7" aria-hidden /> : <LogIn className="h-7 w-7" aria-hidden />}
        title={session ? t('notGuide') : t('loggedOut')}
        body={session ? t('notGuideBody') : t('loggedOutBody')}
      >
        <ButtonLink to={session ? '/become-guide' : withRedirect('/login', '/guide')} variant="primary">
          {session ? t('becomeGuide') : t('logIn')}
        </ButtonLink>
      </PageNotice>
    );
  }
  if (overview.isPending) return <GuideOverviewSkeleton />;
  if (overview.isError || !overview.data)
    return <GuideOverviewError onRetry={() => void overview.refetch()} busy={overview.isFetching} />;
  // The header's unread query is refreshed by pushes and polling; until it has answered, the overview's own counts.
  const counts = unread.data && !unread.isPlaceholderData ? unread.data : overview.data.unread;
  return (
    <GuideOverviewView
      overview={overview.data}
      unread={counts}
      notice={<NeedsAnswerList items={waiting} hideWhenEmpty />}
    />
  );
}
