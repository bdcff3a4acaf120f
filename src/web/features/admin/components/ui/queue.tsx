import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/form';
import { cn } from '../../../../lib/cn';

const tone: Record<string, string> = {
  approved: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  paid: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  resolved: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  closed: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
  rejected: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  suspended: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  active: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  revoked: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

/** A status chip; the words come from `admin:status.*` (falls back to the raw value). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
        tone[status] ?? 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
      )}
    >
      {/* Queue statuses first, then a booking's. */}
      {t([`status.${status}`, `bookingStatus.${status}`], { defaultValue: status })}
    </span>
  );
}

/** A status filter above a queue. */
export function StatusFilter({
  value,
  options,
  onChange,
  allLabel,
  label,
}: {
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
  allLabel?: string;
  label?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 whitespace-nowrap text-sm text-stone-700 dark:text-stone-300">
        {label ?? t('filter.status')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClass, 'w-auto py-1.5')}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`status.${o}`, { defaultValue: o })}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Pager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('paging.label')}
      className="flex items-center justify-between gap-2 border-t border-stone-200 px-3 py-2 text-sm dark:border-stone-800"
    >
      <Button
        variant="ghost"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('paging.previous')}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden />
      </Button>
      <span>{t('paging.page', { page, pages })}</span>
      <Button
        variant="ghost"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('paging.next')}
      >
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** A queue: the list beside the selected item (stacked on phones, where the list hides while an item is open). */
export function QueueLayout({
  filters,
  list,
  detail,
  selected,
  backTo,
}: {
  filters?: ReactNode;
  list: ReactNode;
  detail: ReactNode;
  selected: boolean;
  backTo: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className={cn('min-w-0 space-y-3', selected && 'hidden lg:block')}>
        {filters}
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
          {list}
        </div>
      </div>
      <div className={cn('min-w-0', !selected && 'hidden lg:block')}>
        {selected && (
          <Link
            to={backTo}
            className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline lg:hidden dark:text-primary-300"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
            {t('backToList')}
          </Link>
        )}
        {detail}
      </div>
    </div>
  );
}

/** One row of a queue list: a link to the item. */
export function QueueItem({
  to,
  active,
  title,
  meta,
  status,
}: {
  to: string;
  active: boolean;
  title: ReactNode;
  meta?: ReactNode;
  status?: string;
}) {
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex items-start justify-between gap-2 border-b border-stone-100 px-3 py-2.5 last:border-b-0 hover:bg-stone-50 dark:border-stone-800 dark:hover:bg-stone-800/60',
          active && 'bg-primary-50 dark:bg-primary-900/30',
        )}
      >
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-stone-900 dark:text-stone-100">{title}</span>
          {meta && <span className="block truncate text-xs text-stone-600 dark:text-stone-400">{meta}</span>}
        </span>
        {status && <StatusBadge status={status} />}
      </Link>
    </li>
  );
}
