import { useSyncExternalStore } from 'react';

/**
 * A slot in the header where floating buttons (the support launcher, a minimized chat) dock on
 * screens too narrow for a side margin, so they never cover a page's own buttons or fields.
 */
let dock: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** The header's callback ref for its dock element. */
export function registerHeaderDock(el: HTMLElement | null): void {
  if (el === dock) return;
  dock = el;
  listeners.forEach((l) => l());
}

export function useHeaderDock(): HTMLElement | null {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => dock,
    () => null,
  );
}
