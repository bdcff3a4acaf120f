import type { ReactNode } from 'react';

export function DetailCard({
  title,
  children,
  actions,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
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
