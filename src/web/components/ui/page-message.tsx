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
