import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isoWeekday,
  minutesToTime,
  type AvailabilityException,
  type DayAvailability,
  type WeeklySlot,
} from '../../../../shared/availability';
import { Button } from '../../../components/ui/button';
import { withGap } from '../../../lib/cjk-spacing';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { bracketed, colon, useViewerTimeZone } from '../../../lib/format';
import { formatCalendarDate } from '../../../lib/format';
import { dateTimeFormat } from '../../../lib/intl';
import { BOOKING_HORIZON_DAYS, bookableCalendar, bookingWindow } from '../../../../shared/booking/schedule';

/**
 * Every date the guide can be booked on (decision 180: the booking window, today through
 * `BOOKING_HORIZON_DAYS` ahead, as the booking box and the server book it), in the guide's zone
 * (labelled Japan time for Asia/Tokyo), a month at a time as a grid starting on Monday. It opens on
 * the month of the first day a traveler can still book; picking a day shows its hours.
 */
export function AvailabilityCalendar({
  weekly,
  exceptions,
  timeZone,
  minHours,
  minNoticeHours,
}: {
  weekly: WeeklySlot[];
  exceptions: AvailabilityException[];
  timeZone: string;
  /** The guide's shortest tour: a window left shorter than it today is not offered. */
  minHours?: number;
  /** The guide's minimum notice (decision 153). */
  minNoticeHours?: number;
}) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  // No start time already past (or within the guide's notice) in the guide's zone, so the day
  // picked first is the first one a traveler can still book.
  const { window, months } = useMemo(() => {
    const now = new Date();
    const window = bookingWindow(timeZone, now);
    const days = bookableCalendar(weekly, exceptions, timeZone, window.days, now, {
      minMinutes: minHours ? Math.round(minHours * 60) : undefined,
      minNoticeHours,
    });
    const months = new Map<string, DayAvailability[]>();
    for (const d of days) {
      const month = d.date.slice(0, 7);
      if (!months.has(month)) months.set(month, []);
      months.get(month)!.push(d);
    }
    return { window, months: [...months.entries()] };
  }, [weekly, exceptions, timeZone, minHours, minNoticeHours]);
  const all = useMemo(() => months.flatMap(([, days]) => days), [months]);
  const [picked, setPicked] = useState<string | null>(() => all.find((d) => d.available)?.date ?? null);
  const [shown, setShown] = useState(() =>
    Math.max(
      0,
      months.findIndex(([month]) => month === picked?.slice(0, 7)),
    ),
  );
  const pickedDay = all.find((d) => d.date === picked);
  const [month, days] = months[shown]!;
  // The month's whole grid: the dates outside the window (before today, after the last bookable
  // date) keep their places, shown faint and not offered.
  const firstOfMonth = `${month}-01`;
  const lead = isoWeekday(firstOfMonth) - 1;
  const before = Number(days[0]!.date.slice(8)) - 1;
  // Day 0 of the next month is this month's last.
  const monthLength = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const after = monthLength - Number(days.at(-1)!.date.slice(8));
  const weekdayNames = useMemo(() => {
    const fmt = dateTimeFormat(locale === 'en' ? 'en-US' : locale, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i))));
  }, [locale]);
  const available = t('profile.available');
  const unavailable = t('profile.unavailable');
  const monthName = formatCalendarDate(`${month}-01`, locale, { month: 'long', day: undefined });

  return (
    <div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {withGap(t('profile.window', { days: BOOKING_HORIZON_DAYS, date: formatCalendarDate(window.last, locale) }))}
        {timeZone === 'Asia/Tokyo' ? t('profile.availabilityHint') : t('profile.zoneLabel', { zone: timeZone })}
      </p>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('profile.previousMonth')}
          disabled={shown === 0}
          onClick={() => setShown(shown - 1)}
        >
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </Button>
        <h3 className="text-sm font-semibold" aria-live="polite">
          {monthName}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('profile.nextMonth')}
          disabled={shown === months.length - 1}
          onClick={() => setShown(shown + 1)}
        >
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div
        className="mt-2 grid grid-cols-7 gap-1 text-center text-xs font-medium text-stone-500 dark:text-stone-400"
        aria-hidden
      >
        {weekdayNames.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ul
        className="mt-1 grid grid-cols-7 gap-1"
        aria-label={`${t('profile.availability')}${colon(locale)}${monthName}`}
      >
        {Array.from({ length: lead }, (_, i) => (
          <li key={`lead-${i}`} aria-hidden />
        ))}
        {Array.from({ length: before }, (_, i) => (
          <OutsideDay key={`before-${i}`} day={i + 1} />
        ))}
        {days.map((d) => {
          const label = `${formatCalendarDate(d.date, locale, { weekday: 'short' })}${colon(locale)}${d.available ? available : unavailable}`;
          return (
            <li key={d.date}>
              <button
                type="button"
                onClick={() => setPicked(d.date)}
                aria-label={label}
                aria-pressed={picked === d.date}
                className={cn(
                  'flex h-10 w-full items-center justify-center rounded-lg text-sm transition',
                  d.available
                    ? 'bg-green-50 font-semibold text-green-800 hover:bg-green-100 dark:bg-green-900/30 dark:text-green-300 dark:hover:bg-green-900/50'
                    : 'text-stone-500 line-through decoration-stone-400 dark:text-stone-400 dark:decoration-stone-500',
                  picked === d.date && 'ring-2 ring-primary-500',
                )}
              >
                {Number(d.date.slice(8))}
              </button>
            </li>
          );
        })}
        {Array.from({ length: after }, (_, i) => (
          <OutsideDay key={`after-${i}`} day={monthLength - after + i + 1} />
        ))}
      </ul>
      <DayHours day={pickedDay} timeZone={timeZone} />
    </div>
  );
}

/**
 * A date of the month outside the booking window: in its place, faint, a day that cannot be picked
 * (disabled, as an inactive part of the calendar is; hidden from screen readers, which read the
 * window's dates alone).
 */
function OutsideDay({ day }: { day: number }) {
  return (
    <li aria-hidden>
      <button
        type="button"
        disabled
        tabIndex={-1}
        className="flex h-10 w-full items-center justify-center text-sm text-stone-300 dark:text-stone-600"
      >
        {day}
      </button>
    </li>
  );
}

/**
 * The picked day's hours, and the reader's own time beside them. Only this part reads the reader's
 * zone, which the browser learns after hydrating: that re-render stays small (not the month's grid).
 */
function DayHours({ day, timeZone }: { day: DayAvailability | undefined; timeZone: string }) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  const zoneLabel = timeZone === 'Asia/Tokyo' ? t('profile.japanTime') : timeZone;
  const viewerZone = useViewerTimeZone();
  /**
   * docs/rules/look-and-language.md: the traveler's own time beside the guide's when they differ (Japan has a fixed
   * +09:00).
   */
  const localRange = (date: string, s: { startMinute: number; endMinute: number }) => {
    if (timeZone !== 'Asia/Tokyo' || !viewerZone || viewerZone === 'Asia/Tokyo') return null;
    const at = (m: number) => new Date(`${date}T${minutesToTime(m)}:00+09:00`);
    const fmt = dateTimeFormat(locale === 'zh-CN' ? 'zh-CN' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: viewerZone,
    });
    const start = fmt.format(at(s.startMinute));
    const end = fmt.format(at(s.endMinute));
    return start === minutesToTime(s.startMinute) ? null : `${start}–${end}`;
  };
  return (
    <div className="mt-3 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800" aria-live="polite">
      {day ? (
        <>
          <span className="font-medium">
            {t('profile.hoursOn', { date: formatCalendarDate(day.date, locale, { weekday: 'short' }) })}
          </span>{' '}
          {day.available ? (
            <span>
              {day.slots
                .map((s) => `${minutesToTime(s.startMinute)}–${minutesToTime(s.endMinute)}`)
                .join(locale === 'en' ? ', ' : '、')}
              {bracketed(zoneLabel, locale)}
              {day.slots[0] && localRange(day.date, day.slots[0]) && (
                <span className="block text-xs text-stone-600 dark:text-stone-400">
                  {t('profile.yourTime', {
                    range: day.slots
                      .map((s) => localRange(day.date, s) ?? '')
                      .filter(Boolean)
                      .join(locale === 'en' ? ', ' : '、'),
                  })}
                </span>
              )}
            </span>
          ) : (
            <span className="text-stone-500 dark:text-stone-400">{t('profile.noHours')}</span>
          )}
        </>
      ) : (
        <span className="text-stone-500 dark:text-stone-400">{t('profile.pickDay')}</span>
      )}
    </div>
  );
}
