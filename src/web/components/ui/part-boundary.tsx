import { Component, type ReactNode } from 'react';
import { retryFailedParts } from '../../lib/hydration';

/** The browser's error for a module that could not be fetched (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

interface PartBoundaryProps {
  /** What shows in the part's place when its code could not be loaded (offline). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Around a part whose code loads on demand (a menu, the bell, the toasts): if that code cannot be
 * fetched (offline, decision 102), the part says so in place and the page stays. Any other error goes
 * on to the page's error element. Give it a new `key` to try again (lib/hydration's lazyPart loads afresh).
 */
export class PartBoundary extends Component<PartBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch() {
    retryFailedParts();
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (!isChunkLoadError(this.state.error)) throw this.state.error;
    return this.props.fallback;
  }
}
