import { CalendarClock, ChevronRight, Hourglass, Inbox, TimerReset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../lib/i18n';
import { formatCalendarDate, formatDeadline } from '../../../lib/format';
import type { AnswerItem, AnswerKind } from '../lib/needs-answer';

const ICONS: Record<AnswerKind, typeof Inbox> = { request: Inbox, reschedule: CalendarClock, extension: TimerReset };

/** Where an item's card is: its tab, and the card's anchor (useHashScroll brings it into view). */
export const cardLink = (item: Pick<AnswerItem, 'booking' | 'tab'>) => ({ search: `?tab=${item.tab}`, hash: `#booking-${item.booking.id}` });

/**
 * The top of /guide-dashboard: one short line for each thing that waits for the guide's answer
 * (a request, the traveler's new time, a paid extension) with its deadline on the tour's clock, each
 * opening its card. Nothing else comes before it, so on a phone it is read before any card.
 */
export function NeedsAnswerList({ items }: { items: AnswerItem[] }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  return (
    <section id="needs-answer" aria-labelledby="needs-answer-title" className="mt-4 scroll-mt-20 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-900 dark:bg-amber-950/30">
      <h2 id="needs-answer-title" className="flex items-center gap-2 text-lg font-semibold">
        {t('needsAnswer.title')}
        {items.length > 0 && (
          <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold tabular-nums text-white">
            <span aria-hidden>{items.length}</span>
            <span className="sr-only">{t('needsAnswer.count', { count: items.length })}</span>
          </span>
        )}
      </h2>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('needsAnswer.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-amber-200/70 dark:divide-amber-900/60">
          {items.map((item) => {
            const b = item.booking;
            const Icon = ICONS[item.kind];
            // Within days of now: the year would only lengthen a line meant to be read at a glance.
            const by = formatDeadline(item.deadline, locale, b.timeZone, t('japanTime'), false);
            return (
              <li key={`${item.kind}-${b.id}`}>
                <Link
                  to={cardLink(item)}
                  className="flex min-h-11 items-center gap-3 rounded-md py-2 focus-visible:outline-2 focus-visible:outline-primary-600"
                  data-testid={`needs-answer-${item.kind}`}
                >
                  <Icon className="h-5 w-5 shrink-0 text-accent-700 dark:text-accent-100" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="truncate font-medium">
                        {t(`needsAnswer.kinds.${item.kind}`)} · {b.traveler.fullName}
                      </span>
                      <span className="shrink-0 text-xs text-stone-600 dark:text-stone-400">{formatCalendarDate(b.date, locale, { year: undefined, weekday: 'short' })}</span>
                    </span>
                    <span className="flex items-center gap-1 text-xs text-amber-800 dark:text-amber-200">
                      <Hourglass className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      {t(item.kind === 'extension' ? 'needsAnswer.byTourEnd' : 'needsAnswer.by', by)}
                    </span>
                  </span>
                  <ChevronRight className="h-4 w-4 shrink-0 text-stone-400" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
