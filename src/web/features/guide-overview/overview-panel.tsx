// The frame every panel of /guide shares: the card, its titled heading, and the empty state; apart so each panel's own
// file uses it.
import type { ReactNode } from 'react';
import { muted } from './tour-item';

export const card =
  'rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft dark:border-stone-800 dark:bg-stone-900';

export function SectionTitle({ id, children, aside }: { id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {children}
      </h2>
      {aside}
    </div>
  );
}

export function Empty({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
}) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 px-6 py-8 text-center dark:border-stone-700">
      <span className="text-primary-500" aria-hidden>
        {icon}
      </span>
      <p className="mt-2 font-semibold">{title}</p>
      <p className={`mt-1 max-w-sm text-sm ${muted}`}>{body}</p>
      {action}
    </div>
  );
}
