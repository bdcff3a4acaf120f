import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverContext } from './server-context';

/** Sets the tab title to "<page> · <brand>" in the current language. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand.name');
  const full = title ? `${title} · ${brand}` : brand;
  // On the server the title goes into the HTML's <head> (effects do not run there).
  const server = serverContext();
  if (server) server.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
