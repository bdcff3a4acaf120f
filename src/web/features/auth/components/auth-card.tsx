import type { ReactNode } from 'react';
import { ToriiMark } from '../../../components/layout/logo';

/** The centred card the account pages share: mark, title, subtitle, content, footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-6 shadow-soft sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <ToriiMark className="h-10 w-10" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-stone-600 dark:text-stone-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-stone-600 dark:text-stone-400">{footer}</div>}
    </div>
  );
}
