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
