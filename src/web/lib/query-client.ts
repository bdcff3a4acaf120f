import { QueryClient } from '@tanstack/react-query';

/** SPEC §9: data is never stale by default, with no retries. Real-time events invalidate keys instead. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
