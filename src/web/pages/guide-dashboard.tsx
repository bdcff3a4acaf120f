import { Compass, Inbox, LogIn, Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { bookingIdParam } from '../../shared/booking/links';
import {
  useGuideBookings,
  GuideTabs,
  tabFromUrl,
  GuideTourCard,
  LandedTrip,
  NeedsAnswerList,
  RequestCard,
  guideTabOf,
  needsAnswer,
  countByTab,
  TOUR_STATUSES,
  type GuideTab,
} from '../features/bookings';
import { GuideBusinessSettings, ListingChecklist } from '../features/guide-business';
import { ProofsToCheck } from '../features/payment-proofs';
import { PastTours } from '../features/reviews';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

function EmptyState({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-10 text-center dark:border-stone-700 dark:bg-stone-900">
      {icon}
      <p className="mt-3 text-lg font-semibold">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{body}</p>
    </div>
  );
}

/**
 * /guide-dashboard: first, short, what waits for the guide's answer (requests, the traveler's new
 * times, paid extensions, with their deadlines), each line opening its card; then the sections as
 * tabs (decision 105): Requests (every paid request not yet answered, most urgent first, with Accept
 * and Decline), Tours (accepted tours, soonest first, with confirm start, the extension answers and
 * Complete Service), Finished (reviews) and the business settings. All follow the traveler's steps live.
 */
export function Component() {
  // 'trips' holds the list's failure toast ('Failed to fetch bookings', a text the product keeps word for word).
  const { t } = useTranslation(['bookings', 'common', 'trips', 'tour']);
  useDocumentTitle(t('common:routes.guideDashboard'));
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const list = useGuideBookings(isGuide ? session.user.id : undefined);
  const [now] = useState(() => new Date());
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { hash } = useLocation();

  if (!session || !isGuide) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <LogIn className="h-10 w-10 text-primary-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{session ? t('requests.notGuide') : t('requests.loggedOut')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">
          {session ? t('requests.notGuideBody') : t('requests.loggedOutBody')}
        </p>
        <ButtonLink
          to={session ? '/become-guide' : '/login?redirect=%2Fguide-dashboard'}
          variant="primary"
          className="mt-6"
        >
          {session ? t('common:nav.becomeGuide') : t('common:nav.logIn')}
        </ButtonLink>
      </section>
    );
  }

  const all = list.data?.data ?? [];
  const requests = all
    .filter((b) => b.status === 'confirmed')
    // A replacement request answers by its own deadline (decision 137).
    .sort(
      (a, b) =>
        Date.parse(a.replacement?.answerBy ?? a.respondBy ?? a.startsAt) -
          Date.parse(b.replacement?.answerBy ?? b.respondBy ?? b.startsAt) || a.id - b.id,
    );
  const tours = all
    .filter((b) => TOUR_STATUSES.includes(b.status))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);
  const waiting = needsAnswer(all);
  const tab = tabFromUrl(searchParams.get('tab'), hash, searchParams.get('booking'), (id) => {
    const b = all.find((x) => x.id === id);
    return b ? guideTabOf(b) : null;
  });
  // A notice's or e-mail's `?booking={id}` opens the booking's tab with its card in view and marked (decision 103).
  const landedId = bookingIdParam(searchParams.get('booking'));
  const item = (id: number, card: ReactNode) =>
    id === landedId ? <LandedTrip key={id}>{card}</LandedTrip> : <li key={id}>{card}</li>;
  // A tab replaces the card or section anchor too: the anchor would otherwise choose the tab again.
  const select = (key: GuideTab) => navigate({ search: key === 'requests' ? '' : `?tab=${key}`, hash: '' });

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:pt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('common:routes.guideDashboard')}</h1>
        {/* The dashboard's pages beside its tabs: the guide's reviews and replies (decision 134). */}
        <nav aria-label={t('common:routes.guideDashboard')}>
          <ButtonLink to="/guide-dashboard/reviews" variant="outline" size="sm">
            <Star className="h-4 w-4" aria-hidden />
            {t('common:routes.guideReviews')}
          </ButtonLink>
        </nav>
      </div>
      {list.isPending ? null : list.isError ? (
        <div
          role="alert"
          className="mt-4 rounded-[var(--radius-card)] border border-stone-200 bg-white p-8 text-center dark:border-stone-800 dark:bg-stone-900"
        >
          <p className="text-lg font-semibold">{t('requests.error')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <NeedsAnswerList items={waiting} />
      )}
      <ProofsToCheck bookings={list.data?.data} />
      <ListingChecklist />
      <GuideTabs
        value={tab}
        onChange={select}
        counts={{ requests: requests.length, tours: tours.length }}
        attention={countByTab<GuideTab>(waiting)}
      >
        {tab === 'requests' && (
          <section aria-labelledby="requests-title" className="mt-6">
            <h2 id="requests-title" className="flex items-center gap-2 text-xl font-semibold">
              {t('requests.title')}
              {requests.length > 0 && (
                <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold tabular-nums text-white">
                  <span aria-hidden>{requests.length}</span>
                  <span className="sr-only">{t('requests.count', { count: requests.length })}</span>
                </span>
              )}
            </h2>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('requests.intro')}</p>
            <div className="mt-4">
              {list.isPending ? (
                <Spinner />
              ) : list.isError ? null : requests.length === 0 ? (
                <EmptyState
                  icon={<Inbox className="h-10 w-10 text-primary-500" aria-hidden />}
                  title={t('requests.empty')}
                  body={t('requests.emptyBody')}
                />
              ) : (
                <ul className="space-y-4">{requests.map((b) => item(b.id, <RequestCard booking={b} />))}</ul>
              )}
            </div>
          </section>
        )}
        {tab === 'tours' && (
          <section aria-labelledby="tours-title" className="mt-6">
            <h2 id="tours-title" className="text-xl font-semibold">
              {t('tour:guide.title')}
            </h2>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('tour:guide.intro')}</p>
            <div className="mt-4">
              {list.isPending ? (
                <Spinner />
              ) : list.isError ? null : tours.length === 0 ? (
                <EmptyState
                  icon={<Compass className="h-10 w-10 text-primary-500" aria-hidden />}
                  title={t('tour:guide.empty')}
                  body={t('tour:guide.emptyBody')}
                />
              ) : (
                <ul className="space-y-4">{tours.map((b) => item(b.id, <GuideTourCard booking={b} now={now} />))}</ul>
              )}
            </div>
          </section>
        )}
        {tab === 'past' &&
          (list.isPending ? (
            <Spinner />
          ) : (
            <PastTours
              bookings={list.data?.data}
              now={now}
              empty={<p className="mt-6 text-sm text-stone-600 dark:text-stone-400">{t('needsAnswer.pastEmpty')}</p>}
            />
          ))}
        {tab === 'settings' && <GuideBusinessSettings />}
      </GuideTabs>
    </div>
  );
}
