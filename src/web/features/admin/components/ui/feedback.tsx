import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { withGap } from '../../../../lib/cjk-spacing';
import { errorCode, errorKey } from '../../lib';

/**
 * A failed request: what happened in words; the server's stable code, labelled in the reader's language, only when
 * there are no words for it (decision 198): a code the console explains is not shown raw beside its sentence.
 */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  const key = errorKey(error);
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      {key === 'errors.generic' ? withGap(t(key)) : t(key)}
      {key === 'errors.generic' && <span className="text-xs">{t('errors.codeNote', { code: errorCode(error) })}</span>}
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
