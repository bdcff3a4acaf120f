import { useTranslation } from 'react-i18next';
import { SupportTestPanel } from '../../features/support';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Development build only (see app/routes.tsx): the unrouted support test panel. */
export function Component() {
  const { t } = useTranslation('support');
  useDocumentTitle(t('testPanel.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <SupportTestPanel />
    </div>
  );
}
