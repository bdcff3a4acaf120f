import { QueryCache, QueryClient } from '@tanstack/react-query';
import { i18next } from './i18n';
import { showLoadFailureToast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * i18n key of the toast shown once when this query's fetch fails (docs/rules/look-and-language.md failure
       * toasts).
       */
      errorToast?: string;
      /**
       * The same for every reader (price bounds, the service catalogue): kept when a reader logs out,
       * where every other query is dropped. The landing page's search form shows them as the server
       * rendered them, and dropping them at logout changed its text under a part React was still
       * hydrating (React error 418 in e2e/accounts.spec.ts).
       */
      sharedWithVisitors?: boolean;
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
        if (key) showLoadFailureToast(i18next.t(key));
      },
    }),
    defaultOptions: QUERY_DEFAULTS,
  });
}
