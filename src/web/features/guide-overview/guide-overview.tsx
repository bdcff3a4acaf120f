import {
  ArrowRight,
  CalendarDays,
  Compass,
  LayoutDashboard,
  MessageCircle,
  Star,
  Wallet,
  Banknote,
  BellRing,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import type { TotalUnread } from '../../../shared/schemas/messaging';
import { Button, ButtonLink } from '../../components/ui/button';
import { currentLocale } from '../../lib/i18n';
import { dayText, money, shortDay, zoneName } from './format';
import { muted, TourItem } from './tour-item';
import { card, Empty, SectionTitle } from './overview-panel';
import { RequestsPanel } from './requests-panel';
import { RatingsPanel } from './ratings-panel';

/**
 * Earnings today / month / year / total, whole (decision 196): what reached her wallet and what she
 * collected in person, the cash part named under each; then what of the wallet is withdrawable or pending.
 */
function EarningsPanel({ earnings }: { earnings: GuideOverview['earnings'] }) {
  const { t } = useTranslation('guideOverview');
  const locale = currentLocale();
  const cash = earnings.inPerson;
  const figures = [
    ['today', earnings.todayCents, cash.todayCents],
    ['month', earnings.monthCents, cash.monthCents],
    ['year', earnings.yearCents, cash.yearCents],
    ['total', earnings.totalCents, cash.totalCents],
  ] as const;
  return (
    <section aria-labelledby="earnings-title" className={card}>
      <SectionTitle id="earnings-title">{t('earnings.title')}</SectionTitle>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([key, online, inPerson]) => (
          <div key={key} className="rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
            <dt className={`text-xs ${muted}`}>{t(`earnings.${key}`)}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums sm:text-xl" data-testid={`earnings-${key}`}>
              {money(online + inPerson, earnings.currency, locale)}
            </dd>
            {inPerson > 0 && (
              <dd className={`mt-0.5 text-xs ${muted}`} data-testid={`earnings-${key}-in-person`}>
                {t('earnings.inPerson', { amount: money(inPerson, earnings.currency, locale) })}
              </dd>
            )}
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="font-medium" data-testid="earnings-withdrawable">
            {t('earnings.withdrawable', { amount: money(earnings.withdrawableCents, earnings.currency, locale) })}
          </span>
          <span className={muted}> · </span>
          <span className={muted} data-testid="earnings-pending">
            {t('earnings.pending', { amount: money(earnings.pendingCents, earnings.currency, locale) })}
          </span>
          {earnings.pendingCents > 0 && <span className={`block text-xs ${muted}`}>{t('earnings.pendingNote')}</span>}
        </p>
        <ButtonLink to="/withdrawal" variant="outline" size="sm">
          <Banknote className="h-4 w-4" aria-hidden />
          {t('earnings.withdraw')}
        </ButtonLink>
      </div>
    </section>
  );
}

function StatTile({
  to,
  icon,
  label,
  value,
  detail,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: number;
  detail: string;
  testId: string;
}) {
  return (
    <Link
      to={to}
      className={`${card} group flex items-center gap-4 transition-colors hover:border-primary-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 dark:hover:border-primary-700`}
    >
      <span
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200"
        aria-hidden
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${muted}`}>{label}</span>
        <span className="block text-2xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </span>
        <span className={`block truncate text-xs ${muted}`}>{detail}</span>
      </span>
      <ArrowRight
        className="h-5 w-5 shrink-0 text-stone-400 transition-transform group-hover:translate-x-0.5"
        aria-hidden
      />
    </Link>
  );
}

function WeekPanel({ overview }: { overview: GuideOverview }) {
  const { t } = useTranslation('guideOverview');
  const locale = currentLocale();
  const { week } = overview;
  return (
    <section aria-labelledby="week-title" className={card}>
      <SectionTitle
        id="week-title"
        aside={
          <p className={`text-sm tabular-nums ${muted}`}>
            {t('week.range', { start: shortDay(week.start, locale), end: shortDay(week.end, locale) })}
          </p>
        }
      >
        {t('week.title')}
      </SectionTitle>
      {week.tours.length === 0 ? (
        <Empty
          icon={<Compass className="h-9 w-9" />}
          title={t('week.empty')}
          body={t('week.emptyBody')}
          action={
            <ButtonLink to="/guide-dashboard#availability" variant="outline" size="sm" className="mt-4">
              {t('week.setAvailability')}
            </ButtonLink>
          }
        />
      ) : (
        <ul
          className="mt-4 divide-y divide-stone-100 dark:divide-stone-800"
          aria-label={t('week.count', { count: week.tours.length })}
        >
          {week.tours.map((tour) => (
            <TourItem key={tour.id} tour={tour} today={overview.today} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QuickLinks() {
  const { t } = useTranslation('guideOverview');
  const links = [
    { to: '/guide-dashboard', label: t('links.dashboard'), icon: <LayoutDashboard className="h-4 w-4" /> },
    { to: '/guide-dashboard#availability', label: t('links.availability'), icon: <CalendarDays className="h-4 w-4" /> },
    { to: '/profile#wallet', label: t('links.wallet'), icon: <Wallet className="h-4 w-4" /> },
    { to: '/withdrawal', label: t('links.withdrawal'), icon: <Banknote className="h-4 w-4" /> },
    { to: '/guide-dashboard/reviews', label: t('links.reviews'), icon: <Star className="h-4 w-4" /> },
  ];
  return (
    <nav aria-labelledby="links-title" className={card}>
      <SectionTitle id="links-title">{t('links.title')}</SectionTitle>
      <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-primary-700 hover:bg-primary-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 dark:text-primary-200 dark:hover:bg-primary-900/30"
            >
              <span aria-hidden>{l.icon}</span>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The ready state of /guide: greeting, figures, this week's tours, requests, ratings and quick links.
 * A guide with nothing earned and no review yet is new here: welcomed, not welcomed back.
 */
export function GuideOverviewView({
  overview,
  unread,
  notice,
}: {
  overview: GuideOverview;
  unread: TotalUnread;
  notice?: ReactNode;
}) {
  const { t } = useTranslation('guideOverview');
  const locale = currentLocale();
  const zone = overview.guide.timeZone;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t(overview.earnings.totalCents === 0 && overview.ratings.count === 0 ? 'greetingNew' : 'greeting', {
            name: overview.guide.fullName,
          })}
        </h1>
        <p className={`mt-1 ${muted}`}>
          {t('todayLine', { date: dayText(overview.today, locale, 'long'), zone: zoneName(zone, t('japanTime')) })}
        </p>
      </header>
      {notice}
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatTile
          to="/messages"
          icon={<MessageCircle className="h-5 w-5" />}
          label={t('stats.unread')}
          value={unread.totalUnreadCount}
          detail={t('stats.unreadDetail', { chat: unread.chatUnreadCount, system: unread.systemUnreadCount })}
          testId="unread-total"
        />
        <StatTile
          to="/guide-dashboard"
          icon={<BellRing className="h-5 w-5" />}
          label={t('stats.requests')}
          value={overview.requests.count}
          detail={
            overview.requests.count
              ? t('stats.requestsDetail', { count: overview.requests.count })
              : t('stats.requestsNone')
          }
          testId="requests-count"
        />
      </div>
      <div className="mt-4">
        <EarningsPanel earnings={overview.earnings} />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <WeekPanel overview={overview} />
          <RequestsPanel requests={overview.requests} zone={zone} />
        </div>
        <div className="space-y-4">
          <RatingsPanel ratings={overview.ratings} zone={zone} />
          <QuickLinks />
        </div>
      </div>
    </div>
  );
}

/** Loading: blocks shaped like the page (docs/rules/look-and-language.md), announced once. */
export function GuideOverviewSkeleton() {
  const { t } = useTranslation('guideOverview');
  const block =
    'animate-pulse rounded-[var(--radius-card)] bg-stone-200/70 motion-reduce:animate-none dark:bg-stone-800';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8" role="status" aria-live="polite">
      <span className="sr-only">{t('loading')}</span>
      <div className={`h-8 w-64 max-w-full ${block}`} aria-hidden />
      <div className={`mt-2 h-5 w-48 ${block}`} aria-hidden />
      <div className="mt-6 grid gap-4 sm:grid-cols-2" aria-hidden>
        <div className={`h-24 ${block}`} />
        <div className={`h-24 ${block}`} />
      </div>
      <div className={`mt-4 h-40 ${block}`} aria-hidden />
      <div className="mt-4 grid gap-4 lg:grid-cols-3" aria-hidden>
        <div className={`h-72 lg:col-span-2 ${block}`} />
        <div className={`h-72 ${block}`} />
      </div>
    </div>
  );
}

/** Error: what failed and a retry. */
export function GuideOverviewError({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  const { t } = useTranslation('guideOverview');
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <div role="alert" className={`${card} text-center`}>
        <h1 className="text-xl font-semibold">{t('error')}</h1>
        <p className={`mt-1 ${muted}`}>{t('errorBody')}</p>
        <Button className="mt-4" variant="outline" busy={busy} onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    </div>
  );
}
