import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { matchLocale } from '../../../../shared/locales';
import type { Currency } from '../../../../shared/currency';
import { formatMoney, formatRmb } from '../../../../shared/money-format';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { bracketed, colon, formatInstant } from '../../../lib/format';
import { Sheet } from '../../../components/ui/sheet';
import { usePrivateFileUrl } from '../../identity';
import { errorCode, errorKey } from '../lib';

/** Money and instants in the reader's language (docs/rules/look-and-language.md: `1,200 RMB` / `1,200 元`; `Nov 22, 2026 14:05`). */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = matchLocale(i18n.resolvedLanguage) ?? 'en';
  return {
    locale,
    rmb: (cents: number) => formatRmb(cents, locale),
    /** An amount in its own currency (decision 167): yuan as `rmb`, yen as yen. */
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, locale),
    /** A note after a phrase, in the reader's brackets: " (x)" / "（x）" (locales/VOICE.md). */
    note: (text: string | number) => bracketed(String(text), locale),
    /** "Li Wei (@traveler)" / "Li Wei（@traveler）". */
    person: (p: { fullName: string; username: string }) => `${p.fullName}${bracketed(`@${p.username}`, locale)}`,
    colon: colon(locale),
    /** In the viewer's own zone, or in `timeZone` (a tour's local time). */
    when: (iso: string | null | undefined, timeZone?: string) => {
      if (!iso) return '—';
      const { date, time } = formatInstant(iso, locale, timeZone);
      return `${date} ${time}`;
    },
  };
}

const tone: Record<string, string> = {
  approved: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  paid: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  resolved: 'bg-green-50 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  closed: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
  rejected: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  suspended: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

/** A status chip; the words come from `admin:status.*` (falls back to the raw value). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', tone[status] ?? 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100')}>
      {/* Queue statuses first, then a booking's. */}
      {t([`status.${status}`, `bookingStatus.${status}`], { defaultValue: status })}
    </span>
  );
}

/** A failed request: what happened in words, and the server's stable code for support. */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
      {t(errorKey(error))} <code className="text-xs">({errorCode(error)})</code>
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-3 py-6 text-center">
      <ErrorNote error={error} />
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-3 py-8 text-center text-sm text-stone-600 dark:text-stone-400">{children}</p>;
}

export function Loading() {
  return <Spinner />;
}

/** A queue or item before its data is there: the spinner, or the failure by its code with a retry. */
export function QueryFallback({ query }: { query: { isPending: boolean; error: unknown; refetch: () => unknown } }) {
  return query.isPending ? <Loading /> : <LoadError error={query.error} onRetry={() => void query.refetch()} />;
}

/** A status filter above a queue. */
export function StatusFilter({ value, options, onChange, allLabel, label }: { value: string; options: readonly string[]; onChange: (v: string) => void; allLabel?: string; label?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 whitespace-nowrap text-sm text-stone-700 dark:text-stone-300">
        {label ?? t('filter.status')}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass, 'w-auto py-1.5')}>
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

export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('paging.label')} className="flex items-center justify-between gap-2 border-t border-stone-200 px-3 py-2 text-sm dark:border-stone-800">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('paging.previous')}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
      </Button>
      <span>{t('paging.page', { page, pages })}</span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('paging.next')}>
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** A queue: the list beside the selected item (stacked on phones, where the list hides while an item is open). */
export function QueueLayout({ filters, list, detail, selected, backTo }: { filters?: ReactNode; list: ReactNode; detail: ReactNode; selected: boolean; backTo: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className={cn('min-w-0 space-y-3', selected && 'hidden lg:block')}>
        {filters}
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">{list}</div>
      </div>
      <div className={cn('min-w-0', !selected && 'hidden lg:block')}>
        {selected && (
          <Link to={backTo} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline lg:hidden dark:text-primary-300">
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
export function QueueItem({ to, active, title, meta, status }: { to: string; active: boolean; title: ReactNode; meta?: ReactNode; status?: string }) {
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

export function DetailCard({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <article className="space-y-5 rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-lg font-semibold">{title}</h3>
      </header>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      {children}
    </article>
  );
}

export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400">{title}</h4>
      {children}
    </section>
  );
}

/** Label/value pairs. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-x-4">
      {items.map(([k, v], i) => (
        <div key={i} className="contents">
          <dt className="text-stone-600 dark:text-stone-400">{k}</dt>
          <dd className="break-words text-stone-900 dark:text-stone-100">{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An action button that asks first. With `reasonLabel` the dialog asks for a text (required) that
 * is passed on; `danger` colours destructive actions.
 */
export function ConfirmAction({
  label,
  title,
  description,
  reasonLabel,
  confirmLabel,
  danger,
  variant,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  description?: string;
  reasonLabel?: string;
  confirmLabel?: string;
  danger?: boolean;
  variant?: 'primary' | 'outline' | 'danger';
  onConfirm: (reason: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const run = async () => {
    if (reasonLabel && !reason.trim()) return setMissing(true);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant ?? (danger ? 'danger' : 'primary')} size="sm" onClick={() => (setOpen(true), setError(null), setMissing(false))}>
        {label}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={title} description={description} closeLabel={t('close')}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {children}
          {reasonLabel && (
            <div className="space-y-1.5">
              <label htmlFor={id} className="block text-sm font-medium">
                {reasonLabel}
              </label>
              <textarea
                id={id}
                value={reason}
                maxLength={2000}
                rows={3}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${id}-err` : undefined}
                onChange={(e) => (setReason(e.target.value), setMissing(false))}
                className={inputClass}
              />
              {missing && (
                <p id={`${id}-err`} className="text-sm text-danger-600 dark:text-red-400">
                  {t('reasonRequired')}
                </p>
              )}
            </div>
          )}
          <ErrorNote error={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
              {confirmLabel ?? label}
            </Button>
          </div>
        </form>
      </Sheet>
    </>
  );
}

/** A private file (bearer token only) shown inline: images as pictures, PDFs in a sandboxed frame plus a download link. */
export function PrivateFile({ url, contentType, name }: { url: string; contentType: string; name: string }) {
  const { t } = useTranslation('admin');
  const file = usePrivateFileUrl(url);
  if (file.loading) return <div className="h-40 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" aria-label={t('loadingFile')} />;
  if (file.failed || !file.src) return <p className="text-sm text-danger-600 dark:text-red-400">{t('fileFailed', { name })}</p>;
  const isPdf = contentType === 'application/pdf';
  return (
    <figure className="space-y-1.5">
      {isPdf ? (
        <iframe src={file.src} sandbox="" title={name} className="h-96 w-full rounded-lg border border-stone-200 dark:border-stone-700" />
      ) : (
        <img src={file.src} alt={name} width={480} height={320} className="h-auto max-h-96 w-full max-w-md rounded-lg border border-stone-200 bg-stone-50 object-contain [image-rendering:auto] dark:border-stone-700 dark:bg-stone-800" />
      )}
      <figcaption className="flex flex-wrap items-center gap-2 text-xs text-stone-600 dark:text-stone-400">
        <span className="break-all">{name}</span>
        <a href={file.src} download={name} className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline dark:text-primary-300">
          <Download className="h-3.5 w-3.5" aria-hidden />
          {t('download')}
        </a>
      </figcaption>
    </figure>
  );
}

/** Ledger entries as a table: account, kind, signed amount. */
/**
 * Ledger entries, each amount in its own currency when the entry names one (decision 167), else in
 * yuan; the total in `totalCurrency` (a payout's entries are all in its currency).
 */
export function LedgerTable({
  entries,
  total,
  totalCurrency = 'CNY',
  caption,
}: {
  entries: { id?: number; account: string; kind: string; amountCents: number; currency?: Currency; createdAt?: string }[];
  total?: number;
  totalCurrency?: Currency;
  caption: string;
}) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  if (!entries.length) return <Empty>{t('ledger.empty')}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-stone-600 dark:text-stone-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">{t('ledger.account')}</th>
            <th scope="col" className="py-1 pr-3 font-medium">{t('ledger.kind')}</th>
            <th scope="col" className="py-1 text-right font-medium">{t('ledger.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={e.id ?? i} className="border-t border-stone-100 dark:border-stone-800">
              <td className="py-1 pr-3">{t(`ledger.accounts.${e.account}`, { defaultValue: e.account })}</td>
              <td className="py-1 pr-3">{t(`ledger.kinds.${e.kind}`, { defaultValue: e.kind.replaceAll('_', ' ') })}</td>
              <td className="py-1 text-right tabular-nums">{f.money(e.amountCents, e.currency ?? 'CNY')}</td>
            </tr>
          ))}
        </tbody>
        {total !== undefined && (
          <tfoot>
            <tr className="border-t border-stone-300 font-medium dark:border-stone-600">
              <td colSpan={2} className="py-1">{t('ledger.total')}</td>
              <td className="py-1 text-right tabular-nums">{f.money(total, totalCurrency)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
