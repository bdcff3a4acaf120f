import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { currentLocale } from '../../lib/i18n';
import { FieldShell, inputClass } from './form';

type Part = 'year' | 'month' | 'day';
type Parts = Record<Part, string>;

const pad = (n: string) => n.padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const parse = (iso: string): Parts => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m
    ? { year: String(Number(m[1])), month: String(Number(m[2])), day: String(Number(m[3])) }
    : { year: '', month: '', day: '' };
};
const compose = ({ year, month, day }: Parts): string => {
  if (!year || !month || !day || Number(day) > daysIn(Number(year), Number(month))) return '';
  return `${year}-${pad(month)}-${pad(day)}`;
};
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The order the page's language writes a date in (2026年11月28日, Nov 28, 2026), from Intl. */
function partsOrder(locale: string): Part[] {
  const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
    .formatToParts(Date.UTC(2026, 10, 28))
    .map((p) => p.type)
    .filter((type): type is Part => type === 'year' || type === 'month' || type === 'day');
  return order.length === 3 ? order : ['year', 'month', 'day'];
}

export interface DateSelectProps {
  /** yyyy-mm-dd, or '' for none. */
  value: string;
  /** yyyy-mm-dd once the three parts make a date within min–max; '' while they do not. */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  /** The id of the visible label: it names the group and, with each part's name, each select. */
  labelId: string;
  /** Given to the first select, so that `<label htmlFor>` focuses it. */
  id?: string;
  name?: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** Added to each of the three selects: a form whose fields are taller than `inputClass` gives its height. */
  partClassName?: string;
}

/**
 * A date as three selects — year, month, day — in the page's language and its order (2026年 11月 28日;
 * Nov 28 2026), instead of the browser's date input, which shows the browser's own language and format
 * (mm/dd/yyyy on an English phone reading a Chinese page). Native selects: keyboard and screen reader as the
 * platform does them. Options outside min–max are disabled.
 */
export function DateSelect({
  value,
  onChange,
  min,
  max,
  labelId,
  id,
  name,
  describedBy,
  invalid,
  required,
  disabled,
  className,
  partClassName,
}: DateSelectProps) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const partId = useId();
  const [parts, setParts] = useState<Parts>(() => parse(value));
  // A value set from outside (a link's ?date=, a reset) replaces what the selects show.
  const [seen, setSeen] = useState(value);
  const outside = (from: string, to: string) => (min !== undefined && to < min) || (max !== undefined && from > max);
  /** What the parts are worth to the form: a whole date within min–max, else ''. */
  const reported = (p: Parts) => {
    const iso = compose(p);
    return iso !== '' && !outside(iso, iso) ? iso : '';
  };
  if (value !== seen) {
    setSeen(value);
    if (value !== reported(parts)) setParts(parse(value));
  }

  const thisYear = new Date().getFullYear();
  // The years min–max allow (without them, this year and five more), and the value's own year if it is outside (a date
  // kept from before).
  const shown = parts.year ? Number(parts.year) : undefined;
  const firstYear = min ? Number(min.slice(0, 4)) : thisYear;
  const fromYear = Math.min(firstYear, shown ?? firstYear);
  const toYear = Math.max(max ? Number(max.slice(0, 4)) : firstYear + 5, shown ?? firstYear);
  const y = parts.year || String(fromYear);
  const monthOptions = range(1, 12).map((m) => ({
    value: m,
    off: outside(`${y}-${pad(String(m))}-01`, `${y}-${pad(String(m))}-${daysIn(Number(y), m)}`),
  }));
  const dayCount = parts.month ? daysIn(Number(y), Number(parts.month)) : 31;
  const dayOptions = range(1, dayCount).map((d) => {
    const iso = parts.month ? `${y}-${pad(parts.month)}-${pad(String(d))}` : null;
    return { value: d, off: iso !== null && outside(iso, iso) };
  });
  const fmt = (part: Part, n: number) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      ...(part === 'year' ? { year: 'numeric' } : part === 'month' ? { month: 'short' } : { day: 'numeric' }),
    }).format(Date.UTC(part === 'year' ? n : 2026, part === 'month' ? n - 1 : 0, part === 'day' ? n : 1));
  const options: Record<Part, { value: number; off: boolean }[]> = {
    year: range(fromYear, toYear).map((v) => ({ value: v, off: false })),
    month: monthOptions,
    day: dayOptions,
  };

  const change = (part: Part, v: string) => {
    const next = { ...parts, [part]: v };
    // A day the new month does not have is cleared rather than moved.
    if (next.day && next.year && next.month && Number(next.day) > daysIn(Number(next.year), Number(next.month)))
      next.day = '';
    setParts(next);
    const out = reported(next);
    if (out !== value) onChange(out);
  };

  const order = partsOrder(locale);
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className={cn('grid grid-cols-[1.25fr_1fr_1fr] gap-2', className)}
    >
      {order.map((part, i) => (
        <select
          key={part}
          id={i === 0 ? id : undefined}
          data-part={part}
          aria-labelledby={`${labelId} ${partId}-${part}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          disabled={disabled}
          value={parts[part]}
          onChange={(e) => change(part, e.target.value)}
          className={cn(inputClass, 'min-w-0 px-2', partClassName)}
        >
          <option value="">{t(`dateField.${part}`)}</option>
          {options[part].map((o) => (
            <option key={o.value} value={String(o.value)} disabled={o.off}>
              {fmt(part, o.value)}
            </option>
          ))}
        </select>
      ))}
      {order.map((part) => (
        <span key={part} id={`${partId}-${part}`} hidden>
          {t(`dateField.${part}`)}
        </span>
      ))}
      {name && <input type="hidden" name={name} value={value} />}
    </div>
  );
}

type DateFieldProps = Omit<DateSelectProps, 'labelId' | 'id' | 'describedBy' | 'invalid'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  wrapperClassName?: string;
};

/** A labelled date (the form's TextField for dates): its error and hint tied to the selects. */
export function DateField({ label, error, hint, wrapperClassName, ...rest }: DateFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {({ id, describedBy, invalid }) => (
        <DateSelect {...rest} id={id} labelId={`${id}-label`} describedBy={describedBy} invalid={invalid} />
      )}
    </FieldShell>
  );
}
