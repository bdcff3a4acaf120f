import { useTranslation } from 'react-i18next';
import { MAX_BOOKING_DAYS, tourDates } from '../../../../shared/booking/tour-days';
import { SelectField } from '../../../components/ui/form';
import { durationText, formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/**
 * The booking box's "Days" choice (decision 154): one day is a tour of hours; above one, each day
 * lasts the guide's day hours from the start time chosen below, and every date is listed so the
 * traveler sees what they book.
 */
export function DaysPicker({ days, date, dayHours, onChange }: { days: number; date: string | null; dayHours: number; onChange: (days: number) => void }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  return (
    <div className="space-y-2">
      <SelectField label={t('box.days')} value={String(days)} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n === 1 ? t('box.oneDay') : t('box.daysOption', { count: n })}
          </option>
        ))}
      </SelectField>
      {days > 1 && (
        <div className="rounded-lg bg-stone-50 px-3 py-2 text-sm dark:bg-stone-800/60">
          <p>{t('box.eachDay', { hours: durationText(dayHours, locale) })}</p>
          {date && (
            <ol aria-label={t('box.theDays')} className="mt-1 space-y-0.5">
              {tourDates(date, days).map((d, i) => (
                <li key={d}>{t('box.dayLine', { n: i + 1, date: formatCalendarDate(d, locale, { weekday: 'short' }) })}</li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
