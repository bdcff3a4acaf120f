import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { currentLocale } from '../../../lib/i18n';
import { BookingFeedback } from './booking-feedback';

const PAST = ['completed', 'disputed'];
/**
 * A tour cancelled by a no-show report that this guide may still contest (decision 138): the server offers `dispute`.
 */
const contestable = (b: Booking) => b.status === 'cancelled' && b.actions.includes('dispute');
const RECENT_DAYS = 30;

/**
 * The guide dashboard's finished tours of the last 30 days: the guide reviews each traveler here
 * (dual-blind) and may report a problem within 7 days of completion; a tour the traveler reported the
 * guide absent from is here while the guide may contest it (48 hours, decision 138).
 */
export function PastTours({
  bookings,
  now,
  empty = null,
}: {
  bookings: Booking[] | undefined;
  now: Date;
  empty?: ReactNode;
}) {
  const { t } = useTranslation('reviews');
  const locale = currentLocale();
  const past = (bookings ?? [])
    .filter(
      (b) =>
        (PAST.includes(b.status) || contestable(b)) &&
        now.getTime() - Date.parse(b.completedAt ?? b.startsAt) <= RECENT_DAYS * 86_400_000,
    )
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  if (past.length === 0) return <>{empty}</>;
  return (
    <section id="past-tours" aria-labelledby="past-tours-title" className="mt-6 scroll-mt-20">
      <h2 id="past-tours-title" className="text-xl font-semibold">
        {t('past.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('past.intro')}</p>
      <ul className="mt-4 space-y-4">
        {past.map((b) => (
          <li
            key={b.id}
            className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">{b.traveler.fullName}</h3>
              <span className="text-sm tabular-nums text-stone-600 dark:text-stone-400">
                {b.bookingNumber} ·{' '}
                {new Date(`${b.date}T00:00:00`).toLocaleDateString(locale, {
                  year: 'numeric',
                  month: 'short',
                  day: 'numeric',
                })}
              </span>
            </div>
            {contestable(b) && (
              <p
                data-testid="no-show-reported"
                className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
              >
                {t('past.noShowReported', { traveler: b.traveler.fullName })}
              </p>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <BookingFeedback booking={b} side="guide" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
