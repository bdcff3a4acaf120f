// How long a search asks for (decision 176): the select of hours and days, its value in the URL's terms, and its words
// in the folded bar.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GuideSearchParams } from '../../../../shared/guide-search-query';
import { durationText } from '../../../../shared/booking/duration';
import { MAX_BOOKING_DAYS } from '../../../../shared/booking/tour-days';
import type { Locale } from '../../../../shared/locales';
import { currentLocale } from '../../../lib/i18n';

/** The hours a search offers (decision 176); a link's other hours are added to them. */
const SEARCH_HOURS = [2, 3, 4, 6, 8];

/** The length select's value: `d3` for three days, `h4` for four hours, '' for any. */
export const lengthValue = (p: Pick<GuideSearchParams, 'days' | 'hours'>) =>
  p.days ? `d${p.days}` : p.hours ? `h${p.hours}` : '';
export function lengthOfValue(v: string): Pick<GuideSearchParams, 'days' | 'hours'> {
  const n = Number(v.slice(1));
  return v.startsWith('d')
    ? { days: n, hours: undefined }
    : v.startsWith('h')
      ? { days: undefined, hours: n }
      : { days: undefined, hours: undefined };
}

/** The length in the folded bar: "3 days", "3 days, 6 hours a day", "4 hours"; nothing for any. */
export function lengthLabel(p: Pick<GuideSearchParams, 'days' | 'hours'>, t: TFunction, locale: Locale): string {
  if (p.days)
    return p.hours
      ? t('form.daysOfHours', { count: p.days, hours: durationText(p.hours, locale) })
      : t('form.daysOption', { count: p.days });
  return p.hours ? durationText(p.hours, locale) : '';
}

/** The length select: any, by the hour (a link's own hours among them), or by the day. */
export function LengthSelect({
  id,
  className,
  value,
  onChange,
  initial,
}: {
  id: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
  initial: Pick<GuideSearchParams, 'days' | 'hours'>;
}) {
  const { t } = useTranslation('search');
  const locale = currentLocale();
  return (
    <select id={id} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('form.anyLength')}</option>
      <optgroup label={t('form.byHour')}>
        {[...new Set([...SEARCH_HOURS, ...(initial.hours && !initial.days ? [initial.hours] : [])])]
          .sort((a, b) => a - b)
          .map((h) => (
            <option key={h} value={`h${h}`}>
              {durationText(h, locale)}
            </option>
          ))}
      </optgroup>
      <optgroup label={t('form.byDay')}>
        {Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => i + 1).map((n) => (
          <option key={n} value={`d${n}`}>
            {t('form.daysOption', { count: n })}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
