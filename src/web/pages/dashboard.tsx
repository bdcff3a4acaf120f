import { CalendarClock, Compass, Heart, History, Inbox, LifeBuoy, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { OfflineBanner } from '../components/ui/offline-banner';
import {
  AttentionBadge,
  countByTab,
  useTravelerBookings,
  TripsPanel,
  travelerNeedsAnswer,
  useLandedBooking,
} from '../features/bookings';
import { GuideCardChat, TripCardChat } from './chat-buttons';
import { GuideCard } from '../features/guides';
import { useSavedGuides, SaveHeart, SavedGuidesPanel } from '../features/saved-guides';
import { openSupport } from '../features/support';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** Trips tabs, in their order; pending-requests is the default (decision 034, now that bookings exist). */
const TABS = [
  { key: 'pending-requests', icon: Inbox },
  { key: 'upcoming', icon: CalendarClock },
  { key: 'ongoing', icon: Compass },
  { key: 'saved-guides', icon: Heart },
  { key: 'past', icon: History },
  { key: 'help', icon: LifeBuoy },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const DEFAULT_TAB: TabKey = 'pending-requests';
/**
 * The sidebar shows counts for pending requests and ongoing tours; a tab holding something that waits on
 * the traveler (a deposit to pay, a guide to choose, a new time to answer) shows how many instead.
 */
const COUNTED = ['pending-requests', 'ongoing'] as const;

export function Component() {
  const { t } = useTranslation('trips');
  useDocumentTitle(t('title'));
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const saved = useSavedGuides(session?.user.id, page);
  const trips = useTravelerBookings(session?.user.id);
  // `?booking={id}` (decision 103): the tab that holds that booking, its card in view and marked.
  const landing = useLandedBooking(searchParams.get('booking'), session?.user.id, trips);
  const tab: TabKey = landing.tab ?? (TABS.some((x) => x.key === tabParam) ? (tabParam as TabKey) : DEFAULT_TAB);
  // The guide's steps on the tour day (start, extension answers) show up here as they happen.

  if (!session) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <LogIn className="h-10 w-10 text-primary-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{t('loggedOut.title')}</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{t('loggedOut.body')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/" variant="outline">
            {t('loggedOut.home')}
          </ButtonLink>
          <ButtonLink to="/login?redirect=%2Fdashboard" variant="primary">
            {t('loggedOut.login')}
          </ButtonLink>
        </div>
      </section>
    );
  }

  const savedTotal = saved.data?.total ?? 0;
  const counts = trips.data?.counts;
  const attention = countByTab<TabKey>(travelerNeedsAnswer(trips.data?.data ?? []));
  const select = (key: TabKey) => setSearchParams(key === DEFAULT_TAB ? {} : { tab: key });

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8">
      <OfflineBanner />
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr]">
        <nav aria-label={t('tabs.label')} className="min-w-0">
          <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap">
            {TABS.map(({ key, icon: Icon }) => (
              <li key={key} className="shrink-0">
                <button
                  type="button"
                  onClick={() => select(key)}
                  aria-current={tab === key ? 'page' : undefined}
                  className={cn(
                    'flex w-full items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium transition',
                    tab === key
                      ? 'bg-primary-600 text-white'
                      : 'text-stone-700 hover:bg-stone-200/70 dark:text-stone-200 dark:hover:bg-stone-800',
                  )}
                >
                  <Icon className="h-4 w-4 shrink-0" aria-hidden />
                  <span>{t(`tabs.${key}`)}</span>
                  {key === 'saved-guides' && savedTotal > 0 && (
                    <span className="font-normal opacity-80">{t('savedTotal', { count: savedTotal })}</span>
                  )}
                  {!!attention[key] && <AttentionBadge count={attention[key]} />}
                  {!attention[key] &&
                    (COUNTED as readonly string[]).includes(key) &&
                    !!counts?.[key as (typeof COUNTED)[number]] && (
                      <span
                        className={cn(
                          'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                          tab === key
                            ? 'bg-white/20 text-white'
                            : 'bg-primary-100 text-primary-800 dark:bg-primary-900/60 dark:text-primary-100',
                        )}
                      >
                        <span aria-hidden>{counts[key as (typeof COUNTED)[number]]}</span>
                        <span className="sr-only">
                          {t('tabs.count', { count: counts[key as (typeof COUNTED)[number]] })}
                        </span>
                      </span>
                    )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={t(`tabs.${tab}`)} className="min-w-0">
          <h2 className="mb-4 text-xl font-semibold">
            {t(`tabs.${tab}`)}
            {tab === 'saved-guides' && savedTotal > 0 && (
              <span className="ml-2 text-base font-normal text-stone-500 dark:text-stone-400">
                {t('savedTotal', { count: savedTotal })}
              </span>
            )}
          </h2>
          {landing.notFound && (
            <p
              role="status"
              data-testid="landed-missing"
              className="mb-4 rounded-lg bg-stone-100 px-4 py-3 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300"
            >
              {t('landed.missing')}
            </p>
          )}
          {tab === 'saved-guides' ? (
            <SavedGuidesPanel
              query={saved}
              page={page}
              onPage={(p) =>
                setSearchParams(p > 1 ? { tab: 'saved-guides', page: String(p) } : { tab: 'saved-guides' })
              }
              renderCard={(g) => (
                <GuideCard
                  guide={g}
                  saveSlot={<SaveHeart guideId={g.id} saved={g.isSaved} />}
                  chatSlot={<GuideCardChat guideId={g.id} name={g.user.fullName} />}
                />
              )}
            />
          ) : tab === 'help' ? (
            <div className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
              <p className="text-stone-700 dark:text-stone-300">{t('help.body')}</p>
              <ButtonLink to="/help" variant="outline" className="mt-4">
                {t('help.link')}
              </ButtonLink>
            </div>
          ) : (
            <TripsPanel
              tab={tab}
              query={trips}
              onContactSupport={() => void openSupport('booking_cancelled')}
              renderChat={(b) => <TripCardChat guideId={b.guideId} name={b.guide.fullName} />}
              landed={landing.booking}
            />
          )}
        </section>
      </div>
    </div>
  );
}
