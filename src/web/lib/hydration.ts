import { lazy, type ComponentType } from 'react';

/**
 * When a server-rendered page is fully hydrated, lazy parts included (decision 074). A change that
 * re-renders the whole page (the language) waits for it: a part still showing the server's HTML
 * would otherwise hydrate in the new language over the old text, and React would throw it away.
 */
let hydrated: Promise<void> = Promise.resolve();
let markHydrated: () => void = () => {};
const pending = new Set<Promise<unknown>>();

/** main.tsx, before hydrating. */
export function hydrationStarted(): void {
  hydrated = new Promise((resolve) => (markHydrated = resolve));
}

/** The root's first commit (an effect at the top of the tree). */
export function hydrationCommitted(): void {
  markHydrated();
}

/** React.lazy, with the load counted until it has arrived. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => {
    const loading = load();
    pending.add(loading);
    void loading.finally(() => pending.delete(loading)).catch(() => undefined);
    return loading;
  });
}

/** The main thread has nothing queued (React has finished hydrating what arrived), or 2 s passed. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 16);
  });

/** Resolves once the page is hydrated and no lazy part is still on its way in. */
export async function whenSettled(): Promise<void> {
  await hydrated;
  let waited = false;
  while (pending.size > 0) {
    waited = true;
    await Promise.allSettled([...pending]);
  }
  // React hydrates a part in tasks of its own after its code arrives.
  if (waited) {
    await idle();
    await idle();
  }
}
