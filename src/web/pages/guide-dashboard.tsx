import { Compass, Inbox, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useGuideBookings } from '../features/bookings/api/get-guide-bookings';
import { GuideTourCard } from '../features/bookings/components/guide-tour-card';
import { RequestCard } from '../features/bookings/components/request-card';
import { useLiveBookings } from '../features/bookings/hooks/use-live-bookings';
import { GuideBusinessSettings } from '../features/guide-business/components/guide-business-settings';
import { ListingChecklist } from '../features/guide-business/components/listing-checklist';
import { ProofsToCheck } from '../features/payment-proofs/components/proofs-to-check';
import { PastTours } from '../features/reviews/components/past-tours';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** The guide's accepted tours until they end: upcoming, on the day, and under way (issue 12). */
const TOUR_STATUSES = ['upcoming', 'awaiting_start', 'start_confirmed', 'ongoing', 'extend_requested', 'extend_confirmed'];

/**
 * /guide-dashboard: the Requests list (issue 11: every paid request the guide has not answered, most
 * urgent first, with Accept and Decline) and Your tours (issue 12: accepted tours, soonest first, with
 * confirm start, the extension answers and Complete Service). Both follow the traveler's steps live.
 */
export function Component() {
  // 'trips' holds the list's failure toast (SPEC §8 'Failed to fetch bookings').
  const { t } = useTranslation(['bookings', 'common', 'trips', 'tour']);
  useDocumentTitle(t('common:routes.guideDashboard'));
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const list = useGuideBookings(isGuide ? session.user.id : undefined);
  useLiveBookings();
  const [now] = useState(() => new Date());

  if (!session || !isGuide) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <LogIn className="h-10 w-10 text-primary-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{session ? t('requests.notGuide') : t('requests.loggedOut')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{session ? t('requests.notGuideBody') : t('requests.loggedOutBody')}</p>
        <ButtonLink to={session ? '/become-guide' : '/login?redirect=%2Fguide-dashboard'} variant="primary" className="mt-6">
          {session ? t('common:nav.becomeGuide') : t('common:nav.logIn')}
        </ButtonLink>
      </section>
    );
  }

  const requests = (list.data?.data ?? [])
    .filter((b) => b.status === 'confirmed')
    .sort((a, b) => Date.parse(a.respondBy ?? a.startsAt) - Date.parse(b.respondBy ?? b.startsAt) || a.id - b.id);
  const tours = (list.data?.data ?? []).filter((b) => TOUR_STATUSES.includes(b.status)).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('common:routes.guideDashboard')}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{t('requests.intro')}</p>
      <ListingChecklist />
      <section aria-labelledby="requests-title" className="mt-8">
        <h2 id="requests-title" className="flex items-center gap-2 text-xl font-semibold">
          {t('requests.title')}
          {requests.length > 0 && (
            <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold tabular-nums text-white">
              <span aria-hidden>{requests.length}</span>
              <span className="sr-only">{t('requests.count', { count: requests.length })}</span>
            </span>
          )}
        </h2>
        <div className="mt-4">
          {list.isPending ? (
            <Spinner />
          ) : list.isError ? (
            <div role="alert" className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-8 text-center dark:border-stone-800 dark:bg-stone-900">
              <p className="text-lg font-semibold">{t('requests.error')}</p>
              <Button className="mt-4" variant="outline" onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : requests.length === 0 ? (
            <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900">
              <Inbox className="h-10 w-10 text-primary-500" aria-hidden />
              <p className="mt-3 text-lg font-semibold">{t('requests.empty')}</p>
              <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{t('requests.emptyBody')}</p>
            </div>
          ) : (
            <ul className="space-y-4">
              {requests.map((b) => (
                <li key={b.id}>
                  <RequestCard booking={b} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <ProofsToCheck bookings={list.data?.data} />
      <section aria-labelledby="tours-title" className="mt-10">
        <h2 id="tours-title" className="text-xl font-semibold">
          {t('tour:guide.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('tour:guide.intro')}</p>
        <div className="mt-4">
          {list.isPending ? (
            <Spinner />
          ) : list.isError ? null : tours.length === 0 ? (
            <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-10 text-center dark:border-stone-700 dark:bg-stone-900">
              <Compass className="h-10 w-10 text-primary-500" aria-hidden />
              <p className="mt-3 text-lg font-semibold">{t('tour:guide.empty')}</p>
              <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{t('tour:guide.emptyBody')}</p>
            </div>
          ) : (
            <ul className="space-y-4">
              {tours.map((b) => (
                <li key={b.id}>
                  <GuideTourCard booking={b} now={now} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <PastTours bookings={list.data?.data} now={now} />
      <GuideBusinessSettings />
      <p className="mt-10 rounded-lg border border-dashed border-stone-300 px-4 py-3 text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">{t('requests.later')}</p>
    </div>
  );
}
