import {
  CalendarClock,
  ChevronRight,
  CreditCard,
  HandCoins,
  Hourglass,
  Inbox,
  TimerReset,
  UserRoundSearch,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addDays } from '../../../../shared/availability';
import { dateRangeText } from '../../../../shared/booking/span-text';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { formatCalendarDate, formatDeadline } from '../../../lib/format';
import type { AnswerItem, AnswerKind } from '../lib/needs-answer';
import { htmlLang } from '../../../components/ui/machine-translated';

const ICONS: Record<AnswerKind, typeof Inbox> = {
  request: Inbox,
  replacementRequest: Inbox,
  reschedule: CalendarClock,
  change: UsersRound,
  extension: TimerReset,
  pay: CreditCard,
  replacement: UserRoundSearch,
  sameDay: UserRoundSearch,
  offer: HandCoins,
};

/** The deadline's words: what is done by then. */
const BY: Record<AnswerKind, string> = {
  request: 'needsAnswer.by',
  replacementRequest: 'needsAnswer.by',
  reschedule: 'needsAnswer.by',
  change: 'needsAnswer.by',
  extension: 'needsAnswer.byTourEnd',
  pay: 'needsAnswer.payBy',
  replacement: 'needsAnswer.chooseBy',
  sameDay: 'needsAnswer.chooseBy',
  offer: 'needsAnswer.by',
};

/**
 * Where an item's card is. The guide's: the dashboard's tab, and the card's anchor (useHashScroll
 * brings it into view). The traveler's: the trip's own link (decision 103), which opens its tab. An
 * offer's: its chat, where it is booked or declined.
 */
const cardLink = (item: AnswerItem) => {
  if (item.kind === 'offer') return { pathname: '/messages', search: `?c=${item.offer.conversationId}` };
  return item.side === 'guide'
    ? { pathname: '/guide-dashboard', search: `?tab=${item.tab}`, hash: `#booking-${item.booking.id}` }
    : { pathname: '/dashboard', search: `?booking=${item.booking.id}` };
};

/**
 * What a line shows of its booking or offer: the tour's day on its clock, and who is on the other side
 * (an offer names none), with the language the server told for a traveler's name (decision 175).
 */
const lineOf = (item: AnswerItem) =>
  item.kind === 'offer'
    ? {
        id: item.offer.id,
        date: item.offer.date,
        days: item.offer.days ?? 1,
        timeZone: item.offer.timeZone,
        who: null,
        whoLang: undefined,
      }
    : {
        id: item.booking.id,
        date: item.booking.date,
        days: item.booking.days ?? 1,
        timeZone: item.booking.timeZone,
        who: item.side === 'guide' ? item.booking.traveler.fullName : item.booking.guide.fullName,
        whoLang: item.side === 'guide' ? item.booking.traveler.nameLanguage : undefined,
      };

/**
 * One short line for each thing that waits on the reader (`needsAnswer`, `travelerNeedsAnswer`), with its deadline on
 * the tour's clock, each opening its card: the top of /guide-dashboard, where nothing else comes
 * before it, so on a phone it is read before any card; and the home page after sign-in (/guide, /),
 * where it is there only when something waits (`hideWhenEmpty`).
 */
export function NeedsAnswerList({
  items,
  hideWhenEmpty = false,
  className,
}: {
  items: AnswerItem[];
  hideWhenEmpty?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  if (hideWhenEmpty && items.length === 0) return null;
  return (
    <section
      id="needs-answer"
      aria-labelledby="needs-answer-title"
      className={cn(
        'mt-4 scroll-mt-20 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-900 dark:bg-amber-950/30',
        className,
      )}
    >
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
            const b = lineOf(item);
            const Icon = ICONS[item.kind];
            // Within days of now: the year would only lengthen a line meant to be read at a glance.
            const by = formatDeadline(item.deadline, locale, b.timeZone, t('japanTime'), false);
            return (
              <li key={`${item.side}-${item.kind}-${b.id}`}>
                <Link
                  to={cardLink(item)}
                  className="flex min-h-11 items-center gap-3 rounded-md py-2 focus-visible:outline-2 focus-visible:outline-primary-600"
                  data-testid={`needs-answer-${item.kind}`}
                >
                  <Icon className="h-5 w-5 shrink-0 text-accent-700 dark:text-accent-100" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="truncate font-medium">
                        {t(`needsAnswer.kinds.${item.kind}`)}
                        {b.who && (
                          <>
                            {' · '}
                            <span lang={b.whoLang && htmlLang(b.whoLang)}>{b.who}</span>
                          </>
                        )}
                      </span>
                      <span className="shrink-0 text-xs text-stone-600 dark:text-stone-400">
                        {/* Several days (decision 154): all of them. */}
                        {b.days > 1
                          ? dateRangeText(b.date, addDays(b.date, b.days - 1), locale, { withYear: false })
                          : formatCalendarDate(b.date, locale, { year: undefined, weekday: 'short' })}
                      </span>
                    </span>
                    <span className="flex items-center gap-1 text-xs text-amber-800 dark:text-amber-200">
                      <Hourglass className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      {t(BY[item.kind], by)}
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
