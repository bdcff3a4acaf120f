import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityReply } from '../../../../shared/schemas/guide-business';
import { Button } from '../../../components/ui/button';
import { DateSelect } from '../../../components/ui/date-select';
import { inputClass, Panel } from '../../../components/ui/form';
import { formatCalendarDate, zoneName } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { saveErrorKey, useMyAvailability, useSaveAvailability } from '../api/guide-business';
import { formKey, QueryFallback } from './query-fallback';

interface Range {
  startMinute: number;
  endMinute: number;
}
type Exception = AvailabilityReply['exceptions'][number];

/** "09:30" for 570; 1440 is "24:00". */
export const minuteLabel = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const STEPS = Array.from({ length: 49 }, (_, i) => i * 30);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function TimeSelect({
  value,
  onChange,
  label,
  from = 0,
  to = 1440,
}: {
  value: number;
  onChange: (m: number) => void;
  label: string;
  from?: number;
  to?: number;
}) {
  return (
    <div className="w-[6.5rem]">
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={inputClass}
      >
        {STEPS.filter((m) => m >= from && m <= to).map((m) => (
          <option key={m} value={m}>
            {minuteLabel(m)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Weekly hours (several ranges a day) and days off, in the guide's zone; saved as one replacement. */
export function AvailabilityEditor() {
  const { t } = useTranslation('guideBusiness');
  const query = useMyAvailability();
  return (
    <Panel
      id="availability"
      title={t('availability.title')}
      description={
        query.data
          ? // The zone in the reader's words ("日本時間"), never its IANA name (decision 198).
            t('availability.intro', { zone: zoneName(query.data.timeZone, t('common:tourTime.japanTime')) })
          : undefined
      }
    >
      {query.isPending || query.isError ? (
        <QueryFallback query={query} />
      ) : (
        <AvailabilityForm key={formKey(query.data)} initial={query.data} />
      )}
    </Panel>
  );
}

function AvailabilityForm({ initial }: { initial: AvailabilityReply }) {
  const { t } = useTranslation('guideBusiness');
  const save = useSaveAvailability();
  const [weekly, setWeekly] = useState<Record<number, Range[]>>(() => {
    const byDay: Record<number, Range[]> = {};
    for (const w of initial.weekly)
      (byDay[w.weekday] ??= []).push({ startMinute: w.startMinute, endMinute: w.endMinute });
    return byDay;
  });
  const [exceptions, setExceptions] = useState<Exception[]>(initial.exceptions);
  const [newDate, setNewDate] = useState('');
  const dayOffId = useId();

  const setDay = (day: number, ranges: Range[]) => setWeekly((w) => ({ ...w, [day]: ranges }));

  const submit = () => {
    const body = {
      weekly: WEEKDAYS.flatMap((weekday) => (weekly[weekday] ?? []).map((r) => ({ weekday, ...r }))),
      exceptions: exceptions.map((e) => ({
        date: e.date,
        available: e.available,
        startMinute: e.startMinute,
        endMinute: e.endMinute,
        note: e.note,
      })),
    };
    save.mutate(body, {
      onSuccess: () => showToast({ title: t('availability.saved'), variant: 'success' }),
      onError: (err) =>
        showToast({ title: t('errors.saveFailed'), description: t(saveErrorKey(err)), variant: 'destructive' }),
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {WEEKDAYS.map((day) => {
          const ranges = weekly[day] ?? [];
          const dayName = t(`weekdays.${day}`);
          return (
            <li key={day} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
              <span className="w-28 shrink-0 pt-2 font-medium">{dayName}</span>
              <div className="flex flex-1 flex-col gap-2">
                {ranges.length === 0 && (
                  <span className="pt-2 text-sm text-stone-500 dark:text-stone-400">{t('availability.closed')}</span>
                )}
                {ranges.map((r, i) => (
                  <div key={i} className="flex flex-wrap items-center gap-2">
                    <TimeSelect
                      label={t('availability.from', { day: dayName })}
                      value={r.startMinute}
                      to={1410}
                      onChange={(m) =>
                        setDay(
                          day,
                          ranges.map((x, j) => (j === i ? { ...x, startMinute: m } : x)),
                        )
                      }
                    />
                    <span aria-hidden>–</span>
                    <TimeSelect
                      label={t('availability.to', { day: dayName })}
                      value={r.endMinute}
                      from={30}
                      onChange={(m) =>
                        setDay(
                          day,
                          ranges.map((x, j) => (j === i ? { ...x, endMinute: m } : x)),
                        )
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('availability.removeRange', { day: dayName })}
                      onClick={() =>
                        setDay(
                          day,
                          ranges.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                ))}
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start"
                aria-label={t('availability.addRangeFor', { day: dayName })}
                onClick={() => {
                  const last = ranges.at(-1);
                  const start = last ? Math.min(last.endMinute + 60, 1380) : 540;
                  setDay(day, [
                    ...ranges,
                    { startMinute: start, endMinute: Math.min(start + (last ? 120 : 480), 1440) },
                  ]);
                }}
              >
                <Plus className="h-4 w-4" aria-hidden />
                {t('availability.addRange')}
              </Button>
            </li>
          );
        })}
      </ul>

      <h3 className="mt-6 font-semibold">{t('availability.daysOff')}</h3>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('availability.daysOffIntro')}</p>
      {exceptions.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500 dark:text-stone-400">{t('availability.noDaysOff')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {exceptions.map((e) => (
            <li
              key={e.date}
              className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm dark:border-stone-800"
            >
              <span>
                <time dateTime={e.date} className="font-medium tabular-nums">
                  {formatCalendarDate(e.date, currentLocale(), { weekday: 'short' })}
                </time>{' '}
                <span className="text-stone-600 dark:text-stone-400">
                  {e.available && e.startMinute !== null && e.endMinute !== null
                    ? `${minuteLabel(e.startMinute)}–${minuteLabel(e.endMinute)}`
                    : t('availability.dayOff')}
                </span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('availability.removeDayOff', {
                  date: formatCalendarDate(e.date, currentLocale(), { weekday: 'short' }),
                })}
                onClick={() => setExceptions((xs) => xs.filter((x) => x.date !== e.date))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex w-full flex-col gap-1 text-sm sm:w-72">
          <label id={`${dayOffId}-label`} htmlFor={dayOffId} className="font-medium">
            {t('availability.date')}
          </label>
          <DateSelect
            id={dayOffId}
            labelId={`${dayOffId}-label`}
            value={newDate}
            min={new Date().toISOString().slice(0, 10)}
            onChange={setNewDate}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!newDate || exceptions.some((x) => x.date === newDate)}
          onClick={() => {
            setExceptions((xs) =>
              [...xs, { date: newDate, available: false, startMinute: null, endMinute: null, note: null }].sort(
                (a, b) => a.date.localeCompare(b.date),
              ),
            );
            setNewDate('');
          }}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {t('availability.addDayOff')}
        </Button>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('availability.save')}
        </Button>
        <span className="text-xs text-stone-600 dark:text-stone-400">{t('availability.bookingsKept')}</span>
      </div>
    </form>
  );
}
