import {
  BadgeCheck,
  Banknote,
  ClipboardCheck,
  CloudLightning,
  Coins,
  FileClock,
  Gavel,
  Handshake,
  IdCard,
  LifeBuoy,
  ReceiptText,
  TriangleAlert,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useQueueCounts } from '../api/queue-counts';
import { SECTIONS, type Section } from '../lib';
import { ApplicationsQueue } from './applications';
import { AuditLogView } from './audit';
import { DisputesQueue } from './disputes';
import { ExchangeRate } from './exchange-rate';
import { IdentityQueue } from './identity';
import { FailedJobsQueue } from './jobs';
import { LicencesQueue } from './licences';
import { PayoutBatches } from './payout-batches';
import { BookingsQueue, UsersQueue } from './people';
import { Resellers } from './resellers';
import { SupportQueue } from './support';
import { useFormat } from './ui/use-format';
import { WeatherWarnings } from './weather';
import { WithdrawalsQueue } from './withdrawals';

const ICONS: Record<Section, LucideIcon> = {
  applications: ClipboardCheck,
  identity: IdCard,
  licences: BadgeCheck,
  disputes: Gavel,
  withdrawals: Wallet,
  payouts: Banknote,
  rates: Coins,
  support: LifeBuoy,
  users: Users,
  bookings: ReceiptText,
  resellers: Handshake,
  weather: CloudLightning,
  jobs: TriangleAlert,
  audit: FileClock,
};

/** The admin console: queues in a sidebar (a select on phones), each a list beside the open item. */
export function AdminConsole({ section, id }: { section: Section; id: number | undefined }) {
  const { t } = useTranslation('admin');
  const counts = useQueueCounts();
  const navigate = useNavigate();
  const selectId = useId();
  useDocumentTitle(`${t(`sections.${section}`)} · ${t('title')}`);
  const f = useFormat();
  const label = (s: Section) =>
    counts[s] !== undefined ? `${t(`sections.${s}`)}${f.note(counts[s])}` : t(`sections.${s}`);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('subtitle')}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
        <div className="md:hidden">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
            {t('queue')}
          </label>
          <select
            id={selectId}
            value={section}
            onChange={(e) => void navigate(`/admin/${e.target.value}`)}
            className={inputClass}
          >
            {SECTIONS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <nav aria-label={t('queues')} className="hidden md:block">
          <ul className="sticky top-20 space-y-1">
            {SECTIONS.map((s) => {
              const Icon = ICONS[s];
              return (
                <li key={s}>
                  <NavLink
                    to={`/admin/${s}`}
                    aria-current={s === section ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
                      s === section
                        ? 'bg-primary-50 text-primary-800 dark:bg-primary-900/40 dark:text-primary-100'
                        : 'text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800',
                    )}
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="flex-1">{t(`sections.${s}`)}</span>
                    {counts[s] !== undefined && (
                      <span
                        className="rounded-full bg-stone-200 px-2 text-xs tabular-nums text-stone-800 dark:bg-stone-700 dark:text-stone-100"
                        data-testid={`count-${s}`}
                      >
                        {counts[s]}
                      </span>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="min-w-0" aria-labelledby={`${selectId}-h`}>
          <h2 id={`${selectId}-h`} className="sr-only">
            {t(`sections.${section}`)}
          </h2>
          {section === 'applications' && <ApplicationsQueue id={id} />}
          {section === 'identity' && <IdentityQueue id={id} />}
          {section === 'licences' && <LicencesQueue id={id} />}
          {section === 'disputes' && <DisputesQueue id={id} />}
          {section === 'withdrawals' && <WithdrawalsQueue id={id} />}
          {section === 'payouts' && <PayoutBatches id={id} />}
          {section === 'rates' && <ExchangeRate />}
          {section === 'support' && <SupportQueue id={id} />}
          {section === 'users' && <UsersQueue id={id} />}
          {section === 'bookings' && <BookingsQueue id={id} />}
          {section === 'resellers' && <Resellers />}
          {section === 'weather' && <WeatherWarnings />}
          {section === 'jobs' && <FailedJobsQueue id={id} />}
          {section === 'audit' && <AuditLogView />}
        </section>
      </div>
    </div>
  );
}
