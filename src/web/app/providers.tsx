import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';

/** The browser's one query cache; a server-rendered page fills it with its data before hydrating. */
export const queryClientForApp = createQueryClient();

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClientForApp}>{children}</QueryClientProvider>;
}
