import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates in a pass of its own (a Suspense boundary,
 * decision 075): the page becomes interactive in several short tasks instead of one long one, which
 * on a phone is what keeps a tap from waiting. It renders exactly its children; nothing here suspends
 * once the page's data and code are in.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
