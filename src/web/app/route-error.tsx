import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** Last line of defence for a page that threw while rendering or failed to load its code. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-lg font-semibold">{t('states.error')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('states.retry')}
      </Button>
    </div>
  );
}
