import { QueryCache, QueryClient } from '@tanstack/react-query';
import { i18next } from './i18n';
import { showToast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** i18n key of the toast shown once when this query's fetch fails (docs/rules/look-and-language.md failure toasts). */
      errorToast?: string;
    };
  }
}

/** Data is never stale by default, with no retries (the server's renders use the same). */
export const QUERY_DEFAULTS = {
  queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
} as const;

/**
 * Data is never stale by default, with no retries. Real-time events invalidate keys instead.
 * A query that names an `errorToast` in its meta gets that toast once per failed fetch, however many
 * components use it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const key = query.meta?.errorToast;
        if (key) showToast({ title: i18next.t(key), variant: 'destructive' });
      },
    }),
    defaultOptions: QUERY_DEFAULTS,
  });
}
