import type { QueryClient } from '@tanstack/react-query';

/**
 * A reader's session ended (log out, expiry, account deleted): every query is dropped but what every
 * visitor sees the same (`sharedWithVisitors` in lib/query-client.ts).
 * A module of its own: the header's session guard imports it, and the query client's own imports
 * (i18n, toasts) would weigh on the landing page's first download.
 */
export function dropReaderQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => !q.meta?.sharedWithVisitors });
}
