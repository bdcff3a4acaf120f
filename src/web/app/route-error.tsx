import { useRouteError } from 'react-router';
import { LoadFailed } from '../components/ui/page-message';

/** Last line of defence for a page that threw while rendering or failed to load its code. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <LoadFailed onRetry={() => window.location.reload()} />;
}
