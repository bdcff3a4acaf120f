import { useTranslation } from 'react-i18next';
import { MAX_BOOKING_DAYS, tourDates } from '../../../../shared/booking/tour-days';
import { SelectField } from '../../../components/ui/form';
import { durationText, formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/**
 * The booking box's "Days" choice (decisions 154, 176): by the hour (a tour on one day), or 1–7
 * days booked by the day, each lasting `dayHours` from the start time chosen below; every date is
 * listed so the traveler sees what they book. A trip change (decision 177) keeps the booked start and
 * day length: it offers days only (`hourly` false) and says so in `eachDay`.
 */
export function DaysPicker({
  days,
  date,
  dayHours,
  onChange,
  hourly = true,
  eachDay,
}: {
  days: number | undefined;
  date: string | null;
  dayHours: number;
  onChange: (days: number | undefined) => void;
  hourly?: boolean;
  eachDay?: string;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  return (
    <div className="space-y-2">
      <SelectField
        label={t('box.days')}
        value={days === undefined ? '' : String(days)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        {hourly && <option value="">{t('box.oneDay')}</option>}
        {Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t('box.daysOption', { count: n })}
          </option>
        ))}
      </SelectField>
      {days !== undefined && days > 1 && (
        <div className="rounded-lg bg-stone-50 px-3 py-2 text-sm dark:bg-stone-800/60">
          <p>{eachDay ?? t('box.eachDay', { hours: durationText(dayHours, locale) })}</p>
          {date && (
            <ol aria-label={t('box.theDays')} className="mt-1 space-y-0.5">
              {tourDates(date, days).map((d, i) => (
                <li key={d}>
                  {t('box.dayLine', { n: i + 1, date: formatCalendarDate(d, locale, { weekday: 'short' }) })}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
