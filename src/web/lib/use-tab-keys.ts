import { useRef, type KeyboardEvent } from 'react';

/**
 * The keyboard of a WAI-ARIA tablist, for every tablist of the app: Left and Right move to the
 * previous and next tab (wrapping), Home and End to the first and last; the tab moved to is chosen and
 * focused. Moves start from the tab the key was pressed on (focus may rest on a tab not chosen).
 * `tabRef(key)` and `onKeyDown(key)` go on each tab button.
 */
export function useTabKeys<K extends string>(keys: readonly K[], onChange: (key: K) => void) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const go = (next: K) => {
    onChange(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (from: K) => (e: KeyboardEvent) => {
    const n = keys.length;
    const at = keys.indexOf(from);
    if (e.key === 'ArrowRight') go(keys[(at + 1) % n]!);
    else if (e.key === 'ArrowLeft') go(keys[(at - 1 + n) % n]!);
    else if (e.key === 'Home') go(keys[0]!);
    else if (e.key === 'End') go(keys[n - 1]!);
    else return;
    e.preventDefault();
  };
  const tabRef = (key: K) => (el: HTMLButtonElement | null) => {
    refs.current[key] = el;
  };
  return { tabRef, onKeyDown };
}
