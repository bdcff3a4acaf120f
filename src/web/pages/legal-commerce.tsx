import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import { CommerceDisclosure, useCommerceDisclosure } from '../features/legal';
import { currentLocale } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';

/** /legal/commerce: the commerce disclosure (特定商取引法に基づく表記, decision 121), rendered on the server too. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.legalCommerce'));
  const disclosure = useCommerceDisclosure();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:py-12">
      {disclosure.data ? (
        <CommerceDisclosure facts={disclosure.data} locale={currentLocale()} />
      ) : disclosure.isError ? (
        <LoadFailed onRetry={() => void disclosure.refetch()} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
