import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

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

/** Parts whose code failed to load, each with how to start afresh. */
const failedParts = new Set<() => void>();

/**
 * After a PartBoundary has shown a failure: the parts that failed load afresh the next time they
 * render (React.lazy alone keeps a failure for good). Not at the failure itself: React renders a
 * failed part once more before it gives up, and a fresh load there would suspend, never fail, forever.
 */
export function retryFailedParts(): void {
  failedParts.forEach((reset) => reset());
  failedParts.clear();
}

/**
 * React.lazy, with the load counted until it has arrived. A failure (offline) goes to the nearest
 * PartBoundary (components/ui/part-boundary.tsx, decision 102), which lets the part try again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const make = () =>
    lazy(() => {
      const loading = load();
      pending.add(loading);
      void loading.finally(() => pending.delete(loading)).catch(() => failedParts.add(() => (current = make())));
      return loading;
    });
  let current = make();
  return function LazyPart(props: ComponentProps<T>) {
    return createElement(current, props);
  };
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
