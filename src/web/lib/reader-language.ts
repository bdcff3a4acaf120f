import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLocale, i18next } from './i18n';

/**
 * Headers that ask the server to write its reply in the language the user reads now: guide texts
 * (decision 070), chat previews and system messages (decision 053), a booking's price lines
 * (decision 151). The server reads a `lang` query and the stored choice's cookie before this header.
 */
export const readerLanguage = () => ({ 'Accept-Language': currentLocale() });

/**
 * Fetches `queryKey` again when the user switches language: what the server wrote in the previous
 * language would otherwise stay on screen until the next refetch.
 */
export function useRefetchOnLanguageChange(
  queryKey: QueryKey,
  opts: { exact?: boolean; enabled?: boolean } = {},
): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const { exact = false, enabled = true } = opts;
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey, exact });
    i18next.on('languageChanged', refetch);
    return () => i18next.off('languageChanged', refetch);
  }, [queryClient, key, exact, enabled]);
}
