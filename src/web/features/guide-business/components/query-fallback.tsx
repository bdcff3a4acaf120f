import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** What a dashboard section shows before its data is there: a spinner, or the failure with a retry. */
export function QueryFallback({ query }: { query: Pick<UseQueryResult, 'isPending' | 'refetch'> }) {
  const { t } = useTranslation('guideBusiness');
  if (query.isPending) return <Spinner />;
  return (
    <div role="alert" className="text-sm">
      <p>{t('errors.load')}</p>
      <Button className="mt-3" variant="outline" size="sm" onClick={() => void query.refetch()}>
        {t('retry')}
      </Button>
    </div>
  );
}

/**
 * The key that starts an editor's form afresh: what the server holds, not when it was fetched. A
 * refetch that brings the same data (another part of the page invalidating it) must not throw away
 * what the guide is typing; a save, or a change made elsewhere, does start the form from the new data.
 */
export const formKey = (data: unknown): string => JSON.stringify(data);
