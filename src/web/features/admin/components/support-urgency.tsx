import { Siren } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapProvidersFor, mapUrl } from '../../../../shared/map-links';
import type { AdminSupportThread } from '../../../../shared/schemas/support';
import { cn } from '../../../lib/cn';
import { useSupportMetrics } from '../api/support';
import { Facts, Section } from './ui/detail';
import { QueryFallback } from './ui/feedback';
import { useFormat } from './ui/use-format';
import { EmailText } from '../../../components/ui/email-text';
import { formatPhone } from '../../../../shared/phone-format';

/** The clock the countdowns read, moved every second while they are shown. */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function UrgentBadge() {
  const { t } = useTranslation('admin');
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-danger-600 px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="urgent-badge"
    >
      <Siren className="h-3.5 w-3.5" aria-hidden />
      {t('support.urgent')}
    </span>
  );
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** "4:12 left" counting down to the reply deadline, then "Overdue 1:05" in red (decision 132). */
export function TimeLeft({ replyBy }: { replyBy: string | null }) {
  const { t } = useTranslation('admin');
  const now = useNow();
  if (!replyBy) return null;
  const left = Date.parse(replyBy) - now;
  const overdue = left < 0;
  return (
    <span
      className={cn(
        'text-xs font-semibold tabular-nums',
        overdue ? 'text-danger-600 dark:text-red-400' : 'text-stone-700 dark:text-stone-300',
      )}
      data-testid="time-left"
      data-overdue={overdue}
    >
      {overdue ? t('support.overdue', { time: clock(-left) }) : t('support.timeLeft', { time: clock(left) })}
    </span>
  );
}

/** An urgent thread's trip: the booking, both parties with their contact, and the phone's place on a map. */
export function UrgentTrip({ thread }: { thread: AdminSupportThread }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const { booking, location } = thread;
  if (!booking && !location) return null;
  // The verified number first: the team calls back on it (decision 147).
  const party = (p: { fullName: string; email: string | null; phone: string | null }) => (
    <>
      {p.fullName} ·{' '}
      {p.phone && (
        <>
          <a className="text-primary-700 underline tabular-nums dark:text-primary-300" href={`tel:${p.phone}`}>
            {formatPhone(p.phone, 'international')}
          </a>{' '}
          ·{' '}
        </>
      )}
      {p.email === null ? (
        <EmailText email={null} />
      ) : (
        <a className="text-primary-700 underline dark:text-primary-300" href={`mailto:${p.email}`}>
          {p.email}
        </a>
      )}
    </>
  );
  const link = location
    ? mapUrl(mapProvidersFor(f.locale)[0]!, { meetingLat: location.lat, meetingLng: location.lng }, f.locale)
    : null;
  return (
    <Section title={t('support.trip')}>
      <Facts
        items={[
          ...(booking
            ? ([
                [
                  t('support.booking'),
                  `${booking.bookingNumber} · ${t(`status.${booking.status}`, { defaultValue: booking.status })} · ${booking.date}`,
                ],
                [t('support.traveler'), party(booking.traveler)],
                [t('support.guide'), party(booking.guide)],
              ] as [string, React.ReactNode][])
            : []),
          ...(location && link
            ? ([
                [
                  t('support.location'),
                  <a
                    key="map"
                    className="text-primary-700 underline dark:text-primary-300"
                    href={link}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t('support.openMap')}
                    {location.accuracyM !== null && f.note(t('support.accuracy', { metres: location.accuracyM }))}
                  </a>,
                ],
              ] as [string, React.ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}

const seconds = (s: number | null, locale: string) =>
  s === null
    ? '—'
    : s < 120
      ? `${Math.round(s)} s`
      : `${(s / 60).toLocaleString(locale, { maximumFractionDigits: 1 })} min`;

/** First-reply times over the last 30 days, urgent and other apart, and how many wait past their deadline now. */
export function SupportMetricsPanel() {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const metrics = useSupportMetrics(30);
  if (metrics.isPending || metrics.isError) return <QueryFallback query={metrics} />;
  const m = metrics.data;
  return (
    <section
      aria-label={t('support.metrics.title')}
      className="mb-4 rounded-[var(--radius-card)] border border-stone-200 bg-white p-3 text-sm dark:border-stone-800 dark:bg-stone-900"
      data-testid="support-metrics"
    >
      <h3 className="font-semibold">{t('support.metrics.title')}</h3>
      <table className="mt-2 w-full text-left tabular-nums">
        <thead className="text-xs text-stone-600 dark:text-stone-400">
          <tr>
            <th scope="col" className="font-medium" />
            <th scope="col" className="font-medium">
              {t('support.metrics.median')}
            </th>
            <th scope="col" className="font-medium">
              {t('support.metrics.p90')}
            </th>
            <th scope="col" className="font-medium">
              {t('support.metrics.answered')}
            </th>
            <th scope="col" className="font-medium">
              {t('support.metrics.overdue')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(['urgent', 'other'] as const).map((k) => (
            <tr key={k}>
              <th scope="row" className="font-medium">
                {t(`support.metrics.${k}`)}
              </th>
              <td>{seconds(m[k].medianSeconds, f.locale)}</td>
              <td>{seconds(m[k].p90Seconds, f.locale)}</td>
              <td>{`${m[k].answered}/${m[k].threads}`}</td>
              <td className={cn(m[k].overdue > 0 && 'font-semibold text-danger-600 dark:text-red-400')}>
                {m[k].overdue}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
        {t('support.metrics.deadlines', {
          urgent: Math.round(m.urgentReplySeconds / 60),
          other: Math.round(m.replySeconds / 3600),
        })}
      </p>
    </section>
  );
}
