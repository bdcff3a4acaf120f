import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';
import { LoadFailed, PageNotice } from '../components/ui/page-message';
import { isChunkLoadError } from '../components/ui/part-boundary';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Last line of defence for a page that threw while rendering or failed to load its code. A page whose
 * code could not be fetched with no connection is the app's offline page, not a failure (decision 102).
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false))
    return <OfflinePage />;
  console.error(error);
  return <LoadFailed onRetry={() => window.location.reload()} />;
}

/** The app's offline page: what is wrong, the trips this device keeps, and a retry. */
export function OfflinePage() {
  const { t } = useTranslation();
  const signedIn = !!useSession();
  useDocumentTitle(t('offline.page.title'));
  // Back online, the page loads what it could not (React Router would keep the failed load).
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <div data-testid="offline-page">
      <PageNotice
        icon={<WifiOff className="h-7 w-7" aria-hidden />}
        title={t('offline.page.title')}
        body={t('offline.page.body')}
      >
        {signedIn && (
          <ButtonLink to="/dashboard" variant="primary">
            {t('offline.page.trips')}
          </ButtonLink>
        )}
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('states.retry')}
        </Button>
      </PageNotice>
    </div>
  );
}
