import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * A whole-page message in place of content: something was not found, or failed to load. Errors are
 * announced (`role="alert"`) and offer a retry; the user never sees raw error text.
 */
export function PageMessage({ title, action, alert }: { title: string; action?: ReactNode; alert?: boolean }) {
  return (
    <div role={alert ? 'alert' : undefined} className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** A page whose data failed to load: what failed, and a retry. */
export function LoadFailed({ title, onRetry }: { title?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageMessage
      alert
      title={title ?? t('states.error')}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    />
  );
}

/**
 * A page that cannot show its content to this reader yet (logged out, not a guide, already done):
 * an icon, a title, a line of explanation and the way forward.
 */
export function PageNotice({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-900/40 dark:text-primary-300">
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">{title}</h1>
      {body && <p className="mt-2 text-stone-600 dark:text-stone-400">{body}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
